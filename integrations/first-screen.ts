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
 * - The first screen ends with an empty marker the head names in `<link rel="expect"
 *   blocking="render">`: the browser paints nothing of it until all of it is parsed.
 * - The page's other inline styles join that one, and no inline script is left: the page's <meta>
 *   policy names the one style (trim-policy.ts then drops what left the page).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { selectOne } from 'css-select';
import { build } from 'esbuild';
import { parseDocument } from 'htmlparser2';
import postcss, { type AtRule, type Root, type Rule } from 'postcss';
import { htmlFiles } from '../deploy/build-output.ts';
import { FIRST_SCREEN_ONLY, LATE_FONTS, SHOW_ANYWAY_MS } from '../src/lib/first-screen-loader.ts';
import { sha256 } from './subset-fonts.ts';

/** How many of the main content's top-level elements a first screen may show. */
export const FIRST_SCREEN_SECTIONS = 2;
/** Tailwind's banner opens the site's stylesheet (the one inline style that is split). */
const SITE_STYLESHEET = /<style>(\/\*! tailwindcss[\s\S]*?)<\/style>/;
/** The page's own script: the one inline module Astro writes. */
const PAGE_SCRIPT = /<script type="module">([\s\S]*?)<\/script>/;
/** Astro's inline code for islands: it defines <astro-island>, or registers a hydration directive. */
const ISLAND_CODE = /customElements\.define\("astro-island"|\(self\.Astro\|\|\(self\.Astro=\{\}\)\)/;
/** An island's opening tag with its props (an attribute of JSON, escaped). */
const ISLAND_PROPS = /(<astro-island\b[^>]*?) props="([^"]*)"/g;
const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

const fileName = (stem: string, text: string, extension: string) =>
  `/_astro/${stem}.${createHash('sha256').update(text).digest('hex').slice(0, 8)}.${extension}`;

/** A top-level element of a stretch of the page: its tag's name, where it opens, and where it ends. */
interface TopLevel {
  name: string;
  start: number;
  end: number;
}

/**
 * The top-level elements of the page from `from` on, until the tag that closes their parent;
 * inline scripts and styles are not counted, nor the tags inside them. `close` is where the parent
 * closes (the page's length when it is not found).
 */
function topLevelElements(html: string, from: number): { elements: TopLevel[]; close: number } {
  const tag = /<(\/?)([a-zA-Z][\w:-]*)\b[^>]*?(\/?)>/g;
  tag.lastIndex = from;
  const elements: TopLevel[] = [];
  let depth = 0;
  let open: { name: string; start: number } | undefined;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [, closing, rawName, selfClosing] = match;
    const name = rawName!.toLowerCase();
    if (!closing && (name === 'script' || name === 'style')) {
      // Their text holds no tags to count: skip to their end.
      const end = html.indexOf(`</${name}>`, tag.lastIndex);
      if (end < 0) break;
      tag.lastIndex = end + name.length + 3;
      continue;
    }
    if (!closing && (selfClosing || VOID_ELEMENTS.has(name))) {
      if (depth === 0) elements.push({ name, start: match.index, end: tag.lastIndex });
      continue;
    }
    if (!closing) {
      if (depth === 0) open = { name, start: match.index };
      depth += 1;
      continue;
    }
    if (depth === 0) return { elements, close: match.index };
    depth -= 1;
    if (depth === 0 && open && name === open.name) elements.push({ ...open, end: tag.lastIndex });
  }
  return { elements, close: html.length };
}

/** The top-level elements of the page's <main>, and where it closes; none without a <main>. */
function mainElements(html: string): { elements: TopLevel[]; close: number } | undefined {
  const main = /<main\b[^>]*>/.exec(html);
  return main ? topLevelElements(html, main.index + main[0].length) : undefined;
}

/**
 * How many top-level elements of the page's main content its first screen shows: as many as its
 * <main> says (`data-first-screen="N"`), or FIRST_SCREEN_SECTIONS.
 */
export function firstScreenSections(html: string): number {
  const declared = /<main\b[^>]*\sdata-first-screen="(\d+)"/.exec(html)?.[1];
  return declared === undefined ? FIRST_SCREEN_SECTIONS : Math.max(1, Number(declared));
}

