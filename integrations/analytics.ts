/**
 * Analytics in the build: the configured provider's adapter bundled into the page's script, and
 * the paths our origin forwards to the provider written for every host.
 */
import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FORWARDS_FILE } from '../runtime/rules.ts';
import { forwardedPaths, type AnalyticsSettings } from '../src/config/analytics.ts';

const MODULE_ID = 'virtual:analytics-provider';

/**
 * `virtual:analytics-provider`: the configured provider's adapter (src/lib/analytics-plausible.ts
 * or -umami.ts), bundled into the page's one script, which connects it after the first paint. A
 * build without a provider gets `undefined`, so neither adapter is even in its module graph, let
 * alone in its pages. So does the dev server (`npm run dev`, `npm run edit` and the pages and
 * previews it serves): whoever looks there is the owner or a developer, never a visitor to count.
 */
export function analyticsProviderModule(analytics: AnalyticsSettings | null): Plugin {
  const adapter =
    analytics && fileURLToPath(new URL(`../src/lib/analytics-${analytics.provider}.ts`, import.meta.url));
  let serving = false;
  return {
    name: 'analytics-provider',
    configResolved: (config) => {
      serving = config.command === 'serve';
    },
    resolveId: (source) => (source === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load: (module) =>
      module === `\0${MODULE_ID}`
        ? adapter && !serving
          ? // A named export: a namespace object would need the bundler's runtime chunk, and a
            // script that imports a chunk is not inlined.
            `export { connect as connectAdapter } from ${JSON.stringify(adapter)};`
          : 'export const connectAdapter = undefined;'
        : undefined,
  };
}

/**
 * Lists the paths the build forwards to the provider (runtime/rules.ts FORWARDS_FILE) for every
 * host; says so when the build counts no visit (`uncounted`: a host's preview, the editor's build).
 */
export function analyticsForwards(
  analytics: AnalyticsSettings | null,
  uncounted: string | null,
): AstroIntegration {
  const forwards = forwardedPaths(analytics);
  return {
    name: 'analytics-forwards',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command === 'build' && uncounted)
          logger.info(
            `No analytics in this build (${uncounted}): the owner's and the team's visits are not counted.`,
          );
      },
      'astro:build:done': async ({ dir }) => {
        if (forwards.length > 0)
          await writeFile(new URL(FORWARDS_FILE, dir), `${JSON.stringify(forwards, null, 2)}\n`);
      },
    },
  };
}
