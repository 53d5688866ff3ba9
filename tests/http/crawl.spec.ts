/** A crawl of the built site over HTTP: no broken internal link, fragment or asset. */
import { expect, test } from '@playwright/test';

test('a crawl of the site finds no broken link, fragment or asset', async ({ request }) => {
  const pages = new Map<string, string>();
  const queue = ['/', '/community', '/no-such-page'];
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
  // Fragments: every #id a page links to exists on the page it points at.
  for (const [path, html] of pages) {
    for (const m of html.matchAll(/\shref="([^"]*)#([^"]+)"/g)) {
      const target = m[1] ? new URL(m[1], 'http://site').pathname : path;
      const targetHtml = pages.get(target) ?? '';
      if (m[2] !== 'top' && !targetHtml.includes(`id="${m[2]}"`))
        problems.push(`missing #${m[2]} on ${target} (from ${path})`);
    }
  }
  expect(problems).toEqual([]);
  expect(pages.size).toBeGreaterThanOrEqual(3);
  expect(checked.size).toBeGreaterThan(10);
});
