/**
 * What the served HTML alone answers, the same at every width, read from the build without a
 * browser: each page's head (charset, viewport, black theme-color, title, description, canonical,
 * Open Graph and Twitter cards, language), its headings, its structured data, the not-found page's
 * noindex, and the files beside the pages that search engines read. No script of ours writes any of
 * it, so the HTML as served is what the visitor's browser and a crawler get; no page is loaded here.
 */
import { expect, test } from '@playwright/test';
import { siteNames } from '../../src/config/site-names.ts';
import { siteContent } from '../../harness/site-content.ts';
import { readBuiltPage } from './built-pages.ts';
import { ONE_WIDTH } from './fixtures.ts';

/** What a test reads of a built page's head and headings. */
interface Served {
  lang: string | null;
  title: string;
  charsets: number;
  meta: Record<string, string | null>;
  canonical: string | null;
  h1s: number;
  headingLevels: number[];
  records: Record<string, unknown>[];
}

const META = [
  'viewport',
  'theme-color',
  'description',
  'robots',
  'twitter:card',
  'og:title',
  'og:description',
  'og:type',
  'og:url',
  'og:image',
  'og:image:width',
  'og:image:height',
];

function served(path: string): Served {
  return readBuiltPage(path, (document) => ({
    lang: document.documentElement.getAttribute('lang'),
    title: document.title,
    charsets: document.head.querySelectorAll('meta[charset]').length,
    meta: Object.fromEntries(
      META.map((name) => [
        name,
        document.head
          .querySelector(`meta[name="${name}"], meta[property="${name}"]`)
          ?.getAttribute('content') ?? null,
      ]),
    ),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    h1s: document.querySelectorAll('h1').length,
    headingLevels: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])),
    records: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>,
    ),
  }));
}

test(
  'sitemap.xml lists exactly the canonical pages, and robots.txt points at it',
  { tag: ONE_WIDTH },
  async ({ request, baseURL }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(['/', '/community']);
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
    expect(baseURL).toBeTruthy();
  },
);

for (const { path, canonical } of [
  { path: '/', canonical: '/' },
  { path: '/community', canonical: '/community' },
]) {
  test(
    `${path}: its head, its headings and its structured data as served`,
    { tag: ONE_WIDTH },
    async ({ request }) => {
      const page = served(path);
      await test.step(`${path} has charset, viewport, theme-color, title, canonical and social cards`, () => {
        expect(page.charsets).toBe(1);
        expect(page.meta['viewport']).toBe('width=device-width, initial-scale=1');
        expect(page.meta['theme-color']).toBe('#000000');
        expect(page.title).toMatch(/\S/);
        expect(page.meta['description']).toMatch(/^.{50,}$/);
        expect(new URL(page.canonical!).pathname).toBe(canonical);
        expect(page.canonical).toMatch(/^https?:\/\//);
        for (const property of ['og:title', 'og:description', 'og:type', 'og:url', 'og:image']) {
          expect(page.meta[property], property).toMatch(/\S/);
        }
        expect(page.meta['og:image:width']).toBe('1200');
        expect(page.meta['og:image:height']).toBe('630');
        expect(page.meta['twitter:card']).toBe('summary_large_image');
        expect(page.lang).toBe('en');
      });

      await test.step(`${path}: one h1, headings in order, lang set, social image 1200x630`, async () => {
        expect(page.lang).toBe('en');
        expect(page.h1s).toBe(1);
        const levels = page.headingLevels;
        expect(levels[0]).toBe(1);
        for (let i = 1; i < levels.length; i += 1) {
          expect(
            levels[i]! - levels[i - 1]!,
            `heading ${i} jumps from h${levels[i - 1]} to h${levels[i]}`,
          ).toBeLessThanOrEqual(1);
        }
        const response = await request.get(new URL(page.meta['og:image']!).pathname);
        expect(response.status()).toBe(200);
        expect(response.headers()['content-type']).toBe('image/png');
        const png = await response.body();
        expect(png.readUInt32BE(16)).toBe(1200);
        expect(png.readUInt32BE(20)).toBe(630);
      });

      await test.step(`${path}: an Organization record with the fields search engines need`, () => {
        const org = page.records.find((r) => r['@type'] === 'Organization');
        expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Build Equity' });
        expect(org!['url']).toMatch(/^https?:\/\//);
        expect(org!['logo']).toMatch(/^https?:\/\/.+\.png$/);
      });

      if (path !== '/') return;
      await test.step('the Product structured data matches the offer', () => {
        const { offer } = siteContent;
        const product = page.records.find((r) => r['@type'] === 'Product') as
          { name: string; image: string[]; offers: { url: string } } | undefined;
        expect(product).toBeDefined();
        expect(product?.name).toBe(siteNames.product);
        expect(product?.offers).toMatchObject({
          priceCurrency: 'USD',
          price: offer.kit.price.toFixed(2),
          availability: 'https://schema.org/InStock',
        });
        expect(new URL(product!.offers.url).pathname).toBe('/');
        expect(product!.image[0]).toMatch(/^https?:\/\/.+\/og\/kit\.png$/);
      });
    },
  );
}

test('the not-found and redirect pages ask not to be indexed', { tag: ONE_WIDTH }, () => {
  // The not-found page is what the server answers an unknown path with (tests/unit/server/routes.test.ts);
  // the old kit address's file-only fallback is the one redirect page the build writes.
  for (const path of ['/404.html', '/oh-shit-kit/index.html'])
    expect(served(path).meta['robots'], path).toBe('noindex');
});
