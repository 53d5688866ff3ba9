/**
 * Cloudflare Pages on its own runtime: `wrangler pages dev` (workerd, offline) serves the build
 * with its generated `_headers` and `_redirects`, and every route of the build's manifest answers
 * as `npm run check:deploy` expects, as from the Node server: `/` and `/community` (the canonical
 * URL, never redirected), `/community/`, the redirect with its query, a missing page. One wrangler
 * for all of it, on a free loopback port; the test is skipped only where wrangler is not installed,
 * and fails when it cannot start.
 */
import { expect, test } from '@playwright/test';
import { routeManifest } from '../../deploy/routes.ts';
import { checkDeploy } from '../../scripts/check-deploy.ts';
import { skipWhereMissing } from '../support/installed.ts';
import { startWrangler, wranglerMissing, type Wrangler } from '../support/wrangler.ts';
import { DIST } from './page-weight.ts';

let wrangler: Wrangler;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  skipWhereMissing(wranglerMissing());
  wrangler = await startWrangler(DIST);
});

test.afterAll(() => wrangler?.stop());

test('wrangler pages dev answers every route of the manifest as the Node server does', async () => {
  const lines: string[] = [];
  const failures = await checkDeploy(wrangler.origin, await routeManifest(DIST), {
    log: (line) => lines.push(line),
    // Cloudflare Pages sends the not-found page with its own Cache-Control (no-store).
    hostCachesNotFound: true,
  });
  expect(failures, lines.join('\n')).toBe(0);
});
