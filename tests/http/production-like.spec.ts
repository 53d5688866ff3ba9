/**
 * The configuration owners ship: a production build on real origins, the newsletter provider's
 * form embedded and analytics through our own origin (harness/production-like.ts), built here into a folder of its own against a
 * stand-in provider on loopback (another origin: `localhost` against the site's `127.0.0.1`).
 * It is held to the same byte budgets as the default build, and in both builds nothing is asked
 * of another origin before the first screen is painted: the newsletter frames wait for it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildServer, type SiteServer } from '../../server/app.ts';
import {
  buildSite,
  EMBED_PATH,
  PRODUCTION_ORIGINS,
  productionLikeEnv,
  startStandInProvider,
  type StandInProvider,
} from '../../harness/production-like.ts';
import { budgetTests } from './budget-checks.ts';

test.describe.configure({ mode: 'serial' });

// Made in beforeAll: a folder made as the file loads would be made again by every process that
// lists the tests, and left behind by those that run none of them.
let work = '';
let root = '';
let provider: StandInProvider;
let server: SiteServer;
let origin = '';

test.beforeAll(async () => {
  // One build of the whole site, on a machine that may be busy.
  test.setTimeout(300_000);
  work = mkdtempSync(join(tmpdir(), 'be-production-like-'));
  root = join(work, 'dist');
  provider = await startStandInProvider();
  await buildSite(root, productionLikeEnv(provider.origin));
  server = await buildServer({ root });
  origin = await server.listen({ host: '127.0.0.1', port: 0 });
});

test.afterAll(async () => {
  await server?.close();
  await provider?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

budgetTests({ name: 'production-like build', root: () => root, origin: () => origin });

test('a production build on real origins: canonical, social and buy links carry them', () => {
  const site = PRODUCTION_ORIGINS.PUBLIC_SITE_URL;
  for (const [file, path] of [
    ['index.html', '/'],
    ['community/index.html', '/community'],
  ] as const) {
    const html = readFileSync(join(root, file), 'utf8');
    expect(html).toContain(`<link rel="canonical" href="${new URL(path, site).href}">`);
    expect(html).toContain(`<meta property="og:url" content="${new URL(path, site).href}">`);
    expect(html).toContain(`href="${PRODUCTION_ORIGINS.PUBLIC_APP_URL}/auth?`);
    expect(html).not.toMatch(/localhost:4321|app\.example\.com/);
  }
  expect(readFileSync(join(root, 'sitemap.xml'), 'utf8')).toContain(`<loc>${site}/community</loc>`);
});

/** When the page first painted, and every request it made to another origin, on its own clock. */
async function requestsAndFirstPaint(page: Page) {
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const others = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).origin !== location.origin)
      .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
    return { paint, others };
  });
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 740 } },
  // Tall enough that the first newsletter band is within a screen of the first one.
  { name: 'desktop', viewport: { width: 1280, height: 1000 } },
];

for (const configuration of ['default', 'production-like'] as const) {
  for (const { name, viewport } of VIEWPORTS) {
    for (const path of ['/', '/community']) {
      test(`${configuration} build, ${path} at ${name} width: nothing is requested from another origin before the first paint`, async ({
        browser,
        baseURL,
      }) => {
        test.slow(true, 'a page load, and on /community both frames loading after it');
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        const seen: string[] = [];
        const base = configuration === 'default' ? baseURL! : origin;
        const ownRequests: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).origin !== new URL(base).origin) seen.push(request.url());
          else ownRequests.push(request.url());
        });
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        const framed = configuration === 'production-like' && path === '/community';
        if (framed) {
          // Once painted (and idle), both frames are in place (the lower one, lazy, loads as it nears).
          const frames = page.locator(`#newsletter-top iframe, #newsletter-bottom iframe`);
          await expect(frames).toHaveCount(2);
          await expect(frames.first()).toHaveAttribute('src', `${provider.origin}${EMBED_PATH}`);
          for (const frame of await frames.all()) await frame.scrollIntoViewIfNeeded();
          // A frame's timing entry is written once it has loaded: on a busy machine that takes a while.
          await expect
            .poll(async () => (await requestsAndFirstPaint(page)).others.length, { timeout: 20_000 })
            .toBe(2);
        } else {
          // Past the point where the deferred work (islands, analytics) has started: the first
          // paint is on record and the browser has been idle since.
          await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
          await page.evaluate(
            () => new Promise((idle) => requestIdleCallback(() => setTimeout(idle, 500), { timeout: 5000 })),
          );
          if (configuration === 'production-like') {
            await expect
              .poll(() => ownRequests.some((url) => new URL(url).pathname.startsWith('/a/')))
              .toBe(true);
          }
        }
        const { paint, others } = await requestsAndFirstPaint(page);
        expect(paint, 'a first contentful paint was recorded').not.toBeNull();
        for (const request of others)
          expect(
            request.startTime,
            `${request.url} was requested before the first paint`,
          ).toBeGreaterThanOrEqual(paint!);
        // Every request the browser made to another origin is among those timed above.
        for (const url of seen) expect(others.map((other) => other.url)).toContain(url);
        expect(others.length).toBe(framed ? 2 : 0);
        await context.close();
      });
    }
  }
}

