import type { AstroIntegration, AstroUserConfig } from 'astro';
import { writeFile } from 'node:fs/promises';
import { cspDirectives } from '../deploy/csp.ts';
import { SECURITY_FILE } from '../runtime/rules.ts';
import type { BuildSettings } from './build-settings.ts';

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirectives = NonNullable<CspConfig['directives']>;

/**
 * The pages' Content-Security-Policy: Astro hashes every script and style it emits; the other
 * directives come from deploy/csp.ts, with the frame and analytics origins this build allows.
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

/**
 * Writes what the security headers take from this build's settings (runtime/rules.ts SECURITY_FILE):
 * with HSTS_PRELOAD=true, every host's HSTS asks to be preloaded. Nothing is written otherwise.
 */
export function securitySettings({ hstsPreload }: BuildSettings): AstroIntegration {
  return {
    name: 'security-settings',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        if (hstsPreload) await writeFile(new URL(SECURITY_FILE, dir), `${JSON.stringify({ hstsPreload })}\n`);
      },
    },
  };
}
