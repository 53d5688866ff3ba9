/**
 * A split test running on `/` (two headlines, 50/50) in a real production build with Plausible
 * (against the stand-in collector), end to end: nginx's split_clients (its own hashing, not our
 * assignment) splits 10,000 simulated visitors within 2 points, each the same variant on every
 * request (our server's split is the unit tests': it serves the assignment's variant, whose split
 * is tests/unit/experiments/assignment.test.ts's); crawlers and GPC visitors on the page as written; Cloudflare's own runtime (`wrangler pages dev`) runs the generated worker;
 * in the browser each variant is a finished page (its headline without JavaScript, the page's
 * canonical URL, Open Graph and structured data, no layout shift, no CSP violation), and its page
 * view, events and web vitals reach the provider and the dataLayer naming the variant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { EXPERIMENT_CACHE_CONTROL } from '../../runtime/experiments.ts';
import { routeManifest } from '../../deploy/routes.ts';
import { buildServer, type SiteServer } from '../../server/app.ts';
import { startNginx } from '../../harness/nginx.ts';
import { expect, test } from '../e2e/fixtures.ts';
import { JS_BUDGET_KB, kb, pageJsBytes, pageScripts } from '../http/page-weight.ts';
import { startCollector, type Collector } from '../support/collector.ts';
import { recordViolations, violations } from '../support/csp-violations.ts';
import {
  buildWithExperiment,
  CAMPAIGN_EXPERIMENT,
  TESTED_CAMPAIGN,
  VARIANT_HEADLINE,
  type ExperimentBuild,
} from '../support/experiment-build.ts';
import { siteContent } from '../../harness/site-content.ts';
import { nginxMissing, skipWhereMissing } from '../support/installed.ts';
import { leaveAfterWebVitals } from '../support/web-vitals.ts';
import { startWrangler, wranglerMissing } from '../support/wrangler.ts';
import { expectedSecurity, pick } from '../support/site-facts.ts';

test.describe.configure({ mode: 'serial' });

const SERVER_PORT = Number(process.env['EXPERIMENTS_PORT'] ?? 4751);
const PORTS = { server: SERVER_PORT, nginx: SERVER_PORT + 1, wrangler: SERVER_PORT + 2 };
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SITE = 'buildequity.com';
const CONTROL_HEADLINE = siteContent.kit.hero.headline;

let collector: Collector;
let build: ExperimentBuild;
let server: SiteServer;
let origin: string;

test.use({ userAgent: BROWSER_UA });

test.beforeAll(async () => {
  test.setTimeout(420_000); // a whole production build on a busy machine
  collector = await startCollector();
  build = await buildWithExperiment({
    PUBLIC_ANALYTICS_PROVIDER: 'plausible',
    PUBLIC_ANALYTICS_HOST: collector.origin,
    PUBLIC_ANALYTICS_SITE_ID: SITE,
  });
  server = await buildServer({ root: build.dist, experiments: { secret: 'e2e-secret' } });
  origin = await server.listen({ host: '127.0.0.1', port: PORTS.server });
});

test.afterAll(async () => {
  await server?.close();
  await collector?.close();
  build?.remove();
});

/** Which variant a page's HTML is, by its headline. */
function variantOf(html: string): 'control' | 'plain-question' | 'neither' {
  if (html.includes(VARIANT_HEADLINE)) return 'plain-question';
  if (html.includes(CONTROL_HEADLINE)) return 'control';
  return 'neither';
}

