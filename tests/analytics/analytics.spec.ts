/**
 * Measuring what sells, end to end. The site is built with each analytics setting into its own
 * folder (the default build in dist/ is left alone), served by our server (and nginx for the
 * first-party path), and operated as a visitor would at phone width, where every call to action
 * (the buy bar too) and the carousel show. A stand-in collector on 127.0.0.1 plays the provider's
 * API (tests/support/collector.ts). Each check proves what the owner would see in the provider's
 * dashboard: every CTA click with its page, section and label, the video played, the question
 * opened, the tab chosen, under a content security policy that stays strict.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { routeManifest } from '../../deploy/routes.ts';
import { buildServer, type SiteServer } from '../../server/app.ts';
import { startNginx } from '../../harness/nginx.ts';
import { buildSite } from '../../harness/production-like.ts';
import { expect, hydrated, test } from '../e2e/fixtures.ts';
import {
  BUDGETED_PAGES,
  JS_BUDGET_KB,
  kb,
  pageFile,
  pageInlineScripts,
  pageJsBytes,
  pageScripts,
  readPage,
  DIST,
} from '../http/page-weight.ts';
import { startCollector, type Collector } from '../support/collector.ts';
import { recordViolations, violations } from '../support/csp-violations.ts';
import { expectedSecurity, pick } from '../support/site-facts.ts';
import { leaveAfterWebVitals } from '../support/web-vitals.ts';

test.describe.configure({ mode: 'serial' });

const PLAUSIBLE_SITE = 'buildequity.com';
const UMAMI_WEBSITE = '4f3b9a52-0c1d-4e8a-9b7f-2d6c8e1a5b30';

type Props = Record<string, string>;
interface Expected {
  name: string;
  props: Props;
}

let collector: Collector;
// Made in beforeAll: a folder made as the file loads would be made again by every process that
// lists the tests, and left behind by those that run none of them.
let work = '';
const running: { close: () => Promise<unknown> | void }[] = [];

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'be-analytics-'));
  collector = await startCollector();
});

test.afterAll(async () => {
  for (const server of running) await server.close();
  await collector?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Builds the site with these analytics settings (and none from the shell) into its own folder, in
 * a copy of the project of its own (buildSite); returns the folder.
 */
async function buildWith(name: string, env: Record<string, string>): Promise<string> {
  const outDir = join(work, name);
  await buildSite(outDir, env);
  return outDir;
}

/** Serves a build with our server on a port of its own; returns its origin. */
async function serve(root: string): Promise<string> {
  const server: SiteServer = await buildServer({ root });
  running.push(server);
  return server.listen({ host: '127.0.0.1', port: 0 });
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Buy links stay on the page (their navigation answered with nothing); video hosts answer blank. */
async function stayOnPage(page: Page) {
  await page.route(/^https:\/\/app\.example\.com\//, (route) => route.fulfill({ status: 204 }));
  await page.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
}

const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer: ({ event: string } & Props)[] }).dataLayer);

/**
 * Opens a page, then waits until its own script has run (its page view is in the dataLayer). The
 * script comes after the first paint, which on a busy machine can follow the load event that
 * `goto` waits for; a tap before it goes where it leads, uncounted.
 */
async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect
    .poll(async () => ((await dataLayer(page)) ?? []).some(({ event }) => event === 'page_view'))
    .toBe(true);
}

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Clicks the call to action in each region, in page order; returns the cta_click each must report. */
async function clickCtas(page: Page, pagePath: string, regions: [string, string][]): Promise<Expected[]> {
  const expected: Expected[] = [];
  for (const [section, selector] of regions) {
    const link = page.locator(`${selector} a[data-event="cta_click"]`).first();
    await link.scrollIntoViewIfNeeded();
    await expect(link, `${section} call to action`).toBeVisible();
    expected.push({
      name: 'cta_click',
      props: { page: pagePath, section, label: normalise(await link.textContent()) },
    });
    await link.click();
  }
  return expected;
}

/** The kit page (/): a CTA in each of its sections and the buy bar, and a video played. */
async function walkKit(page: Page, origin: string): Promise<Expected[]> {
  await openPage(page, `${origin}/`);
  const expected = await clickCtas(page, '/', [
    ['hero', '#hero'],
    ['roi', '#roi'],
    // Shown once the hero's own call to action has scrolled away.
    ['buy-bar', '[data-section="buy-bar"]'],
    ['final-cta', '#final-cta'],
  ]);
  const play = page.locator('#kit-intro').getByRole('button', { name: /^Play video: / });
  const title = (await play.getAttribute('aria-label'))!.replace(/^Play video: /, '');
  await play.click();
  await expect(page.locator('#kit-intro iframe')).toBeAttached();
  expected.push({ name: 'video_play', props: { video: title } });
  return expected;
}

