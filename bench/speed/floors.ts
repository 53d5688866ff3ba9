/** The copies of a build the bench serves beside it: the not-found page at an address Lighthouse audits, and the floors (no scripts, no web fonts, inline favicon and loader, one face). */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { htmlFiles } from '../../deploy/build-output.ts';
import { compressDir } from '../../scripts/compress.ts';
import { sha256, withStyleHashes } from '../../integrations/hashes.ts';
import { NOT_FOUND_PATH } from './settings.ts';

/** A copy of the build for the bench, with the not-found page also at NOT_FOUND_PATH. */
export async function benchCopy(dist: string, name: string): Promise<string> {
  const copy = join(tmpdir(), `be-${name}-${process.pid}`);
  await rm(copy, { recursive: true, force: true });
  await cp(dist, copy, { recursive: true });
  await mkdir(join(copy, NOT_FOUND_PATH), { recursive: true });
  for (const suffix of ['', '.br', '.gz']) {
    await cp(join(copy, `404.html${suffix}`), join(copy, NOT_FOUND_PATH, `index.html${suffix}`)).catch(
      () => {},
    );
  }
  return copy;
}

export const withoutScripts = (html: string) =>
  html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link[^>]*rel="modulepreload"[^>]*>/gi, '');

/** The web fonts' @font-face rules and preloads go; the metric-matched fallback faces stay. */
export const withoutWebFonts = (html: string) =>
  withStyleHashes(
    html,
    html
      .replace(/@font-face\{[^}]*src:url\([^}]*\}/g, '')
      .replace(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/gi, ''),
  );

/** The family of the text face, as the Astro config names it (the display face draws the headline). */
const TEXT_FACE = 'Inter';

/** The text face's @font-face rule and preload go; its metric-matched fallback face stays. */
export const withoutTextFace = (html: string) => {
  const face = new RegExp(`@font-face\\{font-family:${TEXT_FACE}-[^;]*;src:url\\("([^"]+)"\\)[^}]*\\}`).exec(
    html,
  );
  if (!face) throw new Error(`no @font-face of ${TEXT_FACE} to drop`);
  return withStyleHashes(
    html,
    html.replace(face[0], '').replace(new RegExp(`<link[^>]*href="${face[1]}"[^>]*>`), ''),
  );
};

/**
 * The favicon as a `data:` URI and the loader as an inline script (the page's policy allowing
 * both; the server's header follows it): nothing but the faces is requested before the paint.
 */
export async function withFaviconAndLoaderInline(root: string): Promise<(html: string) => string> {
  const loaders = new Map<string, string>();
  const favicons = new Map<string, string>();
  for (const file of await htmlFiles(root)) {
    const html = await readFile(join(root, file), 'utf8');
    for (const [, src] of html.matchAll(/<script async src="([^"]+)"/g))
      loaders.set(src!, await readFile(join(root, src!), 'utf8'));
    for (const [, href] of html.matchAll(/<link rel="icon" href="([^"]+)"/g))
      favicons.set(href!, await readFile(join(root, href!), 'utf8'));
  }
  return (html) => {
    let out = html;
    for (const [href, svg] of favicons)
      out = out
        .replace(`href="${href}"`, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`)
        // A data: icon is an image the policy must allow (Chromium holds it to img-src).
        .replace(/(http-equiv="content-security-policy" content=")/, `$1img-src 'self' data:;`);
    for (const [src, code] of loaders) {
      const tag = new RegExp(`<script async src="${src}"([^>]*)></script>`).exec(out);
      if (!tag) continue;
      out = out
        .replace(tag[0], `<script${tag[1]}>${code}</script>`)
        .replace(
          /(http-equiv="content-security-policy" content="[^"]*script-src )/,
          `$1'sha256-${sha256(code)}' `,
        );
    }
    return out;
  };
}

/** A floor: a copy of the build with each page rewritten. */
export async function makeFloor(
  dist: string,
  name: string,
  rewrite: (html: string) => string,
): Promise<string> {
  const floor = await benchCopy(dist, name);
  for (const file of await htmlFiles(floor)) {
    const path = join(floor, file);
    await writeFile(path, rewrite(await readFile(path, 'utf8')));
  }
  await compressDir(floor);
  return floor;
}
