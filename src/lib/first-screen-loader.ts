/**
 * What a page fetches once its first screen is painted. A page carries inline only the style
 * rules its first screen draws with, so its HTML arrives in the first round trip of a new
 * connection; the whole stylesheet and the page's scripts (its own, and its islands') are files,
 * requested here. Until the first paint the page fetches nothing but its two fonts and this
 * loader. integrations/first-screen/ bundles it as one file, the same for every page, which each
 * page's head names with `async` (so it never holds up the paint); its tag names the files
 * (`<script async src="…" data-stylesheet="…" data-script="…">`).
 *
 * The whole stylesheet repeats the first screen's rules in their original order, so once it
 * applies every element is styled exactly as by one stylesheet, and nothing on screen moves.
 * Until it applies, what lies below the first screen (marked `data-later` by the build) is kept
 * invisible rather than shown unstyled, so a visitor who scrolls at once sees it appear, not jump.
 */
import { whenPainted } from './after-first-paint.ts';
import { heldPress } from './held-press.ts';

/** On the root element while only the first screen's rules apply (the inline rule that hides the rest keys on it). */
export const FIRST_SCREEN_ONLY = 'first-screen-only';
/**
 * On the root element: the web fonts that had not come when the first screen was painted, by family.
 * Their text was drawn in its fallback (`font-display: optional`), and an inline rule keeps it in
 * the fallback for this page: without it, the whole stylesheet's arrival, which restyles the page,
 * would swap in a face that came late and move the text.
 */
export const LATE_FONTS = 'data-late-fonts';
/** However the stylesheet fares, the rest of the page shows after this long (unstyled, if it must). */
export const SHOW_ANYWAY_MS = 3000;

export interface FirstScreenFiles {
  /** The site's whole stylesheet. */
  stylesheet: string;
  /** The page's scripts (modules): its own, and what wakes its islands, when it has them. */
  scripts: string[];
}

/**
 * Adds the whole stylesheet, then calls `applied` in the task it applies in (the rest of the page
 * appears already styled), or `failed`. Where the engine can, as a constructed sheet adopted by the
 * document: adding a <link> makes Chromium build the page's font faces anew, and a face that came
 * after its text was painted in the fallback is then swapped in, moving the text; an adopted sheet
 * does not (measured: the community headline on a phone stays at its four lines). Elsewhere, and
 * if the fetch fails, as a <link>.
 */
function addStylesheet(
  href: string,
  win: Window & typeof globalThis,
  applied: () => void,
  failed: () => void,
): void {
  const doc = win.document;
  const link = () => {
    const element = doc.createElement('link');
    element.rel = 'stylesheet';
    element.href = href;
    element.addEventListener('load', applied);
    element.addEventListener('error', failed);
    doc.head.append(element);
  };
  const Sheet = win.CSSStyleSheet;
  if (typeof win.fetch !== 'function' || !('adoptedStyleSheets' in doc) || !Sheet?.prototype.replaceSync)
    return link();
  win
    .fetch(href)
    .then((response) => {
      if (!response.ok) throw new Error(`${href}: ${response.status}`);
      return response.text();
    })
    .then((text) => {
      const sheet = new Sheet();
      sheet.replaceSync(text);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
      applied();
    })
    .catch(link);
}

/**
 * A press on a control of an island that is drawn but not yet awake (its code comes after the
 * first paint) is held, and made again on that control once the island wakes: a visitor who taps
 * a carousel's arrow at once does not lose the tap. Once the island code runs, its own directive
 * does the same.
 */
export function replayEarlyPresses(win: Window & typeof globalThis): void {
  const hold = (event: Event) => {
    const press = heldPress(event);
    const island = press?.control.closest('astro-island[ssr]');
    if (!press || !island || win.customElements.get('astro-island')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    island.addEventListener('astro:hydrate', () => press.control.dispatchEvent(press.again), {
      once: true,
    });
  };
  win.document.addEventListener('click', hold, { capture: true });
}

/**
 * Adds the page's scripts as modules, to run once the whole document is parsed, as the page's own
 * module scripts would: the first screen is painted before the rest of a long page has arrived
 * (it comes a round trip later on a slow connection), and a script run then would miss the links,
 * frames and the buy bar below it. Until then they are fetched ahead (`modulepreload`).
 */
function runWhenParsed(scripts: string[], doc: Document): void {
  const run = () => {
    for (const script of scripts) {
      const element = doc.createElement('script');
      element.type = 'module';
      element.src = script;
      doc.head.append(element);
    }
  };
  if (doc.readyState !== 'loading') return run();
  for (const script of scripts) {
    const hint = doc.createElement('link');
    hint.rel = 'modulepreload';
    hint.href = script;
    doc.head.append(hint);
  }
  doc.addEventListener('DOMContentLoaded', run, { once: true });
}

export function loadAfterFirstPaint(
  { stylesheet, scripts }: FirstScreenFiles,
  win: Window & typeof globalThis = window,
): void {
  const doc = win.document;
  const root = doc.documentElement;
  root.classList.add(FIRST_SCREEN_ONLY);
  let afterStyled = () => {};
  const show = () => root.classList.remove(FIRST_SCREEN_ONLY);
  const styled = () => {
    show();
    afterStyled();
  };
  win.setTimeout(show, SHOW_ANYWAY_MS);
  let requested = false;
  const request = () => {
    if (requested) return;
    requested = true;
    const late = [...(doc.fonts ?? [])]
      .filter((face) => face.status !== 'loaded' && !face.family.includes(' fallback: '))
      .map((face) => face.family.replace(/["']/g, ''));
    if (late.length > 0) root.setAttribute(LATE_FONTS, late.join(' '));
    addStylesheet(stylesheet, win, styled, show);
    runWhenParsed(scripts, doc);
  };
  replayEarlyPresses(win);
  // A visitor who came for a part further down (an address with a fragment) gets it all at once,
  // and, unless they have moved meanwhile, is taken again to that part once it is styled: the
  // browser went there in the page as it was before.
  if (win.location.hash) {
    let moved = false;
    for (const type of ['wheel', 'touchstart', 'keydown'])
      win.addEventListener(type, () => (moved = true), { once: true, passive: true });
    afterStyled = () => {
      if (moved) return;
      const id = decodeURIComponent(win.location.hash.slice(1));
      doc.getElementById(id)?.scrollIntoView({ behavior: 'instant' });
    };
    return request();
  }
  // One who moves on before the first paint gets it all at once too.
  for (const type of ['scroll', 'keydown', 'pointerdown'])
    win.addEventListener(type, request, { once: true, passive: true });
  whenPainted(request, win);
}

/** The files the loader's own tag names; none when it names no stylesheet. */
export function filesOf(tag: Element | null): FirstScreenFiles | undefined {
  const stylesheet = tag?.getAttribute('data-stylesheet');
  if (!stylesheet) return undefined;
  const scripts = tag?.getAttribute('data-script')?.split(/\s+/).filter(Boolean) ?? [];
  return { stylesheet, scripts };
}
