/**
 * The byte budgets, defined once and run on each configuration owners can ship: the default build
 * (dist/, served by the test server) and the production-like one (newsletter form embedded,
 * analytics through our own origin; tests/http/production-like.spec.ts builds it). Bytes are
 * deterministic, so they are tests; speed itself is measured by `npm run bench`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  CAMPAIGN_PAGES,
  FIRST_ROUND_TRIP_BYTES,
  firstScreenBytes,
  gzipBytes,
  JS_BUDGET_KB,
  kb,
  landingPages,
  pageFile,
  pageFonts,
  pageInlineScripts,
  pageJsBytes,
  pagePreloadedFonts,
  pageScripts,
  pageStyles,
  PAGES_AND_BUDGETS,
  readPage,
} from './page-weight.ts';
import { raw } from '../support/raw-http.ts';

/** Both faces together, as the server sends them (woff2 is compressed already, so sent as it is). */
const FONT_BUDGET_KB = 45;

/**
 * The heaviest image file the build may serve: the pipeline's largest size of a photo (a video's
 * poster, 1600 px wide) stays well under it; an owner's camera original (megabytes) would not.
 */
const IMAGE_BUDGET_KB = 300;
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/**
 * A slow phone connection (Lighthouse's mobile profile: 150 ms round trips at 1.6 Mbit/s) shared
 * by the three requests the first screen makes (the two faces and the favicon) carries seven TCP
 * segments of 1460 bytes per round trip on each. The display face draws the headline, the largest
 * thing on the first screen: within that, headers included, it arrives in its first round trip.
 */
const DISPLAY_FACE_BYTES = 7 * 1460;

/** A build to hold to the budgets: its folder, and where it is served (empty: the test server). */
export interface BuildUnderTest {
  name: 'default build' | 'production-like build';
  root: () => string;
  origin: () => string;
}

/** The bytes of an answer on the wire in HTTP/1.1: status line, headers, blank line and body. */
export async function bytesOnTheWire(response: APIResponse): Promise<{ headers: number; body: number }> {
  const statusLine = `HTTP/1.1 ${response.status()} ${response.statusText()}\r\n`.length;
  const headers = response
    .headersArray()
    .reduce((sum, { name, value }) => sum + `${name}: ${value}\r\n`.length, statusLine + 2);
  // The body as sent: the client hands back the decoded bytes, the length says what came.
  const sent = response.headers()['content-length'];
  return { headers, body: sent === undefined ? (await response.body()).length : Number(sent) };
}

const get = (request: APIRequestContext, url: string) =>
  request.get(url, { headers: { 'accept-encoding': 'br, gzip' } });