/**
 * Where the page's first screen ends: after the first `sections` top-level elements of its <main>
 * (inline styles and scripts do not count). The page's length when it has no <main>, or no more
 * elements than that.
 */
export function firstScreenEnd(html: string, sections = firstScreenSections(html)): number {
  const elements = mainElements(html)?.elements ?? [];
  return elements.length <= sections ? html.length : elements[sections - 1]!.end;
}

/**
 * The page cut where its first screen ends, closed again: the elements a first screen can show.
 * A page that is no more than its first screen is returned whole.
 */
export function firstScreenOf(html: string, sections = firstScreenSections(html)): string {
  const end = firstScreenEnd(html, sections);
  return end === html.length ? html : `${html.slice(0, end)}</main></body></html>`;
}

/** The attribute the build puts on what lies below the first screen. */
export const LATER = 'data-later';

/**
 * The page with every top-level element below its first screen marked LATER: those of <main>
 * after the first `sections`, and those of <body> after <main> (the footer).
 */
export function markLater(html: string, sections = firstScreenSections(html)): string {
  const main = mainElements(html);
  // A page no longer than a first screen has nothing below it.
  if (!main || main.elements.length <= sections) return html;
  const later = [
    ...main.elements.slice(sections),
    ...topLevelElements(html, html.indexOf('>', main.close) + 1).elements,
  ].filter(({ name }) => name !== 'noscript' && name !== 'template');
  let out = html;
  for (const { name, start } of later.reverse()) {
    const at = start + 1 + name.length;
    out = `${out.slice(0, at)} ${LATER}${out.slice(at)}`;
  }
  return out;
}

/** The id of the empty element the build puts at the end of a page's first screen. */
export const FIRST_SCREEN_END = 'first-screen-end';

/**
 * The page with an empty <template id=FIRST_SCREEN_END> closing its first screen (the last thing
 * inside the first screen's last element), and a head asking the browser to paint nothing before
 * that is parsed (`<link rel="expect" blocking="render">`). Chromium may paint a page it has only
 * partly parsed when the parser is slow (a busy phone): the hero, centred in its window-tall
 * section, was then drawn with half its words and moved up as the rest came, a layout shift the
 * visitor sees. A page no longer than its first screen is returned as it is.
 */
export function expectFirstScreen(html: string, sections = firstScreenSections(html)): string {
  const elements = mainElements(html)?.elements ?? [];
  if (elements.length <= sections) return html;
  const last = elements[sections - 1]!;
  const closing = `</${last.name}>`;
  const at = html.slice(0, last.end).toLowerCase().endsWith(closing) ? last.end - closing.length : last.end;
  const marked = `${html.slice(0, at)}<template id="${FIRST_SCREEN_END}"></template>${html.slice(at)}`;
  return marked.replace(
    '</head>',
    () => `<link rel="expect" href="#${FIRST_SCREEN_END}" blocking="render"></head>`,
  );
}

/** The order in which the stylesheet first names its cascade layers (the order they apply in). */
export function layerOrder(css: string): string[] {
  const names: string[] = [];
  for (const [, list] of css.matchAll(/@layer\s+([\w-]+(?:\s*,\s*[\w-]+)*)\s*[{;]/g))
    for (const name of list!.split(',').map((part) => part.trim()))
      if (!names.includes(name)) names.push(name);
  return names;
}

/** Pseudo-classes that hold in a document at rest: a selector keeps them when it is matched. */
const STRUCTURAL = new Set(
  'not is where has root empty first-child last-child only-child first-of-type last-of-type only-of-type nth-child nth-last-child nth-of-type nth-last-of-type'.split(
    ' ',
  ),
);

/**
 * The selector as it can match the document at rest: pseudo-elements stand for their element,
 * and states (hover, focus, checked, open...) are taken as possible. Structural pseudo-classes stay.
 */
export function atRest(selector: string): string {
  const out = selector.replace(
    /(?<!\\)::?(-?[a-zA-Z][\w-]*)(\((?:[^()]|\([^()]*\))*\))?/g,
    (whole, name: string) => (whole.startsWith('::') || !STRUCTURAL.has(name.toLowerCase()) ? '' : whole),
  );
  // A compound left empty (`:focus-visible`, `> ::after`) is any element.
  return out
    .replace(/\s*([>+~,])\s*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|[>+~(,])(?=$|[>+~),])/g, '$1*');
}