/** The community page: a CTA in each region, an FAQ answer opened, a tab chosen, the carousel moved. */
async function walkCommunity(page: Page, origin: string): Promise<Expected[]> {
  await openPage(page, `${origin}/community`);
  const expected = await clickCtas(page, '/community', [
    ['nav', '[data-section="nav"]'],
    ['hero', '[data-section="hero"]'],
  ]);

  await hydrated(page, '#feature-carousel');
  await expect(page.locator('[data-carousel]')).toHaveAttribute('data-slide', '0');
  await page.getByRole('button', { name: 'Next slide' }).click();
  expected.push({ name: 'carousel_move', props: { direction: 'next' } });

  const newsletter = page.locator('#newsletter-top [data-newsletter]');
  await newsletter.scrollIntoViewIfNeeded();
  expected.push({ name: 'newsletter_view', props: { placement: 'newsletter-top' } });

  expected.push(...(await clickCtas(page, '/community', [['join-now', '#join-now']])));
  await hydrated(page, '#join-now');
  await page.locator('#join-tab-compare').click();
  expected.push({ name: 'tab_select', props: { widget: 'join', tab: 'compare' } });

  const question = page.locator('#faq summary').first();
  await question.scrollIntoViewIfNeeded();
  await question.click();
  await expect(page.locator('#faq details').first()).toHaveAttribute('open', '');
  expected.push({ name: 'faq_open', props: { question: normalise(await question.textContent()) } });

  expected.push(...(await clickCtas(page, '/community', [['cta', '#cta']])));
  return expected;
}

const key = ({ name, props }: Expected) => JSON.stringify([name, Object.entries(props).sort()]);

/** The page's dataLayer has every expected event (whatever the provider). */
async function expectInDataLayer(page: Page, expected: Expected[]) {
  await expect
    .poll(
      async () => {
        const layer = new Set(
          (await dataLayer(page)).map(({ event, ...props }) => key({ name: event, props })),
        );
        return expected.filter((event) => !layer.has(key(event))).map(key);
      },
      { message: 'events missing from the dataLayer' },
    )
    .toEqual([]);
}

/** Every expected event reached the collector, each call to action once. */
async function expectReceived(expected: Expected[]) {
  await expect
    .poll(
      () => {
        const got = new Set(collector.received.map(key));
        return expected.filter((event) => !got.has(key(event))).map(key);
      },
      { message: 'events the collector has not received' },
    )
    .toEqual([]);
  const ctas = expected.filter((event) => event.name === 'cta_click').length;
  expect(collector.named('cta_click')).toHaveLength(ctas);
}

