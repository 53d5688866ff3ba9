import type { AstroIntegration } from 'astro';

/** `client:live`: islands hydrate when idle after load, and never drop a first tap (src/lib/live-directive.ts). */
export function liveDirective(): AstroIntegration {
  return {
    name: 'live-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({ name: 'live', entrypoint: './src/lib/live-directive.ts' }),
    },
  };
}
