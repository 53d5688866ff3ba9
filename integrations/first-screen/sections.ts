/**
 * Where a page's first screen ends: the top-level elements of its <main> it shows, what lies below
 * them (marked LATER), and the marker that closes it.
 */

/** How many of the main content's top-level elements a first screen may show. */
export const FIRST_SCREEN_SECTIONS = 2;

const VOID_ELEMENTS = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));

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
 * inside the first screen's last element), for the inline rule that shows the first screen's
 * contents once all of it is parsed (FIRST_SCREEN_WHOLE in styles.ts). A page no longer than its
 * first screen is returned as it is.
 */
export function markFirstScreenEnd(html: string, sections = firstScreenSections(html)): string {
  const elements = mainElements(html)?.elements ?? [];
  if (elements.length <= sections) return html;
  const last = elements[sections - 1]!;
  const closing = `</${last.name}>`;
  const at = html.slice(0, last.end).toLowerCase().endsWith(closing) ? last.end - closing.length : last.end;
  return `${html.slice(0, at)}<template id="${FIRST_SCREEN_END}"></template>${html.slice(at)}`;
}