/** The JavaScript each page loads, the provider's adapter included, within the pages' budgets. */
async function expectWithinBudgets(root: string, provider: 'plausible' | 'umami') {
  for (const path of ['/', '/community'] as const) {
    const html = readPage(await pageFile(path, root), root);
    const scripts = pageScripts(html, root);
    // The adapter is bundled into the page's own script (a file the page fetches once painted).
    expect(
      scripts.some((src) =>
        readFileSync(join(root, src), 'utf8').includes(`PUBLIC_ANALYTICS_PROVIDER is not ${provider}`),
      ),
      `${path} carries the ${provider} adapter in its own script`,
    ).toBe(true);
    const js = pageJsBytes(html, root);
    test.info().annotations.push({ type: 'weight', description: `${path}: JS ${kb(js)} KB gzip` });
    expect(kb(js), `JS of ${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_KB[path]);
  }
  for (const src of pageScripts(readPage(await pageFile('/', root), root), root))
    expect(readFileSync(join(root, src), 'utf8')).not.toContain('react.transitional.element');
}

/** Where the page may send requests: connect-src, or default-src where the policy does not name it. */
function connectSrc(csp: string | undefined) {
  return (/connect-src ([^;]*)/.exec(csp ?? '') ?? /default-src ([^;]*)/.exec(csp ?? ''))?.[1];
}
function scriptSrc(csp: string | undefined) {
  return /script-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '';
}

test.describe('Plausible, straight to the provider', () => {
  let origin: string;
  let root: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000); // a whole production build
    root = await buildWith('plausible', {
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_HOST: collector.origin,
      PUBLIC_ANALYTICS_SITE_ID: PLAUSIBLE_SITE,
    });
    origin = await serve(root);
  });

  test('every event of both pages reaches Plausible with its props, with zero CSP violations', async ({
    page,
  }) => {
    test.slow(); // operates both pages end to end
    collector.clear();
    await recordViolations(page);
    await stayOnPage(page);
    const response = await page.request.get(`${origin}/`);
    const csp = response.headers()['content-security-policy'];
    expect(connectSrc(csp)).toBe(`'self' ${collector.origin}`);
    expect(scriptSrc(csp)).not.toContain(collector.origin); // the tracker is bundled with ours
    const kit = await walkKit(page, origin);
    await expectInDataLayer(page, kit);
    const community = await walkCommunity(page, origin);
    await expectInDataLayer(page, community);
    await expectReceived([...kit, ...community]);
    for (const path of ['/', '/community'])
      expect(collector.named('pageview').map((event) => new URL(event.url).pathname)).toContain(path);
    expect(new Set(collector.received.map((event) => event.site))).toEqual(new Set([PLAUSIBLE_SITE]));
    expect(await violations(page)).toEqual([]);
  });

  test('the not-found page reports page_not_found with the missing path', async ({ page }) => {
    collector.clear();
    await page.goto(`${origin}/no-such-page`);
    await expect
      .poll(() => collector.named('page_not_found').map((event) => event.props))
      .toEqual([{ page_path: '/no-such-page' }]);
  });

  test('analytics counts against the JavaScript budget of each page, and stays within it', async () => {
    await expectWithinBudgets(root, 'plausible');
  });

  for (const [signal, script] of [
    [
      'Global Privacy Control',
      () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    ],
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
  ] as const) {
    test(`under ${signal} nothing is sent, and the dataLayer still gets every event`, async ({ page }) => {
      collector.clear();
      const toProvider: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin === collector.origin) toProvider.push(request.url());
      });
      await page.addInitScript(script);
      await stayOnPage(page);
      const expected = await walkKit(page, origin);
      // Real visitors' speed too: the page goes to the background, its metrics are final, and they
      // reach the dataLayer only.
      await leaveAfterWebVitals(page);
      await expect
        .poll(async () => (await dataLayer(page)).filter((entry) => entry.event === 'web_vital').length)
        .toBeGreaterThan(0);
      await page.waitForTimeout(500);
      const layer = (await dataLayer(page)).map((entry) => entry.event);
      for (const event of expected) expect(layer).toContain(event.name);
      expect(layer).toContain('page_view');
      expect(toProvider).toEqual([]);
      expect(collector.requests).toEqual([]);
    });
  }
});

test.describe('Umami, its script from the provider', () => {
  let origin: string;
  let root: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    root = await buildWith('umami', {
      PUBLIC_ANALYTICS_PROVIDER: 'umami',
      PUBLIC_ANALYTICS_HOST: collector.origin,
      PUBLIC_ANALYTICS_SITE_ID: UMAMI_WEBSITE,
    });
    origin = await serve(root);
  });

  test('every event of both pages reaches Umami with its data, with zero CSP violations', async ({
    page,
  }) => {
    test.slow();
    collector.clear();
    await recordViolations(page);
    await stayOnPage(page);
    const csp = (await page.request.get(`${origin}/`)).headers()['content-security-policy'];
    expect(connectSrc(csp)).toBe(`'self' ${collector.origin}`);
    expect(scriptSrc(csp)).toMatch(new RegExp(`^'self' ${collector.origin} 'sha256-`));
    const kit = await walkKit(page, origin);
    await expectInDataLayer(page, kit);
    const community = await walkCommunity(page, origin);
    await expectInDataLayer(page, community);
    await expectReceived([...kit, ...community]);
    expect(collector.requests).toContain('GET /script.js');
    for (const path of ['/', '/community'])
      expect(collector.named('pageview').map((event) => event.url)).toContain(path);
    expect(new Set(collector.received.map((event) => event.site))).toEqual(new Set([UMAMI_WEBSITE]));
    expect(await violations(page)).toEqual([]);
  });

  test('analytics counts against the JavaScript budget of each page, and stays within it', async () => {
    await expectWithinBudgets(root, 'umami');
  });
});

/**
 * A build whose events go through our own origin (`PUBLIC_ANALYTICS_PROXY=true`), served, with the
 * page recording CSP violations and every request it sends straight to the provider.
 */
