// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  filesOf,
  FIRST_SCREEN_ONLY,
  LATE_FONTS,
  loadAfterFirstPaint,
  replayEarlyPresses,
  SHOW_ANYWAY_MS,
} from '../../src/lib/first-screen-loader.ts';

/**
 * A window without paint timing (the loader waits a frame for the paint) whose head records what
 * is added, whose timers and listeners the test fires by hand, at the address `hash`.
 */
function steppedWindow(
  hash = '',
  fonts: { family: string; status: string }[] = [],
  readyState: DocumentReadyState = 'interactive',
) {
  const added: (Record<string, unknown> & { fire: (type: string) => void })[] = [];
  const classes = new Set<string>();
  const attributes = new Map<string, string>();
  const timers: { ms: number; run: () => void }[] = [];
  const listeners = new Map<string, () => void>();
  const documentListeners = new Map<string, () => void>();
  let frame: (() => void) | undefined;
  const element = (tagName: string) => {
    const handlers = new Map<string, () => void>();
    return {
      tagName,
      addEventListener: (type: string, run: () => void) => handlers.set(type, run),
      fire: (type: string) => handlers.get(type)?.(),
    };
  };
  const win = {
    location: { hash },
    document: {
      documentElement: {
        classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) },
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
      fonts,
      readyState,
      addEventListener: (type: string, run: () => void) => documentListeners.set(type, run),
      createElement: element,
      head: { append: (added_: (typeof added)[number]) => added.push(added_) },
    },
    addEventListener: (type: string, run: () => void) => listeners.set(type, run),
    requestAnimationFrame: (run: () => void) => (frame = run),
    setTimeout: (run: () => void, ms = 0) => (ms === 0 ? run() : timers.push({ ms, run })),
  };
  const files = () => added.map(({ tagName, href, src }) => `${String(tagName)} ${String(href ?? src)}`);
  return {
    win: win as unknown as Window & typeof globalThis,
    added,
    files,
    hidden: () => classes.has(FIRST_SCREEN_ONLY),
    attributes,
    paint: () => frame?.(),
    dispatch: (type: string) => listeners.get(type)?.(),
    parsed: () => documentListeners.get('DOMContentLoaded')?.(),
    timers,
  };
}

const FILES = { stylesheet: '/_astro/site.1.css', scripts: ['/_astro/boot.2.js', '/_astro/islands.3.js'] };
const scripts = FILES.scripts.map((src) => `script ${src}`);

describe('what a page fetches once its first screen is painted', () => {
  it('reads the files from its own tag, and nothing from a tag that names no stylesheet', () => {
    const tag = document.createElement('script');
    tag.dataset['stylesheet'] = FILES.stylesheet;
    tag.dataset['script'] = FILES.scripts.join(' ');
    expect(filesOf(tag)).toEqual(FILES);
    delete tag.dataset['script'];
    expect(filesOf(tag)).toEqual({ stylesheet: FILES.stylesheet, scripts: [] });
    expect(filesOf(document.createElement('script'))).toBeUndefined();
    expect(filesOf(null)).toBeUndefined();
  });

  it('adds the whole stylesheet, then the page’s scripts as modules, only after the first paint', () => {
    const { win, added, files, paint } = steppedWindow();
    loadAfterFirstPaint(FILES, win);
    expect(added).toEqual([]);
    paint();
    expect(files()).toEqual([`link ${FILES.stylesheet}`, ...scripts]);
    expect(added[0]).toMatchObject({ rel: 'stylesheet' });
    expect(added.slice(1).map(({ type }) => type)).toEqual(['module', 'module']);
  });

  it('runs the page’s scripts only once the whole page is parsed, fetching them ahead meanwhile', () => {
    // A long page painted from its first round trip: the rest of its markup is still on its way.
    const { win, added, files, paint, parsed } = steppedWindow('', [], 'loading');
    loadAfterFirstPaint(FILES, win);
    paint();
    const preloads = FILES.scripts.map((src) => `link ${src}`);
    expect(files()).toEqual([`link ${FILES.stylesheet}`, ...preloads]);
    expect(added.slice(1).map(({ rel }) => rel)).toEqual(['modulepreload', 'modulepreload']);
    parsed();
    expect(files()).toEqual([`link ${FILES.stylesheet}`, ...preloads, ...scripts]);
  });

  it('keeps the rest of the page hidden until the stylesheet has loaded, or failed', () => {
    for (const outcome of ['load', 'error']) {
      const { win, added, hidden, paint } = steppedWindow();
      loadAfterFirstPaint(FILES, win);
      expect(hidden()).toBe(true);
      paint();
      expect(hidden()).toBe(true);
      added[0]!.fire(outcome);
      expect(hidden()).toBe(false);
    }
  });

  it(`shows the rest after ${SHOW_ANYWAY_MS} ms whatever the stylesheet does`, () => {
    const { win, hidden, timers } = steppedWindow();
    loadAfterFirstPaint(FILES, win);
    expect(timers.map(({ ms }) => ms)).toEqual([SHOW_ANYWAY_MS]);
    timers[0]!.run();
    expect(hidden()).toBe(false);
  });

  it('fetches at once for an address with a fragment, or a visitor who scrolls before the paint', () => {
    const linked = steppedWindow('#faq');
    loadAfterFirstPaint(FILES, linked.win);
    expect(linked.files()).toHaveLength(3);
    const quick = steppedWindow();
    loadAfterFirstPaint(FILES, quick.win);
    quick.dispatch('scroll');
    quick.paint();
    expect(quick.files()).toHaveLength(3);
  });

  it('adds only the stylesheet for a page without a script', () => {
    const { win, files, paint } = steppedWindow();
    loadAfterFirstPaint({ stylesheet: FILES.stylesheet, scripts: [] }, win);
    paint();
    expect(files()).toEqual([`link ${FILES.stylesheet}`]);
  });
  it('names the faces that had not come by the first paint (their fallbacks’ own faces aside)', () => {
    const { win, attributes, paint } = steppedWindow('', [
      { family: 'Inter-1', status: 'loaded' },
      { family: '"Fraunces-2"', status: 'loading' },
      { family: 'Fraunces-2 fallback: Times New Roman', status: 'error' },
    ]);
    loadAfterFirstPaint(FILES, win);
    paint();
    expect(attributes.get(LATE_FONTS)).toBe('Fraunces-2');
    const inTime = steppedWindow('', [{ family: 'Inter-1', status: 'loaded' }]);
    loadAfterFirstPaint(FILES, inTime.win);
    inTime.paint();
    expect(inTime.attributes.has(LATE_FONTS)).toBe(false);
  });
});

