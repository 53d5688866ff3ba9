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
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { EDITOR_FOLDER, type HostedEditorSettings } from '../../runtime/editor.ts';
import { readOpeningFiles, withOpeningFiles } from '../app/opening-content.ts';
import { buildEditorApp, type PageSettings } from './editor-app.ts';

export function hostedEditorBuild(settings: HostedEditorSettings, pages: PageSettings): AstroIntegration {
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
