/**
 * Byte budgets of the production build, gzip as served (deterministic, so they are tests; speed
 * itself is measured by `npm run bench`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  DIST,
  gzipBytes,
  JS_BUDGET_KB,
  kb,
  PAGES,
  pageFonts,
  pageInlineScripts,
  pageJsBytes,
  pagePreloadedFonts,
  pageScripts,
  pageStyles,
  readPage,
} from './page-weight.ts';

/** Both faces together, as the server sends them (woff2 is compressed already, so sent as it is). */
const FONT_BUDGET_KB = 45;

for (const [path, file] of Object.entries(PAGES)) {
  test(`${path}: JavaScript and CSS within budget`, () => {
    const html = readPage(file);
    const scripts = pageScripts(html);
    const inline = pageInlineScripts(html);
    const js = pageJsBytes(html);
    // The stylesheet is inlined into each page (Astro build.inlineStylesheets): count it there too.
    const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
    const css =
      pageStyles(html).reduce((sum, href) => sum + gzipBytes(href), 0) +
      gzipSync(inlineCss, { level: 9 }).length;
    test.info().annotations.push({
      type: 'weight',
      description: `JS ${kb(js)} KB (${scripts.length} files, ${inline.length} inline), CSS ${kb(css)} KB gzip`,
    });
    expect(kb(js), `JS of ${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(
      JS_BUDGET_KB[path as keyof typeof PAGES],
    );
    expect(kb(css)).toBeLessThanOrEqual(20);
  });

  test(`${path}: at most two font files, preloaded, both used above the fold`, () => {
    const html = readPage(file);
    const fontFiles = readdirSync(join(DIST, '_astro', 'fonts')).filter((f) => f.endsWith('.woff2'));
    expect(fontFiles.length).toBeLessThanOrEqual(2);
    const preloaded = pagePreloadedFonts(html);
    expect(preloaded.length).toBeLessThanOrEqual(2);
    // Preloads are only worth it for fonts the first screen uses: body text (Inter) and the h1 (Fraunces).
    const faces = [...html.matchAll(/font-family:([\w-]+);src:url\("([^"]+)"\)/g)].map((m) => ({
      family: m[1]!,
      url: m[2]!,
    }));
    for (const url of preloaded) expect(faces.map((f) => f.url)).toContain(url);
    expect(html).toMatch(/<h1[^>]*class="[^"]*font-display/);
  });
}

for (const [path, file] of Object.entries(PAGES)) {
  test(`${path}: web fonts within ${FONT_BUDGET_KB} KB, both faces together, as served`, async ({
    request,
  }) => {
    const urls = pageFonts(readPage(file));
    expect(urls.length, 'a text face and a display face').toBe(2);
    let bytes = 0;
    for (const url of urls) {
      const response = await request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status(), url).toBe(200);
      bytes += Number(response.headers()['content-length'] ?? (await response.body()).length);
    }
    test.info().annotations.push({ type: 'weight', description: `fonts ${kb(bytes)} KB as served` });
    expect(kb(bytes)).toBeLessThanOrEqual(FONT_BUDGET_KB);
  });
}

/**
 * A slow phone connection (Lighthouse's mobile profile: 150 ms round trips at 1.6 Mbit/s) shared
 * by the three requests the first screen makes (the two faces and the favicon) carries seven TCP
 * segments of 1460 bytes per round trip on each. The display face draws the headline, the largest
 * thing on the first screen: within that, headers included, it arrives in its first round trip.
 */
const DISPLAY_FACE_BYTES = 7 * 1460;

test(`the display face, headers included, is at most ${DISPLAY_FACE_BYTES} bytes as served (one round trip of a slow connection)`, async ({
  request,
}) => {
  const html = readPage(PAGES['/']);
  const display = /font-family:Fraunces[^;]*;src:url\("([^"]+\.woff2)"\)/.exec(html)?.[1];
  expect(display, 'the display face of the kit page').toBeTruthy();
  const response = await request.get(display!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  const statusLine = `HTTP/1.1 ${response.status()} ${response.statusText()}\r\n`.length;
  const headers = response
    .headersArray()
    .reduce((sum, { name, value }) => sum + `${name}: ${value}\r\n`.length, 2);
  const body = (await response.body()).length;
  test.info().annotations.push({
    type: 'weight',
    description: `display face ${body} B + headers ${statusLine + headers} B`,
  });
  expect(statusLine + headers + body).toBeLessThanOrEqual(DISPLAY_FACE_BYTES);
});

test('every raster image the pages show is AVIF or WebP with its size set', () => {
  for (const file of Object.values(PAGES)) {
    const html = readPage(file);
    for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
      const src = /\ssrc="([^"]+)"/.exec(img)![1]!;
      if (src.endsWith('.svg')) continue;
      expect(src, img).toMatch(/\.(avif|webp)$/);
      expect(img).toMatch(/\swidth="\d+"/);
      expect(img).toMatch(/\sheight="\d+"/);
    }
    for (const source of html.match(/<source\b[^>]*>/g) ?? [])
      expect(source).toMatch(/type="image\/(avif|webp)"/);
  }
});

test('the kit page ships no React runtime', () => {
  const html = readPage('index.html');
  for (const src of pageScripts(html))
    expect(readFileSync(join(DIST, src), 'utf8')).not.toContain('react.transitional.element');
  for (const code of pageInlineScripts(html)) expect(code).not.toContain('react.transitional.element');
});
