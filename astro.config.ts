import type { AstroIntegration, AstroUserConfig } from 'astro';
import { defineConfig, envField, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadEnv, searchForWorkspaceRoot, type Plugin } from 'vite';
import { cspDirectives } from './deploy/csp.ts';
import { hostedEditorSettings, type HostedEditorSettings } from './deploy/editor.ts';
import { FORWARDS_FILE } from './deploy/rules.ts';
import {
  ANALYTICS_PROVIDERS,
  analyticsOrigins,
  analyticsSettings,
  forwardedPaths,
  type AnalyticsSettings,
} from './src/config/analytics.ts';
import { checkProductionUrls, DEFAULT_APP_URL, DEFAULT_SITE_URL } from './src/config/production-urls.ts';
import { VIDEO_FRAME_ORIGINS } from './src/config/videos.ts';
import { subsetFonts } from './scripts/subset-fonts.ts';
import { trimPolicies } from './scripts/trim-policy.ts';

// The site origin feeds canonical and Open Graph URLs. It is read here from the
// environment (and .env files) because `site` must be known before astro:env is.
const env = loadEnv(process.env['NODE_ENV'] ?? 'production', process.cwd(), ['PUBLIC_', 'SITE_ENV']);
const siteUrl = env['PUBLIC_SITE_URL'] || process.env['PUBLIC_SITE_URL'] || DEFAULT_SITE_URL;
try {
  new URL(siteUrl);
} catch {
  throw new Error(
    `PUBLIC_SITE_URL must be an absolute URL such as https://buildequity.com (got "${siteUrl}").`,
  );
}

// Frames may come only from the video hosts and, when configured, the newsletter provider.
const newsletterEmbed = env['PUBLIC_NEWSLETTER_EMBED_URL'] || process.env['PUBLIC_NEWSLETTER_EMBED_URL'];
const frameOrigins = [...VIDEO_FRAME_ORIGINS, ...(newsletterEmbed ? [originOf(newsletterEmbed)] : [])];

// Analytics: the provider's origin joins the policy only when one is configured and events go
// straight to it; with PUBLIC_ANALYTICS_PROXY=true they go to our own origin, which forwards them.
const fromEnv = (name: string) => env[name] || process.env[name];
let analytics: AnalyticsSettings | null;
try {
  analytics = analyticsSettings({
    provider: fromEnv('PUBLIC_ANALYTICS_PROVIDER'),
    host: fromEnv('PUBLIC_ANALYTICS_HOST'),
    siteId: fromEnv('PUBLIC_ANALYTICS_SITE_ID'),
    proxy: fromEnv('PUBLIC_ANALYTICS_PROXY'),
    siteUrl,
  });
} catch (error) {
  // One line and a non-zero exit: the message names the variable.
  console.error((error as Error).message);
  process.exit(1);
}
if (analytics?.proxy && fromEnv('CF_PAGES')) {
  console.error(
    'PUBLIC_ANALYTICS_PROXY=true needs a host that forwards requests to another origin, and Cloudflare Pages cannot: leave it unset there (events then go straight to the provider).',
  );
  process.exit(1);
}
const analyticsPolicy = analyticsOrigins(analytics);

/**
 * `virtual:analytics-provider`: the configured provider's adapter (src/lib/analytics-plausible.ts
 * or -umami.ts), bundled into the page's one script, which connects it after the first paint. A
 * build without a provider gets `undefined`, so neither adapter is even in its module graph, let
 * alone in its pages.
 */
function analyticsProviderModule(): Plugin {
  const id = 'virtual:analytics-provider';
  const adapter =
    analytics && fileURLToPath(new URL(`./src/lib/analytics-${analytics.provider}.ts`, import.meta.url));
  return {
    name: 'analytics-provider',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (module) =>
      module === `\0${id}`
        ? adapter
          ? // A named export: a namespace object would need the bundler's runtime chunk, and a
            // script that imports a chunk is not inlined.
            `export { connect as connectAdapter } from ${JSON.stringify(adapter)};`
          : 'export const connectAdapter = undefined;'
        : undefined,
  };
}

/** Lists the paths the build forwards to the provider (deploy/rules.ts FORWARDS_FILE) for every host. */
function analyticsForwards(): AstroIntegration {
  const forwards = forwardedPaths(analytics);
  return {
    name: 'analytics-forwards',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        if (forwards.length > 0)
          await writeFile(new URL(FORWARDS_FILE, dir), `${JSON.stringify(forwards, null, 2)}\n`);
      },
    },
  };
}

/**
 * The browser editor (Keystatic) joins only `npm run edit`, a dev server on 127.0.0.1; it is a dev
 * dependency and never part of a build.
 */
const editing = process.env['KEYSTATIC'] === 'true';

async function editorIntegrations() {
  if (!editing) return [];
  const { editor } = await import('./src/editor/integration.ts');
  return editor();
}

/**
 * The hosted editor (Keystatic, GitHub mode): built into dist/keystatic/ only when its variables
 * are set (deploy/editor.ts); a partial set stops the build naming what is missing.
 */
