import type { AstroIntegration } from 'astro';
import type { UrlCheck } from '../src/config/production-urls.ts';

/**
 * On `astro build` only: a production host build with a placeholder origin stops with an error
 * naming the variable (the build prints it); a local build on the defaults prints one warning line
 * (src/config/production-urls.ts says which is which).
 */
export function productionUrlGuard(check: UrlCheck): AstroIntegration {
  return {
    name: 'production-url-guard',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build') return;
        if (check.level === 'warn') logger.warn(check.message);
        if (check.level === 'error') throw new Error(check.message);
      },
    },
  };
}
