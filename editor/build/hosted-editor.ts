/**
 * The hosted editor's build: with the editor's variables set (runtime/editor.ts), `npm run build`
 * also bundles Keystatic's app with the site's editor configuration into `dist/keystatic/`
 * (editor/build/editor-app.ts), after Astro has written the visitors' pages and untouched by what
 * follows for them (fonts, policies). Its page carries the owner's data files as this build reads
 * them (editor/app/opening-content.ts). Without the variables this does nothing, and the build is
 * byte for byte what it was.
 *
 * A separate Vite build rather than Keystatic's Astro integration: that one needs Astro's
 * on-demand rendering (an adapter per host) for the whole site, while the site is prebuilt files and its
 * API runs on the Node server (editor/node/) and as a small function per host (editor/build/editor-hosts.ts).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SETUP_PAGE } from '../api/setup/manifest.ts';
import { EDITOR_FOLDER, type BuiltEditor } from '../../runtime/editor.ts';
import { readOpeningFiles, withOpeningFiles } from '../app/opening-content.ts';
import { buildEditorApp, type PageSettings } from './editor-app.ts';

export function hostedEditorBuild(settings: BuiltEditor, pages: PageSettings): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'hosted-editor',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(new URL(`${EDITOR_FOLDER}/`, dir));
        await buildEditorApp(outDir, pages, {
          __HOSTED_EDITOR__: JSON.stringify({ repo: settings.repo, previewUrl: settings.previewUrl ?? null }),
          __EDITOR_APP_SLUG__: JSON.stringify(settings.appSlug),
        });
        const data = await readOpeningFiles({
          read: (path) => readFile(join(root, path), 'utf8').catch(() => undefined),
          list: (folder) => readdir(join(root, folder)).catch(() => []),
        });
        const page = join(outDir, 'index.html');
        await writeFile(page, withOpeningFiles(await readFile(page, 'utf8'), data));
        logger.info(`the hosted editor (GitHub mode, ${settings.repo}) is in ${outDir}`);
      },
    },
  };
}

/**
 * A build with EDITOR_SETUP_CODE and no editor yet: `dist/keystatic/index.html` is a page that
 * leads to the editor's setup, so every host routes the editor's paths to its function, which
 * answers the setup (editor/api/setup/) until the setup's commit brings the editor itself.
 */
export function editorSetupShell(): AstroIntegration {
  return {
    name: 'hosted-editor-setup',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(new URL(`${EDITOR_FOLDER}/`, dir));
        await mkdir(outDir, { recursive: true });
        // The live preview's page too: every host's config expects both of the editor's pages.
        for (const page of ['index.html', 'preview.html'])
          await writeFile(join(outDir, page), setupShellPage());
        logger.info(`the hosted editor is not set up yet: ${SETUP_PAGE} sets it up`);
      },
    },
  };
}

const setupShellPage = () => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Set up the site's editor</title></head>
<body><main><h1>Set up the site's editor</h1><p><a href="${SETUP_PAGE}">Set it up</a> with the setup code.</p></main></body>
</html>
`;