/** The ETag of each variant's page as a host sends it (HEAD, uncompressed), from one GET of each. */
async function variantByEtag(request: APIRequestContext, base: string, visitors: Record<string, string>[]) {
  const tags = new Map<string, string>();
  for (const headers of visitors) {
    const answer = await request.get(`${base}/`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    tags.set(answer.headers()['etag']!, variantOf(await answer.text()));
    if (new Set(tags.values()).size === 2) break;
  }
  return tags;
}

/** 10,000 HEAD requests from simulated visitors: the share of each variant, and whether each visitor kept theirs. */
async function split(
  request: APIRequestContext,
  base: string,
  visitor: (n: number) => Record<string, string>,
) {
  const tags = await variantByEtag(
    request,
    base,
    Array.from({ length: 50 }, (_, n) => visitor(n)),
  );
  expect(new Set(tags.values()), 'both variants served').toEqual(new Set(['control', 'plain-question']));
  const counts: Record<string, number> = {};
  // Node's own fetch, over kept-alive connections: through Playwright's request context (one
  // message to its driver and back per request) the 10,000 take about twice as long.
  const ask = async (n: number) => {
    const answer = await fetch(`${base}/`, {
      method: 'HEAD',
      headers: { ...visitor(n), 'accept-encoding': 'identity' },
    });
    return tags.get(answer.headers.get('etag')!) ?? 'unknown';
  };
  for (let start = 0; start < 10_000; start += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, i) => ask(start + i)));
    for (const variant of batch) counts[variant] = (counts[variant] ?? 0) + 1;
  }
  // Each of 100 visitors asks again (`/index.html` too): the same variant.
  for (let n = 0; n < 100; n++) expect(await ask(n * 97), `visitor ${n * 97}`).toBe(await ask(n * 97));
  return counts;
}

function expectWithinTwoPoints(counts: Record<string, number>) {
  expect(counts['unknown']).toBeUndefined();
  for (const variant of ['control', 'plain-question'])
    expect(
      Math.abs((counts[variant] ?? 0) / 100 - 50),
      `${variant}: ${counts[variant]} of 10,000`,
    ).toBeLessThan(2);
}

