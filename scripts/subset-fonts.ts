/**
 * An Astro integration that runs when the build is done: it cuts each self-hosted web font down
 * to the characters the built pages show, and pins or narrows its weight axis to the weights the
 * design uses. Both faces together go from about 86 KB to under 25 KB, which is most of what a
 * first visit on a slow phone connection waits for before the headline settles.
 *
 * Each subset gets a new content-hashed name (the old name was a hash of the full font, and hashed
 * assets are cached for a year), so every page's reference to it is rewritten: the preload link and
 * the @font-face rule in Astro's inline <style>. That style is hashed in the page's content security
 * policy, so its hash in the <meta> policy is replaced too (the HTTP header is the union of those).
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import subsetFont, { type VariationAxes } from 'subset-font';
import { htmlFiles } from '../deploy/site-policy.ts';

/**
 * The OpenType features the pages use: the ones browsers turn on by default for Latin text, and
 * `tnum` (Tailwind's `tabular-nums`, on prices and figures). Stylistic sets and the rest go.
 */
export const LAYOUT_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'calt', 'rlig', 'tnum'];

/** Characters always kept: digits and the counter's slash, which islands may render after load ("2 / 3"). */
const ALWAYS = '0123456789 /';

/** What each family keeps of its variation space, by the family name given in the Astro config. */
export type FontAxes = Record<string, VariationAxes>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text a page shows, with every letter also in its other case (`uppercase` and similar
 * transforms draw the other case). Head, scripts, styles and templates are not text a visitor sees.
 */
export function visibleText(html: string): string {
  const body = html
    .replace(/<head[\s\S]*?<\/head>/i, ' ')
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return body + body.toUpperCase() + body.toLowerCase();
}

/** The distinct characters of some text, sorted, without control characters. */
export function characterSet(text: string): string {
  const chars = new Set([...text].filter((ch) => ch >= ' ' && ch !== '\u007f'));
  return [...chars].sort().join('');
}

interface FontFace {
  family: string;
  url: string;
}

/** The @font-face rules Astro's <Font> component wrote into a page, with their files. */
export function fontFaces(html: string): FontFace[] {
  return [...html.matchAll(/@font-face\{font-family:([^;"]+);src:url\("([^"]+\.woff2)"\)/g)].map((m) => ({
    family: m[1]!,
    url: m[2]!,
  }));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * A page after an edit, with the CSP hash of each inline <style> the edit changed replaced by the
 * new one. Throws when a changed style's old hash is not in the page's policy (the policy would
 * then block the new one). Styles are matched in order, so an edit may change but not add or drop one.
 */
export function withStyleHashes(before: string, after: string): string {
  if (!/http-equiv="content-security-policy"/i.test(after)) return after;
  const styles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const old = styles(before);
  const changed = styles(after);
  let out = after;
  old.forEach((style, index) => {
    if (style === changed[index]) return;
    const oldHash = `'sha256-${sha256(style)}'`;
    if (!out.includes(oldHash)) throw new Error(`no CSP hash for an inline style (${oldHash})`);
    out = out.replace(oldHash, `'sha256-${sha256(changed[index] ?? '')}'`);
  });
  return out;
}

/** Rewrites a page for renamed files: every URL, and the CSP hashes of the styles that changed. */
export function renameInPage(html: string, renames: ReadonlyMap<string, string>): string {
  let out = html;
  for (const [from, to] of renames) out = out.split(from).join(to);
  return withStyleHashes(html, out);
}

/** Subsets every web font of the build in `dir` to the pages' characters; returns what it did. */
export async function subsetBuildFonts(dir: string, axes: FontAxes): Promise<string[]> {
  const pages = new Map<string, string>();
  for (const file of await htmlFiles(dir)) pages.set(file, await readFile(join(dir, file), 'utf8'));
  const text = characterSet([...pages.values()].map(visibleText).join('') + ALWAYS);

  const faces = new Map<string, FontFace>();
  for (const html of pages.values()) for (const face of fontFaces(html)) faces.set(face.url, face);

  const renames = new Map<string, string>();
  const report: string[] = [];
  for (const { family, url } of faces.values()) {
    const name = Object.keys(axes).find((key) => family === key || family.startsWith(`${key}-`));
    const source = join(dir, url);
    const original = await readFile(source);
    const subset = await subsetFont(original, text, {
      targetFormat: 'woff2',
      keepFeatures: LAYOUT_FEATURES,
      ...(name ? { variationAxes: axes[name] } : {}),
    });
    const hash = createHash('sha256').update(subset).digest('hex').slice(0, 16);
    const renamed = url.replace(/[^/]+\.woff2$/, `${hash}.woff2`);
    await writeFile(join(dir, renamed), subset);
    if (renamed !== url) await rm(source);
    renames.set(url, renamed);
    report.push(
      `${name ?? family}: ${(original.length / 1024).toFixed(1)} KB -> ${(subset.length / 1024).toFixed(1)} KB`,
    );
  }
  for (const [file, html] of pages) {
    const out = renameInPage(html, renames);
    if (out !== html) await writeFile(join(dir, file), out);
  }
  report.push(`${text.length} characters`);
  return report;
}

export function subsetFonts(axes: FontAxes): AstroIntegration {
  return {
    name: 'subset-fonts',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const report = await subsetBuildFonts(fileURLToPath(dir), axes);
        logger.info(report.join(', '));
      },
    },
  };
}