async function firstPartyBuild(page: Page, provider: 'plausible' | 'umami', siteId: string) {
  const root = await buildWith(`${provider}-proxy`, {
    PUBLIC_ANALYTICS_PROVIDER: provider,
    PUBLIC_ANALYTICS_HOST: collector.origin,
    PUBLIC_ANALYTICS_SITE_ID: siteId,
    PUBLIC_ANALYTICS_PROXY: 'true',
  });
  const origin = await serve(root);
  collector.clear();
  await recordViolations(page);
  await stayOnPage(page);
  const toProvider: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin === collector.origin) toProvider.push(request.url());
  });
  return { root, origin, toProvider };
}

test.describe('the first-party path (PUBLIC_ANALYTICS_PROXY=true)', () => {
  test('Plausible: events go to /a/event on our origin, which the Node server and nginx forward', async ({
    page,
  }) => {
    test.setTimeout(240_000); // a whole production build, then both servers
    const { root, origin, toProvider } = await firstPartyBuild(page, 'plausible', PLAUSIBLE_SITE);
    const csp = (await page.request.get(`${origin}/`)).headers()['content-security-policy'];
    expect(connectSrc(csp)).toBe("'self'");
    await openPage(page, `${origin}/`);
    await expectReceived(await clickCtas(page, '/', [['hero', '#hero']]));
    expect(collector.named('pageview')).toHaveLength(1);
    // The provider sees the visitor's address, passed on by our origin.
    expect(collector.received[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(toProvider).toEqual([]);
    expect(await violations(page)).toEqual([]);

    // nginx with the generated config forwards the same path. (Asked directly: its policy upgrades
    // a browser's requests to https, which a loopback port without TLS cannot answer.)
    const nginx = await startNginx(await freePort(), { root });
    running.push({ close: nginx.stop });
    collector.clear();
    const event = {
      n: 'cta_click',
      u: `${nginx.url}/`,
      d: PLAUSIBLE_SITE,
      p: { page: '/', section: 'hero', label: 'x' },
    };
    const answer = await page.request.post(`${nginx.url}/a/event`, {
      headers: { 'content-type': 'text/plain', cookie: 'session=secret' },
      data: JSON.stringify(event),
    });
    expect(answer.status()).toBe(202);
    // nginx sends the whole set on every answer, HSTS included (runtime/rules.ts).
    const security = expectedSecurity(await routeManifest(root));
    expect(pick(answer.headers(), security)).toEqual(security);
    expect(collector.received).toEqual([
      expect.objectContaining({ name: 'cta_click', props: event.p, site: PLAUSIBLE_SITE }),
    ]);
    expect(collector.received[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(collector.received[0]!.headers['cookie']).toBeUndefined();
  });

  test('Umami: its script and events come through our origin; the policy names no other', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { origin, toProvider } = await firstPartyBuild(page, 'umami', UMAMI_WEBSITE);
    const csp = (await page.request.get(`${origin}/community`)).headers()['content-security-policy'];
    expect(connectSrc(csp)).toBe("'self'");
    expect(scriptSrc(csp)).not.toContain(collector.origin);
    await openPage(page, `${origin}/community`);
    await expectReceived(await clickCtas(page, '/community', [['nav', '[data-section="nav"]']]));
    expect(collector.requests).toEqual(expect.arrayContaining(['GET /script.js', 'POST /api/send']));
    expect(toProvider).toEqual([]);
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('no provider (the default build)', () => {
  test('no request leaves for another origin, and the dataLayer gets every event', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      // Documents are the visitor's own doing: a buy link followed, a video asked for.
      if (request.resourceType() !== 'document' && new URL(request.url()).origin !== new URL(baseURL!).origin)
        elsewhere.push(request.url());
    });
    await stayOnPage(page);
    await expectInDataLayer(page, [
      { name: 'page_view', props: { page_path: '/' } },
      ...(await walkKit(page, baseURL!)),
    ]);
    await expectInDataLayer(page, [
      { name: 'page_view', props: { page_path: '/community' } },
      ...(await walkCommunity(page, baseURL!)),
    ]);
    await page.waitForTimeout(300);
    expect(elsewhere).toEqual([]);
  });

  test('the default build carries no provider code at all', async () => {
    const scripts = readdirSync(join(DIST, '_astro')).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const file of scripts) {
      const code = readFileSync(join(DIST, '_astro', file), 'utf8');
      expect(code, file).not.toMatch(/plausible|umami|\/api\/event|\/api\/send/i);
    }
    for (const path of BUDGETED_PAGES) {
      const file = await pageFile(path);
      // A page carries no inline script (its loader, its own script and its islands' code are files
      // of _astro, read above); any that comes back is read too.
      const inline = pageInlineScripts(readPage(file));
      for (const code of inline) expect(code, file).not.toMatch(/plausible|umami|\/api\/event|\/api\/send/i);
    }
  });
});
