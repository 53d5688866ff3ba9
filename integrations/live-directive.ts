import type { AstroIntegration } from 'astro';

/** `client:live`: an island's code comes when the visitor is about to use it, and no first tap is dropped (src/lib/live-directive.ts). */
export function liveDirective(): AstroIntegration {
  return {
    name: 'live-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({ name: 'live', entrypoint: './src/lib/live-directive.ts' }),
    },
  };
}
