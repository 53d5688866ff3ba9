/** What search engines and link previews read: the head and the files beside the pages, the same at every width. */
import { expect, ONE_WIDTH, test } from './fixtures.ts';

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

for (const path of ['/', '/community']) {
  test(
    `${path}: one h1, headings in order, lang set, social image 1200x630`,
    { tag: ONE_WIDTH },
    async ({ page, request }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('h1')).toHaveCount(1);
      const levels = await page
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
      expect(levels[0]).toBe(1);
      for (let i = 1; i < levels.length; i += 1) {
        expect(
          levels[i]! - levels[i - 1]!,
          `heading ${i} jumps from h${levels[i - 1]} to h${levels[i]}`,
        ).toBeLessThanOrEqual(1);
      }
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      const response = await request.get(new URL(image!).pathname);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const png = await response.body();
      expect(png.readUInt32BE(16)).toBe(1200);
      expect(png.readUInt32BE(20)).toBe(630);
    },
  );

  test(
    `${path}: an Organization record with the fields search engines need`,
    { tag: ONE_WIDTH },
    async ({ page }) => {
      await page.goto(path);
      const records = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) =>
          scripts.map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, string>),
        );
      const org = records.find((r) => r['@type'] === 'Organization');
      expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Build Equity' });
      expect(org!['url']).toMatch(/^https?:\/\//);
      expect(org!['logo']).toMatch(/^https?:\/\/.+\.png$/);
    },
  );
}

test('the not-found and redirect pages ask not to be indexed', { tag: ONE_WIDTH }, async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