let hostedEditor: HostedEditorSettings | null;
try {
  hostedEditor = hostedEditorSettings({
    ...process.env,
    ...loadEnv(process.env['NODE_ENV'] ?? 'production', process.cwd(), ['KEYSTATIC_', 'PUBLIC_KEYSTATIC_']),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

async function hostedEditorIntegrations() {
  if (!hostedEditor || editing) return [];
  const { hostedEditorBuild } = await import('./src/editor/hosted/build.ts');
  return [hostedEditorBuild(hostedEditor)];
}

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>;
type CspDirectives = NonNullable<CspConfig['directives']>;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`PUBLIC_NEWSLETTER_EMBED_URL must be an absolute URL (got "${url}").`);
  }
}

/**
 * On `astro build` only: a production host build with a placeholder origin stops with one line
 * naming the variable; a local build on the defaults prints one warning line
 * (src/config/production-urls.ts).
 */
function productionUrlGuard(): AstroIntegration {
  return {
    name: 'production-url-guard',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build') return;
        const check = checkProductionUrls(
          { ...process.env, ...env },
          {
            siteUrl: env['PUBLIC_SITE_URL'] || process.env['PUBLIC_SITE_URL'],
            appUrl: env['PUBLIC_APP_URL'] || process.env['PUBLIC_APP_URL'],
          },
        );
        if (check.level === 'warn') logger.warn(check.message);
        if (check.level === 'error') {
          // One line and a non-zero exit, not a stack trace: the message says all there is.
          console.error(check.message);
          process.exit(1);
        }
      },
    },
  };
}

export default defineConfig({
  site: siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    productionUrlGuard(),
    analyticsForwards(),
    react(),
    // Each font keeps only the characters the pages draw in it and the weights the design uses:
    // Inter 400 (text) to 600 (semibold), everywhere; Fraunces 600, only in `font-display` text
    // (headings and figures). Weights below match.
    subsetFonts({
      Inter: { axes: { wght: { min: 400, max: 600 } } },
      Fraunces: { axes: { wght: 600 }, drawnIn: '.font-display' },
    }),
    // After the fonts (which rehash the styles they edit): each page's policy keeps its own hashes.
    trimPolicies(),
    ...(await editorIntegrations()),
    ...(await hostedEditorIntegrations()),
    {
      // `client:live`: islands hydrate when idle after load, and never drop a first tap (src/lib/live-directive.ts).
      name: 'live-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'live', entrypoint: './src/lib/live-directive.ts' }),
      },
    },
  ],
  vite: {
    plugins: [tailwindcss(), analyticsProviderModule()],
    // A page's own script (src/lib/boot.ts, about 7 KB; 15 KB with Plausible's tracker) is inlined
    // into the page, where the CSP allows it by its hash: as a file it would compete with the two
    // fonts for the first round trips of a slow connection and push the headline's font a round
    // trip later. Astro inlines only a script that imports nothing (no shared chunk, no dynamic
    // import), so the analytics adapter is bundled into it, not imported on demand. Images and
    // other assets are never inlined.
    build: { assetsInlineLimit: (file: string) => file.endsWith('.js') },
    // The editor's dev server may also run from a copy of the project whose node_modules is a link
    // (the editor's tests do): let it serve the linked packages.
    ...(editing && {
      server: { fs: { allow: [searchForWorkspaceRoot(process.cwd()), realpathSync('node_modules')] } },
    }),
  },
  security: {
    // Astro hashes every script and style it emits; the other directives come from deploy/csp.ts.
    csp: {
      directives: cspDirectives({ frameOrigins, connectOrigins: analyticsPolicy.connect }) as CspDirectives,
      // Umami's script, from the provider's origin (Plausible's tracker is bundled with ours).
      ...(analyticsPolicy.script.length > 0 && {
        scriptDirective: { resources: ["'self'", ...analyticsPolicy.script] },
      }),
    },
  },
  devToolbar: { enabled: false },
  // No Markdown code blocks here; Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  env: {
    schema: {
      PUBLIC_SITE_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        default: DEFAULT_SITE_URL,
      }),
      PUBLIC_APP_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        default: DEFAULT_APP_URL,
      }),
      PUBLIC_NEWSLETTER_EMBED_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        optional: true,
      }),
      PUBLIC_NEWSLETTER_URL: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        default: 'https://newsletter.example.com/subscribe',
      }),
      PUBLIC_ANALYTICS_PROVIDER: envField.enum({
        context: 'client',
        access: 'public',
        values: [...ANALYTICS_PROVIDERS],
        default: 'none',
      }),
      PUBLIC_ANALYTICS_HOST: envField.string({
        context: 'client',
        access: 'public',
        url: true,
        optional: true,
      }),
      PUBLIC_ANALYTICS_SITE_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_ANALYTICS_PROXY: envField.boolean({ context: 'client', access: 'public', default: false }),
    },
    validateSecrets: true,
  },
  // Both faces are preloaded and `optional`: a first view that would wait for them keeps the
  // metric-matched fallbacks instead of moving text when they arrive; later views draw them from the cache.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['system-ui', 'sans-serif'],
      options: {
        variants: [
          {
            src: ['@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'],
            weight: '400 600',
            style: 'normal',
            display: 'optional',
          },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [
          {
            // The wght-only file: Fraunces' other axes (opsz, SOFT, WONK) are already pinned in it.
            src: ['@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'],
            weight: '600',
            style: 'normal',
            display: 'optional',
          },
        ],
      },
    },
  ],
  image: {
    responsiveStyles: false,
  },
});
