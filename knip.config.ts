/**
 * knip (part of `npm run lint`): fails on a file nothing reaches, an export nothing imports, a
 * package.json dependency nothing uses, and an import of a package package.json does not declare.
 * Entry points come from knip's plugins (Astro's pages and content config, Vitest, Playwright,
 * ESLint, the package.json scripts); the few it cannot see are listed here, each with its reason.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The `client:live` directive, named by path in integrations/live-directive.ts (addClientDirective).
    'src/lib/live-directive.ts',
    // The analytics adapters, named by path in integrations/analytics.ts (the `virtual:analytics-provider`
    // module imports the configured one; a build without a provider imports neither).
    'src/lib/analytics-plausible.ts',
    'src/lib/analytics-umami.ts',
    // The editor's app, the entry of its own Vite build (editor/build/editor-app.ts, by its index.html),
    // and the editor's parts for `npm run edit`'s server, built for Node there and imported by path (scripts/edit.ts).
    'editor/app/main.tsx',
    'editor/app/server-parts.ts',
    // The live preview's entry, by the app's preview.html.
    'editor/preview/main.tsx',
    // The hosts' functions and the editor's part of them, bundled by path from the entries
    // deploy/host-functions.ts writes.
    'runtime/hosts/*.ts',
    'editor/api/editor-edge.ts',
    // Loaded into the server under test with `node --import` by tests/hosted-editor/hosted-editor.spec.ts.
    'harness/github-hosts.ts',
    // The content check's Playwright config, named by path in tests/content/check.ts.
    'tests/content/playwright.config.ts',
    // The owner-edits proof's Playwright config, named by path in tests/owner-edits/prove.ts.
    'tests/owner-edits/playwright.config.ts',
  ],
  // The static files are served as they are, by path (public/noscript.css from a <link>).
  ignore: ['public/**'],
  ignoreDependencies: [
    // Loaded by path at test time: HTML_CodeSniffer's browser build is injected into the page,
    // and the Nu Html Checker's jar is run with Java.
    'html_codesniffer',
    'vnu-jar',
    // Run by path (node_modules/.bin/wrangler) by tests/http/cloudflare.spec.ts: Cloudflare Pages' own runtime.
    'wrangler',
  ],
  // The machine's own tools: its package manager (scripts that install a missing browser or nginx
  // call it) and openssl (the GitHub stand-in's certificate, harness/github-tunnel.ts).
  ignoreBinaries: ['apt-get', 'openssl'],
  // An export read in its own file (a helper the module also offers its tests) is live code.
  ignoreExportsUsedInFile: true,
  vitest: {
    // knip would run vitest.config.ts to read it, and that runs Astro's config hooks (which print
    // the local-build warning): the unit suite's entries are named here instead, as that file sets them.
    config: ['vitest.engines.config.ts'],
    entry: ['vitest.config.ts', 'tests/unit/**/*.test.{ts,tsx}', 'tests/unit/setup.ts'],
  },
};

export default config;
