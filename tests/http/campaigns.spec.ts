/**
 * A campaign page in a real production build (tests/support/campaign-build.ts: `/podcast`, the kit
 * page with a headline of its own): the Node server, nginx, Cloudflare Pages under wrangler and
 * Vercel's output answer it, and every other route of that build's manifest, as check:deploy
 * expects, with no code of its own; it is the kit page with its words, kept out of search, counted
 * at its own path, its sign-up links carrying the visit's UTM; and `/` is the same file, byte for
 * byte, as the same copy built without it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { VercelRoute } from '../../deploy/host-configs.ts';
import { routeManifest, type RouteManifest } from '../../deploy/routes.ts';
import { buildServer, type SiteServer } from '../../server/app.ts';
import { checkDeploy } from '../../scripts/check-deploy.ts';
import { startNginx } from '../../harness/nginx.ts';
import { AUTH_URL_RE } from '../e2e/fixtures.ts';
import {
  buildWithCampaign,
  INDEXED_CAMPAIGN,
  SAMPLE_CAMPAIGN,
  type CampaignBuild,
} from '../support/campaign-build.ts';
import { contentOf } from '../../harness/site-content.ts';
import { answerFor, expectedSecurity, pick } from '../support/site-facts.ts';
import { resolveVercel } from '../support/vercel-routes.ts';
import { nginxMissing, skipWhereMissing } from '../support/installed.ts';
import { startWrangler, wranglerMissing, type Wrangler } from '../support/wrangler.ts';

test.describe.configure({ mode: 'serial' });

const PATH = `/${SAMPLE_CAMPAIGN.name}`;
const HEADLINE = SAMPLE_CAMPAIGN.file.fields['hero.headline'];
const PORT = Number(process.env['E2E_PORT'] ?? 4322) + 30;

let build: CampaignBuild;
let manifest: RouteManifest;
let server: SiteServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(600_000); // two production builds on a busy machine
  build = await buildWithCampaign();
  manifest = await routeManifest(build.dist);
  server = await buildServer({ root: build.dist });
  origin = await server.listen({ host: '127.0.0.1', port: PORT });
});

test.afterAll(async () => {
  await server?.close();
  build?.remove();
});

const page = (file: string) => readFileSync(join(build.dist, file), 'utf8');
/** The section headings of a page, in order: the rest of the page, whatever the owner wrote. */
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const headings = (html: string) => [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => m[1]);

test('the campaign page is one more page of the route manifest, and / is the same file as without it', () => {
  expect(manifest.pages.map((route) => route.paths)).toContainEqual([PATH, `${PATH}/`, `${PATH}/index.html`]);
  for (const [file, before] of Object.entries(build.before))
    expect(page(file) === before, `${file} changed`).toBe(true);
});

test('every route, the campaign page among them: the Node server (behind TLS, plain HTTP), nginx, wrangler, as check:deploy expects', async () => {
  test.setTimeout(180_000);
  skipWhereMissing(nginxMissing() ?? wranglerMissing());
  const nginx = await startNginx(PORT + 1, { root: build.dist });
  let wrangler: Wrangler | undefined;
  try {
    wrangler = await startWrangler(build.dist);
    const hosts = [
      ['node behind TLS', origin, { headers: { 'x-forwarded-proto': 'https' } }],
      ['node on plain HTTP', origin, { transport: 'http' as const }],
      ['nginx', nginx.url, {}],
      // Cloudflare Pages sends the not-found page with its own Cache-Control (no-store).
      ['wrangler', wrangler.origin, { hostCachesNotFound: true }],
    ] as const;
    for (const [host, at, options] of hosts) {
      const lines: string[] = [];
      expect(
        await checkDeploy(at, manifest, { ...options, log: (line) => lines.push(line) }),
        `${host}:\n${lines.join('\n')}`,
      ).toBe(0);
    }
  } finally {
    nginx.stop();
    await wrangler?.stop();
  }
});

