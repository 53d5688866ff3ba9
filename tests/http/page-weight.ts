/**
 * What each built page loads, read from dist/ (or another build's folder): its scripts (inline
 * scripts, module scripts, module preloads, island components and renderers, and everything they
 * import, a provider's analytics adapter included), stylesheets and fonts, with their gzip sizes
 * as served.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DIST = join(process.cwd(), 'dist');

export const PAGES = { '/': 'index.html', '/community': 'community/index.html', '/404': '404.html' } as const;

/** JavaScript each page may ship, gzip as served: analytics, when on, counts against it. */
export const JS_BUDGET_KB: Record<keyof typeof PAGES, number> = { '/': 12, '/community': 95, '/404': 12 };

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
