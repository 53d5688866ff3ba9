/**
 * The build's wiring. The environment is read once, here, through integrations/build-settings.ts
 * (each setting's rule is in runtime/settings.ts: a bad one stops the build with an error naming
 * the variable); the pages get theirs from `virtual:page-settings`, and each integration and
 * plugin lives in integrations/ with its one job.
 */
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';
import { analyticsForwards, analyticsProviderModule } from './integrations/analytics.ts';
import { securitySettings, siteCsp } from './integrations/csp.ts';
import { pageSettingsModule } from './integrations/page-settings.ts';
import { campaignCheck } from './integrations/campaign-check.ts';
import { experimentsList } from './integrations/experiments.ts';
import { fonts } from './integrations/fonts.ts';
import { liveDirective } from './integrations/live-directive.ts';
import { productionUrlGuard } from './integrations/production-url-guard.ts';
import { firstScreen } from './integrations/first-screen/index.ts';
import { subsetFonts } from './integrations/subset-fonts.ts';
import { trimPolicies } from './integrations/trim-policy.ts';
import { unusedImagesRemoved } from './integrations/unused-images.ts';
import { existsSync, readFileSync } from 'node:fs';
import { buildSettings } from './integrations/build-settings.ts';
import { CREDENTIALS_FILE } from './runtime/editor.ts';

// The shell's variables and the .env files' (where the shell's win): the build's one reading of
// them; and the hosted editor's credentials, when its setup page has committed them.
const settings = buildSettings(
  loadEnv(process.env['NODE_ENV'] ?? 'production', process.cwd(), ''),
  existsSync(CREDENTIALS_FILE) ? readFileSync(CREDENTIALS_FILE, 'utf8') : undefined,
);

/**
 * The hosted editor (Keystatic, GitHub mode): built into dist/keystatic/ only when its variables are
 * set or its setup has committed its credentials. (`npm run edit`, the editor on the owner's computer, is no part of Astro: scripts/edit.ts.)
 */
async function editorIntegrations() {
  if (!settings.hostedEditor && !settings.editorSetup) return [];
  const { editorSetupShell, hostedEditorBuild } = await import('./editor/build/hosted-editor.ts');
  return [
    settings.hostedEditor ? hostedEditorBuild(settings.hostedEditor, settings.pages) : editorSetupShell(),
  ];
}

export default defineConfig({
  site: settings.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    productionUrlGuard(settings.productionUrls),
    analyticsForwards(settings.analytics, settings.uncounted),
    securitySettings(settings),
    experimentsList(),
    campaignCheck(),
    react(),
    // Each font keeps only the characters the pages draw in it and the weights the design uses:
    // Inter 400 (text) to 600 (semibold), everywhere; Fraunces 600, only in `font-display` text
    // (headings and figures). Weights below match.
    subsetFonts({
      Inter: { axes: { wght: { min: 400, max: 600 } } },
      Fraunces: { axes: { wght: 600 }, drawnIn: '.font-display' },
    }),
    // After the fonts: each page keeps inline only its first screen's style rules; the whole
    // stylesheet and its script come once that screen is painted.
    firstScreen(),
    // After both (which rehash what they edit): each page's policy keeps its own hashes.
    trimPolicies(),
    // No uploaded picture that no page shows is served (the uploads folder is imported whole).
    unusedImagesRemoved(),
    ...(await editorIntegrations()),
    liveDirective(),
  ],
  vite: {
    plugins: [tailwindcss(), pageSettingsModule(settings.pages), analyticsProviderModule(settings.analytics)],
    // A page's own script (src/lib/boot.ts, about 9 KB; 15 KB with Plausible's tracker) is inlined
    // by Astro, and integrations/first-screen/ then makes it a file the page fetches once its first
    // screen is painted. Astro inlines only a script that imports nothing (no shared chunk, no
    // dynamic import), so the analytics adapter is bundled into it, not imported on demand. Images
    // and other assets are never inlined.
    build: { assetsInlineLimit: (file: string) => file.endsWith('.js') },
  },
  security: { csp: siteCsp(settings) },
  devToolbar: { enabled: false },
  // No Markdown code blocks here; Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  fonts,
  image: { responsiveStyles: false },
});