test('Vercel’s output answers the campaign page as the manifest says', () => {
  const work = mkdtempSync(join(tmpdir(), 'be-vercel-campaign-'));
  try {
    cpSync(build.dist, join(work, 'dist'), { recursive: true });
    mkdirSync(join(work, 'deploy'));
    execFileSync(process.execPath, [resolve('scripts/deploy-configs.ts'), join(work, 'dist')], {
      cwd: work,
      env: { ...process.env, VERCEL: '1' },
      stdio: 'pipe',
    });
    const output = join(work, '.vercel/output');
    const config = JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')) as {
      version: number;
      routes: VercelRoute[];
    };
    const files = new Set(
      readdirSync(join(output, 'static'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `${entry.parentPath.slice(join(output, 'static').length)}/${entry.name}`),
    );
    for (const path of [PATH, `${PATH}/`, `${PATH}/index.html`]) {
      const expected = answerFor(manifest, path);
      expect(expected.status, path).toBe(200);
      expect(resolveVercel(config, files, path), path).toEqual({
        status: 200,
        headers: expected.headers,
        served: expected.file,
      });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('it is the kit page with its headline and the site’s headers, kept out of search: noindex, canonical to /, not in the sitemap', async ({
  request,
}) => {
  const response = await request.get(`${origin}${PATH}`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(response.status()).toBe(200);
  expect(pick(response.headers(), expectedSecurity(manifest))).toEqual(expectedSecurity(manifest));
  const html = await response.text();
  expect(html).toContain(`>${HEADLINE}</h1>`);
  expect(headings(html)).toEqual(headings(page('index.html')));
  expect(html).toContain('<meta name="robots" content="noindex">');
  // Canonical to the kit page, which the sitemap lists, and the campaign page is not in it.
  expect(canonical(html)).toBe(canonical(page('index.html')));
  const sitemap = [...page('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );
  expect(sitemap).toContain('/');
  expect(sitemap).not.toContain(PATH);
});

test('in the browser: counted at its own path, its sign-up links working and carrying the visit’s UTM', async ({
  page: tab,
}) => {
  await tab.goto(`${origin}${PATH}?utm_source=podcast&utm_medium=audio`);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
  const layer = () => tab.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
  // The page's script runs after the first paint, which may follow the load event.
  await expect.poll(layer).toContainEqual(expect.objectContaining({ event: 'page_view', page_path: PATH }));
  const links = tab.locator('a[data-auth-link]');
  await expect(async () => {
    const hrefs = await links.evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href).toMatch(AUTH_URL_RE);
      expect(new URL(href).searchParams.get('utm_source')).toBe('podcast');
    }
  }).toPass();
  // A click is counted at the campaign page's path; the sign-up app is not reached from a test.
  await tab.route(AUTH_URL_RE, (route) => route.fulfill({ status: 204 }));
  const cta = tab.locator('#hero a[data-event="cta_click"]').first();
  await cta.click();
  await expect
    .poll(layer)
    .toContainEqual(expect.objectContaining({ event: 'cta_click', page: PATH, section: 'hero' }));
});

test('with indexing on, it is a page of its own to search engines: canonical to itself, in the sitemap; a section it hides is gone', () => {
  const path = `/${INDEXED_CAMPAIGN.name}`;
  const html = page(`${INDEXED_CAMPAIGN.name}/index.html`);
  expect(html).toContain(`>${INDEXED_CAMPAIGN.file.fields['hero.headline']}</h1>`);
  expect(html).not.toContain('name="robots"');
  expect(new URL(canonical(html)!).pathname).toBe(path);
  const sitemap = [...page('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  );
  expect(sitemap).toContain(path);
  // The community page's sections but the one it hides (unless the owner hid it already).
  const { community } = contentOf(build.root);
  expect(headings(html)).toEqual(
    headings(page('community/index.html')).filter((title) => title !== community.benefits.title),
  );
});
