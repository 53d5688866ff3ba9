/**
 * The editor's app (editor/app/), built by Vite: Keystatic's app with the site's one editor
 * configuration, in its production build. Two builds use it: the hosted editor's
 * (editor/build/hosted-editor.ts, GitHub mode, its repository baked in with `define`) and
 * `npm run edit`'s (scripts/edit.ts, local mode), which also builds the editor's parts for its
 * server, for Node (editor/app/server-parts.ts).
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { build, type InlineConfig } from 'vite';
import { EDITOR_PAGE } from '../../runtime/editor.ts';
import { withoutGoogleFonts } from './keystatic-fonts.ts';
import { pageFilesModule } from './page-files.ts';
import { pageSettingsModule } from '../../integrations/page-settings.ts';

/** What the pages read (virtual:page-settings): the live preview draws them with the build's. */
export type PageSettings = Parameters<typeof pageSettingsModule>[0];

/** The app's folder: its pages (index.html, the editor; preview.html, the live preview) and their entries. */
export const EDITOR_APP_ROOT = fileURLToPath(new URL('../app/', import.meta.url));
/** The file the parts for `npm run edit`'s server are built into. */
export const SERVER_PARTS_FILE = 'server-parts.js';

/** What both builds share: the app's folder, no config file, Keystatic's page without Google Fonts, the pages' names. */
const common = (): InlineConfig => ({
  configFile: false,
  root: EDITOR_APP_ROOT,
  logLevel: 'warn',
  plugins: [withoutGoogleFonts(), pageFilesModule()],
});

/** Keystatic's packages mark React Server Components ('use client'), which mean nothing outside them. */
const quietDirectives = {
  onLog(
    level: 'info' | 'warn' | 'debug',
    log: { code?: string },
    handler: (level: never, log: never) => void,
  ) {
    if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level as never, log as never);
  },
};

/** Each page of the app (every .html file in its folder), by name. */
function appPages(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(EDITOR_APP_ROOT)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [name.slice(0, -'.html'.length), `${EDITOR_APP_ROOT}${name}`]),
  );
}

/**
 * The browser app, into `outDir` (its pages at the top, its scripts and styles in assets/). The live
 * preview draws the site's sections with the site's own styles (Tailwind) and `pages`' settings.
 */
export async function buildEditorApp(
  outDir: string,
  pages: PageSettings,
  define: Record<string, string> = {},
): Promise<void> {
  const shared = common();
  await build({
    ...shared,
    plugins: [...(shared.plugins ?? []), tailwindcss(), pageSettingsModule(pages)],
    base: `${EDITOR_PAGE}/`,
    define,
    build: {
      outDir,
      emptyOutDir: true,
      assetsDir: 'assets',
      // Every script and style a file: the editor's policy allows no inline script.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 4096,
      rolldownOptions: { input: appPages(), ...quietDirectives },
    },
  });
}

/**
 * The editor's parts for `npm run edit`'s server, built for Node into `outDir` (packages left to
 * Node), with the same settings as the app (its configuration links to the site's address).
 */
export async function buildServerParts(outDir: string, pages: PageSettings): Promise<void> {
  const shared = common();
  await build({
    ...shared,
    plugins: [...(shared.plugins ?? []), pageSettingsModule(pages)],
    build: {
      ssr: 'server-parts.ts',
      outDir,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: SERVER_PARTS_FILE }, ...quietDirectives },
    },
  });
}