test.describe('hosts split visitors', () => {
  test('our server: crawlers and GPC or DNT visitors get the page as written; no shared caching; every page’s headers', async ({
    request,
  }) => {
    for (let n = 0; n < 30; n++) {
      for (const extra of [
        { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        { 'user-agent': BROWSER_UA, 'sec-gpc': '1' },
        { 'user-agent': BROWSER_UA, dnt: '1' },
      ] as Record<string, string>[]) {
        const answer = await request.get(`${origin}/`, {
          headers: { 'x-forwarded-for': `192.0.2.${n}`, ...extra },
        });
        expect(variantOf(await answer.text()), JSON.stringify(extra)).toBe('control');
      }
    }
    const answer = await request.get(`${origin}/`, { headers: { 'user-agent': BROWSER_UA } });
    expect(answer.headers()['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
    expect(answer.headers()['set-cookie']).toBeUndefined();
    const manifest = await routeManifest(build.dist);
    const security = expectedSecurity(manifest, 'http');
    expect(pick(answer.headers(), security)).toEqual(security);
    // The variant's own address is no page; the sitemap lists the page once.
    expect((await request.get(`${origin}/variants/kit-headline/plain-question/`)).status()).toBe(404);
    const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text();
    expect(sitemap).not.toContain('/variants/');
  });

  test('nginx (split_clients): 10,000 simulated visitors within 2 points of 50/50, crawlers and GPC the control', async ({
    request,
  }) => {
    test.setTimeout(240_000);
    skipWhereMissing(nginxMissing());
    const nginx = await startNginx(PORTS.nginx, { root: build.dist });
    try {
      // Every request comes from loopback: visitors differ by their browser's exact version.
      const counts = await split(request, nginx.url, (n) => ({ 'user-agent': `${BROWSER_UA} Visitor/${n}` }));
      expectWithinTwoPoints(counts);
      for (const extra of [
        { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
        { 'sec-gpc': '1' },
        { dnt: '1' },
      ] as Record<string, string>[]) {
        for (let n = 0; n < 20; n++) {
          const answer = await request.get(`${nginx.url}/`, {
            headers: { 'user-agent': `${BROWSER_UA} Visitor/${n}`, ...extra },
          });
          expect(variantOf(await answer.text()), JSON.stringify(extra)).toBe('control');
          expect(answer.headers()['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
        }
      }
      expect(
        (await request.get(`${nginx.url}/variants/kit-headline/plain-question/index.html`)).status(),
      ).toBe(404);
    } finally {
      nginx.stop();
    }
  });

  test('Cloudflare Pages under wrangler (workerd) runs the generated worker: both variants, crawlers the control', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    skipWhereMissing(wranglerMissing());
    const wrangler = await startWrangler(build.dist, {
      bindings: { EXPERIMENT_SECRET: 'wrangler-secret' },
      port: PORTS.wrangler,
    });
    try {
      const ready = wrangler.origin;
      const seen: Record<string, number> = {};
      for (let n = 0; n < 120; n++) {
        const answer = await request.get(`${ready}/`, {
          headers: { 'user-agent': `${BROWSER_UA} Visitor/${n}` },
        });
        expect(answer.status()).toBe(200);
        const variant = variantOf(await answer.text());
        seen[variant] = (seen[variant] ?? 0) + 1;
        if (n === 0) {
          expect(answer.headers()['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
          const security = expectedSecurity(await routeManifest(build.dist));
          expect(pick(answer.headers(), security)).toEqual(security);
        }
        const again = await request.get(`${ready}/`, {
          headers: { 'user-agent': `${BROWSER_UA} Visitor/${n}` },
        });
        expect(variantOf(await again.text()), `visitor ${n} again`).toBe(variant);
      }
      // 120 visitors at 50/50: each variant well represented (the exact split is the unit tests').
      expect(seen['control']).toBeGreaterThan(30);
      expect(seen['plain-question']).toBeGreaterThan(30);
      const crawler = await request.get(`${ready}/`, {
        headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      });
      expect(variantOf(await crawler.text())).toBe('control');
      // A page under no test is the static file, as before.
      const community = await request.get(`${ready}/community`);
      expect(community.status()).toBe(200);
      expect(community.headers()['cache-control']).not.toBe(EXPERIMENT_CACHE_CONTROL);
    } finally {
      await wrangler.stop();
    }
  });
});

/** A visitor's address that lands in `variant` (found by asking the server as that visitor). */
async function addressFor(request: APIRequestContext, variant: string): Promise<string> {
  for (let n = 1; n < 200; n++) {
    const address = `198.51.100.${n}`;
    const answer = await request.get(`${origin}/`, {
      headers: { 'x-forwarded-for': address, 'user-agent': BROWSER_UA },
    });
    if (variantOf(await answer.text()) === variant) return address;
  }
  throw new Error(`no visitor found for ${variant}`);
}

test.describe('a split test on a campaign page', () => {
  test('our server splits the visitors of /podcast as those of /: the campaign page or its variant (its base page, its hidden section, the variant’s words), counted with the test', async ({
    page,
    request,
  }) => {
    const path = CAMPAIGN_EXPERIMENT.page;
    const [control, challenger] = CAMPAIGN_EXPERIMENT.variants;
    const headlines = {
      [control!.id]: TESTED_CAMPAIGN.file.fields['hero.headline'],
      [challenger!.id]: challenger!.fields!['hero.headline'],
    };
    const pages = new Map<string, { address: string; html: string }>();
    for (let n = 1; n < 200 && pages.size < 2; n++) {
      const address = `203.0.113.${n}`;
      const answer = await request.get(`${origin}${path}`, {
        headers: { 'x-forwarded-for': address, 'user-agent': BROWSER_UA },
      });
      expect(answer.headers()['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
      const html = await answer.text();
      const variant = Object.keys(headlines).find((id) => html.includes(`>${headlines[id]}</h1>`));
      expect(variant, address).toBeDefined();
      if (!pages.has(variant!)) pages.set(variant!, { address, html });
    }
    expect([...pages.keys()].sort()).toEqual(Object.keys(headlines).sort());
    // Both are the campaign page: the kit page's sections but the one it hides, kept out of search.
    const sections = (html: string) => [...html.matchAll(/<section\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    const [asWritten, variant] = [pages.get(control!.id)!.html, pages.get(challenger!.id)!.html];
    expect(sections(variant)).toEqual(sections(asWritten));
    for (const html of [asWritten, variant]) {
      expect(sections(html)).not.toContain('bundles');
      expect(html).toContain('<meta name="robots" content="noindex">');
    }

    // In the browser: the variant's words, its page view counted at the campaign page's path with the test.
    // As that visitor to our server only (the analytics' own requests go as they are).
    const address = pages.get(challenger!.id)!.address;
    await page.route(`${origin}/**`, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
    );
    await page.goto(`${origin}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headlines[challenger!.id]!);
    const layer = () =>
      page.evaluate(() => (window as unknown as { dataLayer: Record<string, string>[] }).dataLayer);
    await expect.poll(layer).toContainEqual({
      event: 'page_view',
      page_path: path,
      experiment: CAMPAIGN_EXPERIMENT.id,
      variant: challenger!.id,
    });
  });
});

/** What search engines and social cards read from a page's head. */
const headFacts = (page: Page) =>
  page.evaluate(() => ({
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    title: document.title,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent),
  }));

test.describe('each variant in the browser', () => {
  for (const [variant, headline] of [
    ['control', () => CONTROL_HEADLINE],
    ['plain-question', () => VARIANT_HEADLINE],
  ] as const) {
    test(`${variant}: a finished page, counted with its variant (page view, click, web vitals), no CSP violation, no shift`, async ({
      page,
      request,
    }) => {
      test.slow();
      const address = await addressFor(request, variant);
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await page.route(/^https:\/\/app\.example\.com\//, (route) => route.fulfill({ status: 204 }));
      await recordViolations(page);
      collector.clear();
      await page.goto(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline());
      const tag = { experiment: 'kit-headline', variant };
      const layer = () =>
        page.evaluate(() => (window as unknown as { dataLayer: Record<string, string>[] }).dataLayer);
      // The page's script runs after the first paint, which may follow the load event.
      await expect.poll(layer).toContainEqual({ event: 'page_view', page_path: '/', ...tag });
      // The provider counts the page view with the variant.
      await expect.poll(() => collector.named('pageview').map((event) => event.props)).toContainEqual(tag);

      const cta = page.locator('#hero a[data-event="cta_click"]').first();
      const label = ((await cta.textContent()) ?? '').replace(/\s+/g, ' ').trim();
      await cta.click();
      await expect
        .poll(() => collector.named('cta_click').map((event) => event.props))
        .toContainEqual({ page: '/', section: 'hero', label, ...tag });

      // The library came after the first paint (on a busy machine, after the click above); then
      // the visitor leaves, and the metrics are final and reported.
      await leaveAfterWebVitals(page);
      await expect
        .poll(() => [...new Set(collector.named('web_vital').map((event) => event.props['metric']))])
        // INP only when the click was slow enough to count as an interaction (web-vitals' threshold).
        .toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP', 'CLS']));
      for (const event of collector.named('web_vital')) {
        expect(event.props).toMatchObject({ page: '/', ...tag });
        expect(['good', 'needs-improvement', 'poor']).toContain(event.props['rating']);
      }
      const cls = collector.named('web_vital').find((event) => event.props['metric'] === 'CLS');
      expect(Number(cls?.props['value'])).toBe(0);
      expect((await layer()).filter((entry) => entry['event'] === 'web_vital').length).toBeGreaterThanOrEqual(
        4,
      );
      expect(await violations(page)).toEqual([]);
    });
  }

  test('both variants are the same page to search engines and social cards, and work without JavaScript', async ({
    browser,
    request,
  }) => {
    const facts = [];
    for (const variant of ['control', 'plain-question']) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        userAgent: BROWSER_UA,
        extraHTTPHeaders: { 'x-forwarded-for': await addressFor(request, variant) },
      });
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        variant === 'control' ? CONTROL_HEADLINE : VARIANT_HEADLINE,
      );
      // The buy link is a plain link: it works without JavaScript.
      await expect(page.locator('#hero a[data-auth-link]').first()).toHaveAttribute('href', /\/auth\?/);
      facts.push(await headFacts(page));
      await context.close();
    }
    expect(facts[1]).toEqual(facts[0]);
    expect(facts[0]!.canonical).toMatch(/\/$/);
    expect(facts[0]!.robots).toBeNull();
  });

  test('each variant’s own CSP hashes are in the policy every page is sent with', () => {
    const policyOf = (file: string) =>
      /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(
        readFileSync(join(build.dist, file), 'utf8'),
      )?.[1] ?? '';
    const control = policyOf('index.html');
    const variant = policyOf('variants/kit-headline/plain-question/index.html');
    expect(variant).not.toBe('');
    const served = server.site.csp;
    for (const hash of `${control} ${variant}`.match(/'sha256-[^']+'/g) ?? []) expect(served).toContain(hash);
  });

  test('each variant’s JavaScript, the web-vitals file it loads after the first paint included, is within the kit page’s budget, with no React', () => {
    const vitals = gzipSync(readFileSync(join(build.dist, 'web-vitals.js')), { level: 9 }).length;
    for (const file of ['index.html', 'variants/kit-headline/plain-question/index.html']) {
      const html = readFileSync(join(build.dist, file), 'utf8');
      const js = pageJsBytes(html, build.dist) + vitals;
      expect(kb(js), file).toBeLessThanOrEqual(JS_BUDGET_KB['/']);
      expect(pageScripts(html, build.dist).join(' '), file).not.toMatch(/client\.|react/i);
    }
  });
});

test.describe('Umami', () => {
  let umami: ExperimentBuild;
  let umamiServer: SiteServer;
  let umamiOrigin: string;

  test.beforeAll(async () => {
    test.setTimeout(420_000); // another production build
    umami = await buildWithExperiment({
      PUBLIC_ANALYTICS_PROVIDER: 'umami',
      PUBLIC_ANALYTICS_HOST: collector.origin,
      PUBLIC_ANALYTICS_SITE_ID: '4f3b9a52-0c1d-4e8a-9b7f-2d6c8e1a5b30',
    });
    umamiServer = await buildServer({ root: umami.dist, experiments: { secret: 'e2e-secret' } });
    umamiOrigin = await umamiServer.listen({ host: '127.0.0.1', port: 0 });
  });
  test.afterAll(async () => {
    await umamiServer?.close();
    umami?.remove();
  });

  test('each variant’s page view and click reach Umami tagged with the variant, the click’s data naming both', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.route(/^https:\/\/app\.example\.com\//, (route) => route.fulfill({ status: 204 }));
    for (const variant of ['control', 'plain-question']) {
      collector.clear();
      let address = '';
      for (let n = 1; n < 200 && !address; n++) {
        const answer = await request.get(`${umamiOrigin}/`, {
          headers: { 'x-forwarded-for': `198.51.100.${n}`, 'user-agent': BROWSER_UA },
        });
        if (variantOf(await answer.text()) === variant) address = `198.51.100.${n}`;
      }
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      await page.goto(`${umamiOrigin}/`);
      const tag = `kit-headline:${variant}`;
      await expect.poll(() => collector.named('pageview').map((event) => event.tag)).toContain(tag);
      await page.locator('#hero a[data-event="cta_click"]').first().click();
      await expect
        .poll(() =>
          collector
            .named('cta_click')
            .map((event) => [event.tag, event.props['experiment'], event.props['variant']]),
        )
        .toContainEqual([tag, 'kit-headline', variant]);
    }
  });
});
