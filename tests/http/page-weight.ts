/**
 * What each built page loads, read from dist/ (or another build's folder): its scripts (inline
 * scripts, module scripts, module preloads, island components and renderers, and everything they
 * import, a provider's analytics adapter included), stylesheets and fonts, with their gzip sizes
 * as served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { routeManifest, type RouteManifest } from '../../deploy/routes.ts';
import { firstScreenEnd } from '../../integrations/first-screen/sections.ts';
import { campaignNames } from '../../src/content/campaign-files.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/schemas/campaigns.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

// The project these tests belong to, not the folder Playwright started in: the owner-edits proof
// runs two edited copies' budgets in one run.
export const DIST = join(PROJECT_ROOT, 'dist');

/**
 * JavaScript each page may ship, gzip as served, by the page's canonical URL path ('/404': the
 * not-found page, answered at any missing path): analytics, when on, counts against it.
 */
export const JS_BUDGET_KB = { '/': 12, '/community': 95, '/404': 12 } as const;
export type BudgetedPage = keyof typeof JS_BUDGET_KB;
export const BUDGETED_PAGES = Object.keys(JS_BUDGET_KB) as BudgetedPage[];

/**
 * The owner's campaign pages (src/content/campaigns/ of the project under test), each held to the
 * budgets of the page it is based on: `/podcast` → `/`.
 */
export const CAMPAIGN_PAGES: ReadonlyMap<string, BudgetedPage> = new Map(
  campaignNames(PROJECT_ROOT).map((name) => {
    const file = join(PROJECT_ROOT, CAMPAIGN_FOLDER, `${name}.yaml`);
    return [`/${name}`, (parse(readFileSync(file, 'utf8')) as { page: BudgetedPage }).page];
  }),
);

/** Every budgeted page with the page whose budgets it keeps (its own, or a campaign page's base page). */
export const PAGES_AND_BUDGETS: readonly (readonly [string, BudgetedPage])[] = [
  ...BUDGETED_PAGES.map((path) => [path, path] as const),
  ...CAMPAIGN_PAGES,
];

/**
 * A new connection's first round trip carries ten TCP segments (14,600 bytes): a first screen
 * whose markup and headers fit is painted a round trip (150 ms on slow 4G) sooner. The build keeps
 * inline only the style rules of each page's first screen, and fetches the whole stylesheet and
 * the page's script once it is painted (integrations/first-screen/). The rest of a long page may come
 * a round trip later without holding up that paint (tests/e2e/first-screen.spec.ts shows it), so the
 * budget counts the bytes up to the end of the first screen: the owner's words below it weigh on
 * that count only through the code tables brotli sends ahead (under 2% of their own weight).
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/**
 * How many bytes of the brotli body `br` a browser needs before it can read the page up to the
 * end of its first screen: the shortest start of the body that decodes that far.
 */
export function firstScreenBytes(br: Buffer): number {
  const decoded = (length: number) =>
    brotliDecompressSync(br.subarray(0, length), { finishFlush: constants.BROTLI_OPERATION_FLUSH });
  const html = decoded(br.length).toString('utf8');
  const needed = Buffer.byteLength(html.slice(0, firstScreenEnd(html)));
  let [low, high] = [0, br.length];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (decoded(middle).length >= needed) high = middle;
    else low = middle + 1;
  }
  return low;
}

const manifests = new Map<string, Promise<RouteManifest>>();
const manifestOf = (root: string) => {
  if (!manifests.has(root)) manifests.set(root, routeManifest(root));
  return manifests.get(root)!;
};

/**
 * The pages a visitor can land on, by canonical URL path, from the route manifest: every page
 * whose canonical path is not a file name (a page left only at `/x/index.html` sits behind a
 * redirect), and the not-found page as '/404'.
 */
export async function landingPages(root = DIST): Promise<string[]> {
  const manifest = await manifestOf(root);
  const canonical = manifest.pages.map((page) => page.paths[0]!).filter((path) => !path.endsWith('.html'));
  return [...canonical, '/404'];
}

/** The build file the route manifest serves at a budgeted page's path. */
export async function pageFile(path: string, root = DIST): Promise<string> {
  const manifest = await manifestOf(root);
  if (path === '/404') return manifest.notFound;
  const route = manifest.pages.find((page) => page.paths[0] === path);
  if (!route) throw new Error(`The route manifest of ${root} has no page at ${path}`);
  return route.file;
}

export function gzipBytes(urlPath: string, root = DIST): number {
  const file = join(root, urlPath);
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

function attr(html: string, re: RegExp): string[] {
  return [...html.matchAll(re)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Every script URL a page can run: entry points and, transitively, their static and dynamic imports. */
export function pageScripts(html: string, root = DIST): string[] {
  const entries = [
    ...attr(html, /<script[^>]*\ssrc="([^"]+)"/g),
    // The page's scripts (its own, its islands'), which the first-screen loader requests once the
    // first screen is painted.
    ...attr(html, /<script[^>]*\sdata-script="([^"]+)"/g).flatMap((list) => list.split(/\s+/)),
    ...attr(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...attr(html, /component-url="([^"]+)"/g),
    ...attr(html, /renderer-url="([^"]+)"/g),
  ].filter((src) => src.startsWith('/'));
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = readFileSync(join(root, src), 'utf8');
    // Quoted any way the bundler writes it: Rolldown writes dynamic imports with backticks.
    for (const m of code.matchAll(/(?:import|from)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
      queue.push(posix.join(dirname(src), m[1]!));
    }
  }
  return [...seen];
}

/**
 * The code of every inline script a page runs (its own module, inlined by the build when it
 * imports nothing, and the island runtime); JSON-LD data blocks are not run, so they are left out.
 */
export function pageInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\ssrc=/.test(attrs!) && !/type="application\/ld\+json"/.test(attrs!))
    .map(([, , code]) => code!)
    .filter((code) => code.trim() !== '');
}

/** The JavaScript a page runs, gzip as served: its script files, and its inline scripts inside the HTML. */
export function pageJsBytes(html: string, root = DIST): number {
  return (
    pageScripts(html, root).reduce((sum, src) => sum + gzipBytes(src, root), 0) +
    pageInlineScripts(html).reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0)
  );
}

export function pageStyles(html: string): string[] {
  return attr(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g).filter(
    (href) => !href.includes('noscript'),
  );
}

export function pagePreloadedFonts(html: string): string[] {
  return attr(html, /<link[^>]*rel="preload"[^>]*href="([^"]+\.woff2)"/g);
}

/** Every font file a page's @font-face rules point at. */
export function pageFonts(html: string): string[] {
  return [...new Set(attr(html, /@font-face\{[^}]*?src:url\("([^"]+\.woff2)"\)/g))];
}

export function readPage(file: string, root = DIST): string {
  return readFileSync(join(root, file), 'utf8');
}

export const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
