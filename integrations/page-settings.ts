/**
 * `virtual:page-settings`: the settings the pages read (src/config/site.ts, src/lib/boot.ts), as
 * the build read and checked them (integrations/build-settings.ts), each a named constant the
 * bundler inlines. The build reads its environment once; the pages never read it.
 */
import type { Plugin } from 'vite';
import type * as Declared from 'virtual:page-settings';

const MODULE_ID = 'virtual:page-settings';

/** The module for `settings`, typed as src/page-settings.d.ts declares it to the pages. */
export function pageSettingsModule(settings: typeof Declared): Plugin {
  const code = Object.entries(settings)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
  return {
    name: 'page-settings',
    resolveId: (source) => (source === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load: (module) => (module === `\0${MODULE_ID}` ? code : undefined),
  };
}