describe('the whole stylesheet, where the engine adopts constructed sheets', () => {
  it('is fetched and adopted by the document, not linked, and the rest shows in that task', async () => {
    const { win, added, hidden, paint } = steppedWindow();
    const adopted: { text: string }[] = [];
    const fetched: string[] = [];
    class Sheet {
      text = '';
      replaceSync(text: string) {
        this.text = text;
      }
    }
    Object.assign(win, {
      CSSStyleSheet: Sheet,
      fetch: (url: string) => {
        fetched.push(url);
        return Promise.resolve({ ok: true, text: () => Promise.resolve('.later{color:red}') });
      },
    });
    Object.defineProperty(win.document, 'adoptedStyleSheets', {
      get: () => adopted,
      set: (sheets: { text: string }[]) => adopted.splice(0, adopted.length, ...sheets),
    });
    loadAfterFirstPaint(FILES, win);
    paint();
    expect(fetched).toEqual([FILES.stylesheet]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(adopted.map((sheet) => sheet.text)).toEqual(['.later{color:red}']);
    expect(hidden()).toBe(false);
    // Only the page's scripts are added to the head.
    expect(added.map((element) => element['tagName'])).toEqual(['script', 'script']);
  });

  it('falls back to a link when the stylesheet cannot be fetched', async () => {
    const { win, files, paint } = steppedWindow();
    Object.assign(win, {
      CSSStyleSheet: class {
        replaceSync() {}
      },
      fetch: () => Promise.resolve({ ok: false, status: 503 }),
    });
    Object.defineProperty(win.document, 'adoptedStyleSheets', { value: [], writable: true });
    loadAfterFirstPaint(FILES, win);
    paint();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(files()).toEqual([...scripts, `link ${FILES.stylesheet}`]);
  });
});

describe('a press on an island drawn but not yet awake', () => {
  it('is held, and made again on the same control once the island wakes', () => {
    document.body.innerHTML =
      '<astro-island ssr uid="1"><button type="button">Next slide</button></astro-island><button type="button">Outside</button>';
    const [island, control, outside] = ['astro-island', 'astro-island button', 'body > button'].map(
      (selector) => document.querySelector(selector)!,
    );
    const pressed: string[] = [];
    document.body.addEventListener('click', (event) => pressed.push((event.target as Element).textContent!));
    replayEarlyPresses(window);
    control!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    outside!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // The island's control does nothing yet: the press waits; a control outside islands is not held.
    expect(pressed).toEqual(['Outside']);
    // As Astro wakes an island: it drops `ssr`, then announces it.
    island!.removeAttribute('ssr');
    island!.dispatchEvent(new CustomEvent('astro:hydrate'));
    expect(pressed).toEqual(['Outside', 'Next slide']);
    // An awake island's presses pass straight through.
    control!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(pressed).toEqual(['Outside', 'Next slide', 'Next slide']);
  });
});