/** Whether a rule's selector can match an element of the document (kept, to be safe, when it cannot be read). */
function matchesAny(selector: string, document: ReturnType<typeof parseDocument>): boolean {
  try {
    return selectOne(atRest(selector), document) !== null;
  } catch {
    return true;
  }
}

const CUSTOM_PROPERTY = /--[\w-]+/g;
const declaresTheme = (rule: Rule) => rule.selectors.every((selector) => /^(:root|:host)$/.test(selector));

/**
 * What the kept rules do not use goes too: the custom properties the theme declares on :root,
 * their registrations (@property) and their defaults for engines without registration, and
 * keyframes no kept animation names. A property the page's own markup sets or reads counts as used.
 */
function pruneUnused(root: Root, html: string): void {
  const isDefaults = (node: Rule) =>
    node.parent?.parent?.type === 'atrule' &&
    /^properties$/.test(((node.parent.parent as AtRule).params ?? '').trim());
  const markup = html.replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const used = new Set(markup.match(CUSTOM_PROPERTY) ?? []);
  const animations = new Set<string>();
  const themeValues = new Map<string, string>();
  root.walkDecls((decl) => {
    // Descriptors of @property and @font-face name nothing a rule uses.
    if (decl.parent?.type !== 'rule') return;
    const rule = decl.parent as Rule;
    if (declaresTheme(rule) && decl.prop.startsWith('--')) {
      themeValues.set(decl.prop, `${themeValues.get(decl.prop) ?? ''} ${decl.value}`);
      return;
    }
    if (isDefaults(rule)) return;
    for (const name of `${decl.prop} ${decl.value}`.match(CUSTOM_PROPERTY) ?? []) used.add(name);
    if (/^animation(-name)?$/.test(decl.prop))
      for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  // A theme property used may name others.
  for (let grew = true; grew;) {
    grew = false;
    for (const name of [...used])
      for (const other of themeValues.get(name)?.match(CUSTOM_PROPERTY) ?? [])
        if (!used.has(other)) {
          used.add(other);
          grew = true;
        }
  }
  root.walkDecls((decl) => {
    const rule = decl.parent as Rule | undefined;
    if (!decl.prop.startsWith('--') || rule?.type !== 'rule') return;
    if ((declaresTheme(rule) || isDefaults(rule)) && !used.has(decl.prop)) decl.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.name === 'property' && !used.has(atRule.params.trim())) atRule.remove();
    if (/keyframes$/.test(atRule.name) && !animations.has(atRule.params.trim())) atRule.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
}

/**
 * The rules of `css` that the first screen of `html` draws with, at every width: a rule stays when
 * one of its selectors can match an element there (in any state), with the at-rules around it;
 * font faces, registered properties, keyframes and layer statements always stay. The layers are
 * declared first, in the whole stylesheet's order, so the rules apply in the same order once the
 * whole stylesheet arrives.
 */
export function firstScreenCss(html: string, css: string): string {
  const firstScreen = firstScreenOf(html);
  const document = parseDocument(firstScreen);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    if (!rule.selectors.some((selector) => matchesAny(selector, document))) rule.remove();
  });
  pruneUnused(root, firstScreen);
  // At-rules left empty go, innermost first.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  root.walkComments((comment) => {
    comment.remove();
  });
  const layers = layerOrder(css);
  return `${layers.length > 0 ? `@layer ${layers.join(',')};` : ''}${root.toString()}`;
}

/**
 * The inline script that fetches the stylesheet and the page's script once the first screen is
 * painted: the same on every page (its tag names the files), so the site's policy holds one hash for it.
 */
