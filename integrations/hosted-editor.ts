/**
 * The hosted editor's build: with the editor's variables set (runtime/editor.ts), `npm run build`
 * also bundles Keystatic's app with the site's editor configuration into `dist/keystatic/`, after
 * Astro has written the visitors' pages and untouched by what follows for them (fonts, policies).
 * Without the variables this does nothing, and the build is byte for byte what it was.
 *
 * A separate Vite build rather than Keystatic's Astro integration: that one needs Astro's
 * on-demand rendering (an adapter per host) for the whole site, while the site is prebuilt files and its
 * API runs on the Node server (server/editor/) and as a small function per host (deploy/editor-hosts.ts).
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { EDITOR_FOLDER, EDITOR_PAGE, type HostedEditorSettings } from '../runtime/editor.ts';
import { withoutGoogleFonts } from './keystatic-fonts.ts';
import { pageSettingsModule } from './page-settings.ts';

/** The editor's app: its page (index.html) and entry (main.tsx), and the live preview's page (preview.html). */
const appRoot = fileURLToPath(new URL('../src/editor/hosted/', import.meta.url));

export function hostedEditorBuild(
  settings: HostedEditorSettings,
  pages: Parameters<typeof pageSettingsModule>[0],
): AstroIntegration {
  return {
    name: 'hosted-editor',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(new URL(`${EDITOR_FOLDER}/`, dir));
        await build({
          configFile: false,
          root: appRoot,
          base: `${EDITOR_PAGE}/`,
          logLevel: 'warn',
          // The live preview is drawn with the site's own styles (Tailwind) and settings.
          plugins: [withoutGoogleFonts(), tailwindcss(), pageSettingsModule(pages)],
          define: {
            __HOSTED_EDITOR__: JSON.stringify({
              repo: settings.repo,
              previewUrl: settings.previewUrl ?? null,
            }),
            __EDITOR_APP_SLUG__: JSON.stringify(settings.appSlug),
          },
          build: {
            outDir,
            emptyOutDir: true,
            assetsDir: 'assets',
            // Every script and style a file: the editor's policy allows no inline script.
            assetsInlineLimit: 0,
            modulePreload: { polyfill: false },
            chunkSizeWarningLimit: 4096,
            rolldownOptions: {
              input: { index: `${appRoot}index.html`, preview: `${appRoot}preview.html` },
              // Keystatic's packages mark React Server Components ('use client'), which mean nothing in
              // a browser bundle.
              onLog(level, log, handler) {
                if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
              },
            },
          },
        });
        logger.info(`the hosted editor (GitHub mode, ${settings.repo}) is in ${outDir}`);
      },
    },
  };
}
