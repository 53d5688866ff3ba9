import type { AstroUserConfig } from 'astro';
import { cspDirectives } from '../deploy/csp.ts';
import type { BuildSettings } from './build-settings.ts';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirectives = NonNullable<CspConfig['directives']>;

/**
 * The pages' Content-Security-Policy: Astro hashes every script and style it emits; the other
 * directives come from runtime/csp.ts, with the frame and analytics origins this build allows.
 */
export function siteCsp({ frameOrigins, analyticsPolicy }: BuildSettings): CspConfig {
  return {
    directives: cspDirectives({ frameOrigins, connectOrigins: analyticsPolicy.connect }) as CspDirectives,
    // Umami's script, from the provider's origin (Plausible's tracker is bundled with ours).
    ...(analyticsPolicy.script.length > 0 && {
      scriptDirective: { resources: ["'self'", ...analyticsPolicy.script] },
    }),
  };
}