let loader: Promise<string> | undefined;
export function loaderCode(): Promise<string> {
  const entry = fileURLToPath(new URL('../src/lib/first-screen-loader.ts', import.meta.url));
  loader ??= build({
    stdin: {
      contents: `import { filesOf, loadAfterFirstPaint } from ${JSON.stringify(entry)};\nconst files = filesOf(document.currentScript);\nif (files) loadAfterFirstPaint(files);`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    legalComments: 'none',
  }).then((result) => result.outputFiles[0]!.text.trim());
  return loader;
}

/**
 * For each web font the page declares (`--font-x: Face, "Face fallback: …", …` beside its
 * @font-face), a rule that keeps its text in the fallback once the loader has found the face late
 * (LATE_FONTS names it).
 */
export function lateFontRules(html: string): string {
  return [...html.matchAll(/--(font-[\w-]+):([^;}]+)/g)]
    .map(([, name, value]) => {
      const [face, ...fallbacks] = value!.split(',').map((part) => part.trim());
      if (!face || !fallbacks[0]?.includes(' fallback: ')) return '';
      return `html[${LATE_FONTS}~="${face.replace(/["']/g, '')}"]{--${name}:${fallbacks.join(',')}}`;
    })
    .join('');
}

/**
 * The page with its islands' inline code and props taken out, and the one script that puts them
 * back: each island's props first (on its tag, by its uid), then Astro's own code as it was inline,
 * which defines <astro-island> and so hydrates them. None for a page without islands.
 */
export function islandsOf(html: string): { html: string; code?: string } {
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].filter(([, code]) =>
    ISLAND_CODE.test(code!),
  );
  if (inline.length === 0) return { html };
  const props: Record<string, string> = {};
  let out = html.replace(ISLAND_PROPS, (tag: string, open: string) => {
    const island = parseDocument(`${tag}>`).children[0] as { attribs?: Record<string, string> };
    const { uid, props: value } = island.attribs ?? {};
    if (!uid || value === undefined) return tag;
    props[uid] = value;
    return open;
  });
  for (const [whole] of inline) out = out.replace(whole, () => '');
  const restore = `{const p=${JSON.stringify(props)};for(const u in p)document.querySelector(\`astro-island[uid="\${u}"]\`)?.setAttribute("props",p[u])}`;
  return { html: out, code: [restore, ...inline.map(([, code]) => code!.trim())].join(';\n') };
}

/** The height a part below the first screen is taken to have before it is laid out: about a phone's screen. */
const LATER_HEIGHT = '800px';

/** The name of the animation that shows what lies below the first screen should the loader never run. */
const SHOWN_ANYWAY = 'first-screen-shown';

/**
 * Until the whole stylesheet applies (the loader then takes FIRST_SCREEN_ONLY off the root), what
 * lies below the first screen is neither shown unstyled nor allowed to widen the page. The class
 * is in the markup, so the rule holds from the first paint; only where scripts run (without them
 * the <noscript> link styles the page), and for SHOW_ANYWAY_MS at most, should the loader not come.
 *
 * Meanwhile the browser does not lay it out either (`content-visibility: auto`; each part counts
 * as LATER_HEIGHT tall until it nears the screen): the first paint no longer waits for a layout of
 * the whole page's markup, most of it without its styles yet. Once the stylesheet applies, the
 * rule goes with the class, and the page is laid out as it always was.
 */
const HIDE_LATER =
  `@media (scripting:enabled){.${FIRST_SCREEN_ONLY} [${LATER}]{visibility:hidden;overflow:clip;` +
  `content-visibility:auto;contain-intrinsic-size:auto ${LATER_HEIGHT};` +
  `animation:${SHOWN_ANYWAY} 0s ${SHOW_ANYWAY_MS}ms forwards}}@keyframes ${SHOWN_ANYWAY}{to{visibility:visible}}`;

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
  let out = expectFirstScreen(markLater(islands.html));
  const others = [...out.matchAll(/<style>([\s\S]*?)<\/style>/g)].filter(([, text]) => text !== css);
  for (const [whole] of others) out = out.replace(whole, () => '');
  const inline = `${others.map(([, text]) => text).join('')}${critical}${HIDE_LATER}${lateFontRules(html)}`;
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
