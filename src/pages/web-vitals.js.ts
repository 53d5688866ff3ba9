import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { APIRoute } from 'astro';

/**
 * `/web-vitals.js` (src/lib/web-vitals.ts WEB_VITALS_SCRIPT): the `web-vitals` library as its own file (its browser build, which sets `window.webVitals`),
 * fetched by each page only after its first paint (src/lib/web-vitals.ts): inlined into the page's
 * script it would add 2 KB to every page's first round trip. Its package exports no such file, so
 * it is read beside the package's main file.
 */
export const GET: APIRoute = async () => {
  const main = createRequire(import.meta.url).resolve('web-vitals');
  const code = await readFile(join(dirname(main), 'web-vitals.iife.js'), 'utf8');
  return new Response(code, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
