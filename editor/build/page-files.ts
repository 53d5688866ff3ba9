/**
 * `virtual:page-files`: the names of src/pages/'s files (paths under it), read as the editor is
 * built, for the editor's check of a campaign page's name (src/content/campaign-names.ts). The
 * names only: no page's source goes into the editor's bundle.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:page-files';
const PAGES = fileURLToPath(new URL('../../src/pages/', import.meta.url));

export function pageFilesModule(): Plugin {
  return {
    name: 'page-files',
    resolveId: (source) => (source === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load(module) {
      if (module !== `\0${MODULE_ID}`) return undefined;
      const files = readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(astro|ts)$/.test(file))
        .map((file) => file.split('\\').join('/'));
      return `export default ${JSON.stringify(files)};`;
    },
  };
}
