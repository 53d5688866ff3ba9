/**
 * An Astro integration that runs when the build is done: it cuts each self-hosted web font down
 * to the characters the built pages draw in it, and pins or narrows its weight axis to the weights
 * the design uses. Both faces together go from about 86 KB to under 25 KB, which is most of what a
 * first visit on a slow phone connection waits for before the headline settles. A face used only
 * by some elements (the display face: headings and figures) keeps only their characters, so it
 * arrives within the first round trip of its connection.
 *
 * Each subset gets a new content-hashed name (the old name was a hash of the full font, and hashed
 * assets are cached for a year), so every page's reference to it is rewritten: the preload link and
 * the @font-face rule in Astro's inline <style>. That style is hashed in the page's content security
 * policy, so its hash in the <meta> policy is replaced too (the HTTP header is the union of those).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { Window } from 'happy-dom';
import subsetFont, { type VariationAxes } from 'subset-font';
import { htmlFiles } from '../deploy/build-output.ts';
import { campaignNames } from '../src/content/campaign-files.ts';
import { readRunningList } from '../src/content/experiments.ts';
import { isPagePath } from '../src/content/pages.ts';
import { contentStamp, withStyleHashes } from './hashes.ts';

/**
 * The OpenType features the pages use: the ones browsers turn on by default for Latin text, and
 * `tnum` (Tailwind's `tabular-nums`, on prices and figures). Stylistic sets and the rest go.
 */
export const LAYOUT_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga', 'calt', 'rlig', 'tnum'];

/** Characters always kept: digits and the counter's slash, which islands may render after load ("2 / 3"). */
const ALWAYS = '0123456789 /';

/** What a family keeps: its variation space, and which text it draws. */
export interface FontSubset {
  axes: VariationAxes;
  /**
   * The CSS selector of the elements drawn in this face (the text inside them, descendants
   * included). Without it, the face keeps every character a page shows.
   */
  drawnIn?: string;
}

/** What each family keeps, by the family name given in the Astro config. */
export type FontSubsets = Record<string, FontSubset>;

/**
 * Dropped from a face whose every axis is pinned (a static font once subset): STAT names the
 * styles along the axes, for font menus; browsers never read it. (Dropping it from a face that
 * stays variable makes the file larger, so it stays there.)
 */
const STATIC_FACE_UNUSED_TABLES = ['STAT'];

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

/** Classes that draw letters in another case than the one written (Tailwind's text-transform utilities). */
const CASE_TRANSFORMS = '.uppercase, .lowercase, .capitalize';

/**
 * The text of the elements matching `selector` in a page, descendants included. Text under a
 * case transform also counts in both cases.
 */
export function textDrawnIn(html: string, selector: string): string {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  let text = '';
  for (const el of doc.querySelectorAll(selector)) {
    const content = el.textContent;
    const transformed = el.closest(CASE_TRANSFORMS) ?? el.querySelector(CASE_TRANSFORMS);
    text += transformed ? content + content.toUpperCase() + content.toLowerCase() : content;
  }
  void window.happyDOM.close();
  return text;
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

/** Rewrites a page for renamed files: every URL, and the CSP hashes of the styles that changed. */
export function renameInPage(html: string, renames: ReadonlyMap<string, string>): string {
  let out = html;
  for (const [from, to] of renames) out = out.split(from).join(to);
  return withStyleHashes(html, out);
}

/** A page of the build (`podcast/index.html`) whose characters must not change the site's other pages. */
export type OwnSubset = (file: string) => boolean;

/**
 * Subsets every web font of the build in `dir` to the characters the pages draw in it; returns what
 * it did. The pages `apart` names (the campaign pages) get the site's subset when they draw no
 * character more, else one of their own with every page's characters: a word the owner writes on
 * a campaign page never changes the bytes of the site's other pages.
 */
export async function subsetBuildFonts(
  dir: string,
  subsets: FontSubsets,
  apart: OwnSubset = () => false,
): Promise<string[]> {
  const pages = new Map<string, string>();
  for (const file of await htmlFiles(dir)) pages.set(file, await readFile(join(dir, file), 'utf8'));
  const site = [...pages.keys()].filter((file) => !apart(file));
  const charactersDrawn = (files: readonly string[], selector?: string) =>
    characterSet(
      files
        .map((file) => pages.get(file)!)
        .map((html) => (selector ? textDrawnIn(html, selector) : visibleText(html)))
        .join('') + ALWAYS,
    );

  const faces = new Map<string, FontFace>();
  for (const html of pages.values()) for (const face of fontFaces(html)) faces.set(face.url, face);

  const groups = [site, [...pages.keys()].filter(apart)].filter((files) => files.length > 0);
  const renames = groups.map(() => new Map<string, string>());
  const report: string[] = [];
  for (const { family, url } of faces.values()) {
    const name = Object.keys(subsets).find((key) => family === key || family.startsWith(`${key}-`));
    const options = name ? subsets[name] : undefined;
    const original = await readFile(join(dir, url));
    const pinned = options !== undefined && Object.values(options.axes).every((v) => typeof v === 'number');
    const written = new Map<string, string>();
    for (const [index, files] of groups.entries()) {
      // The site's pages' characters, and a campaign page's on top of them.
      const text = charactersDrawn(index === 0 ? site : [...site, ...files], options?.drawnIn);
      if (!written.has(text)) {
        const subset = await subsetFont(original, text, {
          targetFormat: 'woff2',
          keepFeatures: LAYOUT_FEATURES,
          ...(options ? { variationAxes: options.axes } : {}),
          ...(pinned ? { dropTables: STATIC_FACE_UNUSED_TABLES } : {}),
        });
        const hash = contentStamp(subset, 16);
        const renamed = url.replace(/[^/]+\.woff2$/, `${hash}.woff2`);
        await writeFile(join(dir, renamed), subset);
        written.set(text, renamed);
        report.push(
          `${name ?? family}${index === 0 ? '' : ' (campaign pages)'}: ${(original.length / 1024).toFixed(1)} KB -> ${(subset.length / 1024).toFixed(1)} KB (${text.length} characters)`,
        );
      }
      renames[index]!.set(url, written.get(text)!);
    }
    if (![...written.values()].includes(url)) await rm(join(dir, url));
  }
  for (const [index, files] of groups.entries())
    for (const file of files) {
      const html = pages.get(file)!;
      const out = renameInPage(html, renames[index]!);
      if (out !== html) await writeFile(join(dir, file), out);
    }
  return report;
}

/**
 * The campaign pages of the project at `root` (src/content/campaigns/<name>.yaml is
 * `<name>/index.html`), and the variants of a split test running on one: a campaign's words, and
 * those it is tested with, never change the site's other pages.
 */
export function campaignPages(root: string): OwnSubset {
  const variants = readRunningList(root)
    .filter((test) => !isPagePath(test.page))
    .flatMap((test) => test.variants.slice(1).map((variant) => variant.file.replace(/^\//, '')));
  const files = new Set([...campaignNames(root).map((name) => `${name}/index.html`), ...variants]);
  return (file) => files.has(file);
}

export function subsetFonts(subsets: FontSubsets): AstroIntegration {
  let root: URL;
  return {
    name: 'subset-fonts',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = config.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const report = await subsetBuildFonts(
          fileURLToPath(dir),
          subsets,
          campaignPages(fileURLToPath(root)),
        );
        logger.info(report.join(', '));
      },
    },
  };
}