test('production-like build, /community: every analytics event the page sends is answered to its end, so no request stays open', async ({
  browser,
}) => {
  test.slow(true, 'a page load and the events after it, on a machine that may be busy');
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const network = await context.newCDPSession(page);
  await network.send('Network.enable');
  const events = new Map<string, 'open' | 'done'>();
  network.on('Network.requestWillBeSent', ({ requestId, request }) => {
    if (new URL(request.url).pathname.startsWith('/a/')) events.set(requestId, 'open');
  });
  const done = ({ requestId }: { requestId: string }) => {
    if (events.has(requestId)) events.set(requestId, 'done');
  };
  network.on('Network.loadingFinished', done);
  network.on('Network.loadingFailed', done);
  await page.goto(`${origin}/community`);
  // The page view, then the first speed figures: an answer left unread holds its request open,
  // and a lab (Lighthouse, PageSpeed Insights) waits for the network to fall quiet.
  await expect.poll(() => events.size, { timeout: 20_000 }).toBeGreaterThan(1);
  await expect.poll(() => [...events.values()].filter((state) => state === 'open').length).toBe(0);
  await context.close();
});

test('production-like build, /community: a newsletter spinner turns only while its form loads in view, and goes once it has', async ({
  browser,
}) => {
  test.slow(true, 'a page load and two frames, on a machine that may be busy');
  // A visitor who has not asked for reduced motion: under it, the spinner would not turn at all.
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    reducedMotion: 'no-preference',
  });
  const page = await context.newPage();
  // The provider is slow to send its form.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${provider.origin}${EMBED_PATH}*`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${origin}/community`);
  const top = page.locator('#newsletter-top [data-newsletter]');
  await expect(top.locator('iframe')).toBeAttached();
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => (animation as CSSAnimation).animationName ?? 'a transition'),
    );
  // Out of view, nothing turns: the page at rest runs no animation.
  await expect.poll(running).toEqual([]);
  await top.scrollIntoViewIfNeeded();
  await expect(top.getByRole('status')).toBeVisible();
  release();
  await expect(
    page.frameLocator('#newsletter-top iframe').getByRole('button', { name: 'Subscribe' }),
  ).toBeVisible();
  await expect(top.getByRole('status')).toHaveCount(0);
  // Where the lower form loads as the visitor nears it, the same.
  const bottom = page.locator('#newsletter-bottom [data-newsletter]');
  await bottom.scrollIntoViewIfNeeded();
  await expect(
    page.frameLocator('#newsletter-bottom iframe').getByRole('button', { name: 'Subscribe' }),
  ).toBeVisible();
  await expect(bottom.getByRole('status')).toHaveCount(0);
  await expect.poll(running).toEqual([]);
  await context.close();
});

test('production-like build without JavaScript: the newsletter form loads in its 52 px', async ({
  browser,
}) => {
  test.slow(true, 'a page load and two frames, on a machine that may be busy');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto(`${origin}/community`);
  for (const id of ['newsletter-top', 'newsletter-bottom']) {
    const frame = page.locator(`#${id} iframe`);
    await frame.scrollIntoViewIfNeeded();
    await expect(frame).toHaveAttribute('title', /\S/);
    expect((await page.locator(`#${id} [data-newsletter]`).boundingBox())!.height).toBe(52);
    await expect(page.frameLocator(`#${id} iframe`).getByRole('button', { name: 'Subscribe' })).toBeVisible();
  }
  await context.close();
});