export function budgetTests(build: BuildUnderTest): void {
  test(`${build.name}: every page of the route manifest has its budgets`, async () => {
    expect((await landingPages(build.root())).sort()).toEqual(PAGES_AND_BUDGETS.map(([path]) => path).sort());
  });

  for (const [path, budget] of PAGES_AND_BUDGETS) {
    test(`${build.name}, ${path}: JavaScript and CSS within budget`, async () => {
      const html = readPage(await pageFile(path, build.root()), build.root());
      const scripts = pageScripts(html, build.root());
      const inline = pageInlineScripts(html);
      const js = pageJsBytes(html, build.root());
      const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
      const css =
        pageStyles(html).reduce((sum, href) => sum + gzipBytes(href, build.root()), 0) +
        gzipSync(inlineCss, { level: 9 }).length;
      test.info().annotations.push({
        type: 'weight',
        description: `JS ${kb(js)} KB (${scripts.length} files, ${inline.length} inline), CSS ${kb(css)} KB gzip`,
      });
      expect(kb(js), `JS of ${path}: ${scripts.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_KB[budget]);
      expect(kb(css)).toBeLessThanOrEqual(20);
    });

    test(`${build.name}, ${path}: at most two font files, preloaded, both used above the fold`, async () => {
      const html = readPage(await pageFile(path, build.root()), build.root());
      const fontFiles = readdirSync(join(build.root(), '_astro', 'fonts')).filter((f) =>
        f.endsWith('.woff2'),
      );
      // A campaign page whose words draw a character the site's pages do not gets faces of its own
      // (scripts/subset-fonts.ts): two more files, never more than two for one page.
      expect(fontFiles.length).toBeLessThanOrEqual(CAMPAIGN_PAGES.size > 0 ? 4 : 2);
      const preloaded = pagePreloadedFonts(html);
      expect(preloaded.length).toBeLessThanOrEqual(2);
      // Preloads are only worth it for fonts the first screen uses: body text (Inter) and the h1 (Fraunces).
      const faces = pageFonts(html);
      for (const url of preloaded) expect(faces).toContain(url);
      expect(html).toMatch(/<h1[^>]*class="[^"]*font-display/);
    });

    test(`${build.name}, ${path}: web fonts within ${FONT_BUDGET_KB} KB, both faces together, as served`, async ({
      request,
    }) => {
      const urls = pageFonts(readPage(await pageFile(path, build.root()), build.root()));
      expect(urls.length, 'a text face and a display face').toBe(2);
      let bytes = 0;
      for (const url of urls) {
        const response = await get(request, `${build.origin()}${url}`);
        expect(response.status(), url).toBe(200);
        bytes += Number(response.headers()['content-length'] ?? (await response.body()).length);
      }
      test.info().annotations.push({ type: 'weight', description: `fonts ${kb(bytes)} KB as served` });
      expect(kb(bytes)).toBeLessThanOrEqual(FONT_BUDGET_KB);
    });
  }

  for (const [path] of PAGES_AND_BUDGETS) {
    test(`${build.name}, ${path}: the first screen's markup and the headers as served (brotli) within ${FIRST_ROUND_TRIP_BYTES} bytes: one round trip`, async ({
      request,
      baseURL,
    }) => {
      const url = `${build.origin() || baseURL}${path === '/404' ? '/no-such-page' : path}`;
      const response = await get(request, url);
      expect(response.headers()['content-encoding']).toBe('br');
      const { headers, body } = await bytesOnTheWire(response);
      // The body as it came, still compressed.
      const sent = await raw(new URL(url).origin, new URL(url).pathname, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(sent.body.length).toBe(body);
      const firstScreen = firstScreenBytes(sent.body);
      test.info().annotations.push({
        type: 'first round trip',
        description: `first screen ${headers + firstScreen} B (its markup ${firstScreen} B + headers ${headers} B); the whole page ${headers + body} B; one round trip carries ${FIRST_ROUND_TRIP_BYTES} B`,
      });
      expect(
        headers + firstScreen,
        `${path}: first screen ${firstScreen} B of the page's ${body} B + headers ${headers} B`,
      ).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    });
  }

  test(`${build.name}: the display face, headers included, is at most ${DISPLAY_FACE_BYTES} bytes as served (one round trip of a slow connection)`, async ({
    request,
  }) => {
    const html = readPage(await pageFile('/', build.root()), build.root());
    const display = /font-family:Fraunces[^;]*;src:url\("([^"]+\.woff2)"\)/.exec(html)?.[1];
    expect(display, 'the display face of the kit page').toBeTruthy();
    const response = await get(request, `${build.origin()}${display!}`);
    expect(response.status()).toBe(200);
    const { headers, body } = await bytesOnTheWire(response);
    test
      .info()
      .annotations.push({ type: 'weight', description: `display face ${body} B + headers ${headers} B` });
    expect(
      headers + body,
      `display face ${body} B + headers ${headers} B. It keeps only the characters of the headings and figures (font-display text): each one they newly use adds about 84 B, and past ${DISPLAY_FACE_BYTES} B the headline waits a round trip more on a slow phone connection`,
    ).toBeLessThanOrEqual(DISPLAY_FACE_BYTES);
  });

  test(`${build.name}: every raster image the pages show is AVIF or WebP with its size set`, async () => {
    for (const [path] of PAGES_AND_BUDGETS) {
      const html = readPage(await pageFile(path, build.root()), build.root());
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

  test(`${build.name}: every image under /_astro/ is one a page, stylesheet or script names, none over ${IMAGE_BUDGET_KB} KB (no original of an upload)`, async () => {
    const assets = join(build.root(), '_astro');
    const images = readdirSync(assets).filter((name) => IMAGE_FILE.test(name));
    const naming = readdirSync(build.root(), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(html|css|js|json|xml|webmanifest)$/.test(file))
      .map((file) => readFileSync(join(build.root(), file), 'utf8'))
      .join('\n');
    const named = new Set([...naming.matchAll(/_astro\/([^"'()\s,?#]+)/g)].map((match) => match[1]!));
    expect(images.filter((name) => !named.has(name))).toEqual([]);
    for (const name of images)
      expect(kb(statSync(join(assets, name)).size), name).toBeLessThanOrEqual(IMAGE_BUDGET_KB);
  });

  test(`${build.name}: the kit page ships no React runtime`, async () => {
    const html = readPage(await pageFile('/', build.root()), build.root());
    for (const src of pageScripts(html, build.root()))
      expect(readFileSync(join(build.root(), src), 'utf8')).not.toContain('react.transitional.element');
    for (const code of pageInlineScripts(html)) expect(code).not.toContain('react.transitional.element');
  });
}
