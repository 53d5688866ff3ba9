/** A crawl of the built site over HTTP: every page reachable from `/`, no broken internal link, fragment or asset. */
import { expect, test, type APIRequestContext } from '@playwright/test';

/** Follows every same-site link from `seeds`; checks each asset once. */
async function crawl(request: APIRequestContext, seeds: string[]) {
  const pages = new Map<string, string>();
  const queue = [...seeds];
  const checked = new Set<string>();
  const problems: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await request.get(path, { failOnStatusCode: false });
    if (response.status() !== 200 && path !== '/no-such-page') problems.push(`${response.status()} ${path}`);
    const html = await response.text();
    pages.set(path, html);
    for (const m of html.matchAll(/\s(?:href|src|srcset|content)="([^"]+)"/g)) {
      for (const candidate of m[1]!.split(',').map((part) => part.trim().split(/\s+/)[0]!)) {
        if (!candidate.startsWith('/') || candidate.startsWith('//')) continue;
        const url = new URL(candidate, 'http://site');
        if (/\.(html)?$/.test(url.pathname) || !/\.[a-z0-9]+$/i.test(url.pathname)) {
          if (!pages.has(url.pathname) && !queue.includes(url.pathname)) queue.push(url.pathname);
        } else if (!checked.has(url.pathname)) {
          checked.add(url.pathname);
          const asset = await request.get(url.pathname, { failOnStatusCode: false });
          if (asset.status() !== 200) problems.push(`${asset.status()} ${url.pathname} (from ${path})`);
        }
      }
    }
  }
  return { pages, checked, problems };
}

test('a crawl from / alone reaches every page of the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(listed).toEqual(expect.arrayContaining(['/', '/community']));
  const { pages } = await crawl(request, ['/']);
  for (const path of listed) expect([...pages.keys()], `${path} is linked from a page`).toContain(path);
});

test('a crawl of the site finds no broken link, fragment or asset', async ({ request }) => {
  // From the home page, and from the not-found page, which no page links to.
  const { pages, checked, problems } = await crawl(request, ['/', '/no-such-page']);
  // Fragments: every #id a page links to exists on the page it points at (#top too: it is the body).
  for (const [path, html] of pages) {
    for (const m of html.matchAll(/\shref="([^"]*)#([^"]+)"/g)) {
      const target = m[1] ? new URL(m[1], 'http://site').pathname : path;
      const targetHtml = pages.get(target) ?? '';
      if (!targetHtml.includes(`id="${m[2]}"`)) problems.push(`missing #${m[2]} on ${target} (from ${path})`);
    }
  }
  expect(problems).toEqual([]);
  expect(pages.size).toBeGreaterThanOrEqual(3);
  expect(checked.size).toBeGreaterThan(10);
});
