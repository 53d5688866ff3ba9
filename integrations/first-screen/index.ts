/**
 * An Astro integration that runs when the build is done (after the fonts are subset, before each
 * page's policy is trimmed to its own hashes): it takes out of each page what its first screen does
 * not need, so a page whose markup allows it arrives in the first round trip of a new connection
 * (ten TCP segments, 14.6 KB with its headers) and is painted a round trip sooner on a slow one.
 *
 * - The page keeps inline only the style rules that can match an element of its first screen (all
 *   that precedes its main content, and the first FIRST_SCREEN_SECTIONS of it), at every width.
 *   A page whose opening section is at least a window tall (`min-height: 100svh`), so that no
 *   other section shows before a scroll whatever the owner's words or hidden sections, says so on
 *   its <main> (`data-first-screen="1"`): both pages' heroes are, as their words cannot be known
 *   here, and a count of sections that fit under a hero would hold only for the words as shipped.
 * - The whole stylesheet becomes one file for the site, and the page's script (src/lib/boot.ts,
 *   which Astro inlined) a file. A small loader (src/lib/first-screen-loader.ts), itself a file
 *   the head names with `async` (it never holds up the paint), requests them once the first screen
 *   is painted. Without JavaScript, a <noscript> link loads the stylesheet as any page's.
 * - A page with islands sends them drawn, as ever, but what wakes them (Astro's inline island
 *   element, its hydration directives, and each island's props) becomes one file of the page's own,
 *   which the loader requests with the rest: the islands hydrate after the first paint anyway.
 * - What lies below the first screen is marked LATER, and kept hidden by one inline rule until the
 *   whole stylesheet applies.
 * - The first screen ends with an empty marker, and one inline rule shows what its sections hold
 *   only once that is parsed: a slow parser's paint of half the hero never moves. Nothing waits
 *   for it to be painted.
 * - The page's other inline styles join that one, and no inline script is left: the page's <meta>
 *   policy names the one style (trim-policy.ts then drops what left the page).
 *
 * Its parts: where the first screen ends (`sections.ts`), its style rules and the rules that hold
 * the rest back (`styles.ts`), the loader and the islands' script (`scripts.ts`); this file splits a
 * page with them and writes the files.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from '../../deploy/build-output.ts';
import { FIRST_SCREEN_ONLY } from '../../src/lib/first-screen-loader.ts';
import { contentStamp, sha256 } from '../hashes.ts';
import { FIRST_SCREEN_END, markFirstScreenEnd, markLater } from './sections.ts';
import { FIRST_SCREEN_WHOLE, firstScreenCss, HIDE_LATER, lateFontRules } from './styles.ts';
import { islandsOf, loaderCode } from './scripts.ts';

/** Tailwind's banner opens the site's stylesheet (the one inline style that is split). */
const SITE_STYLESHEET = /<style>(\/\*! tailwindcss[\s\S]*?)<\/style>/;
/** The page's own script: the one inline module Astro writes. */
const PAGE_SCRIPT = /<script type="module">([\s\S]*?)<\/script>/;

const fileName = (stem: string, text: string, extension: string) =>
  `/_astro/${stem}.${contentStamp(text, 8)}.${extension}`;

export interface SplitPage {
  html: string;
  /** Files to write beside the pages: path under the build's root → content. */
  files: Map<string, string>;
}

/**
 * One page made to arrive in the first round trip (see above). A page without the site's
 * stylesheet or without main content (the old address's redirect, whose script must run at once)
 * is left alone.
 */
export async function splitPage(html: string): Promise<SplitPage> {
  const files = new Map<string, string>();
  /** `text` as a file beside the pages, named for its content; its path. */
  const asFile = (stem: string, text: string, extension = 'js') => {
    const name = fileName(stem, text, extension);
    files.set(name, text);
    return name;
  };
  const css = SITE_STYLESHEET.exec(html)?.[1];
  if (css === undefined || !/<main\b/.test(html)) return { html, files };
  const stylesheet = asFile('site', css, 'css');
  const critical = firstScreenCss(html, css);
  const code = PAGE_SCRIPT.exec(html)?.[1];
  const islands = islandsOf(html);
  const scripts = [
    ...(code === undefined ? [] : [asFile('boot', code)]),
    ...(islands.code === undefined ? [] : [asFile('islands', islands.code)]),
  ];
  const loaderFile = asFile('first-screen', await loaderCode());
  const names = `data-stylesheet="${stylesheet}"${scripts.length > 0 ? ` data-script="${scripts.join(' ')}"` : ''}`;

  // The page's other inline styles (its font faces, the islands' element) join the first screen's
  // rules in one style: one hash in the policy where there were three. Unlayered, as they were.
  let out = markFirstScreenEnd(markLater(islands.html));
  const whole = out.includes(`id="${FIRST_SCREEN_END}"`) ? FIRST_SCREEN_WHOLE : '';
  const others = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].filter(([, text]) => text !== css);
  for (const [whole] of others) out = out.replace(whole, () => '');
  const inline = `${others.map(([, text]) => text).join('')}${critical}${whole}${HIDE_LATER}${lateFontRules(html)}`;
  out = out
    .replace(
      `<style>${css}</style>`,
      () =>
        `<style>${inline}</style><noscript><link rel="stylesheet" href="${stylesheet}"></noscript>` +
        `<script async src="${loaderFile}" ${names}></script>`,
    )
    .replace(
      /<html\b([^>]*)>/,
      (_tag, attributes: string) => `<html${attributes} class="${FIRST_SCREEN_ONLY}">`,
    );
  if (code !== undefined) out = out.replace(`<script type="module">${code}</script>`, () => '');
  // The policy allows the one style; trim-policy.ts then drops the hashes of what left the page.
  return {
    html: out.replace(
      /(<meta\s+http-equiv="content-security-policy"\s+content="[^"]*style-src [^;"]*)/i,
      (policy: string) => `${policy} 'sha256-${sha256(inline)}'`,
    ),
    files,
  };
}

export function firstScreen(): AstroIntegration {
  return {
    name: 'first-screen',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const written = new Set<string>();
        let pages = 0;
        for (const file of await htmlFiles(root)) {
          const path = join(root, file);
          const { html, files } = await splitPage(await readFile(path, 'utf8'));
          if (files.size === 0) continue;
          pages += 1;
          await writeFile(path, html);
          for (const [name, content] of files) {
            if (written.has(name)) continue;
            written.add(name);
            await writeFile(join(root, name), content);
          }
        }
        logger.info(`${pages} pages carry their first screen's styles; ${[...written].join(', ')}`);
      },
    },
  };
}
