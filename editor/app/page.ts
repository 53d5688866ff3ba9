/**
 * What the editor's page does around Keystatic's app, in both modes (started by the app's entry,
 * main.tsx, its one start): a visible "Saved" once a save has landed; the
 * form stays where the owner is after a save; in local mode, the next form opened after a save is
 * loaded afresh (a new entry's too, which then says "Entry created"); a list item's delete and
 * Reset ask first; and
 * the list rows' delete buttons, which Keystatic leaves unnamed, are named; and a Save is always
 * checked by the editor's rules, never stopped unseen by the browser; and Keystatic's typeface comes
 * from our own origin (its link to Google Fonts is taken out: editor/build/keystatic-fonts.ts).
 *
 * Local mode: a form's checks and figures read the data files as they were when the page opened
 * (opening-content.ts). A save writes the files and Keystatic redraws the saved form from them;
 * the page itself is not reloaded, so the owner stays at the field they saved. The next move to
 * another form then loads that form afresh, so its checks read the files as saved.
 */

import interUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { startLivePreview } from '../preview/panel.tsx';
import type { LayCommit } from './small-commits.ts';

const LOCAL_SAVE = '/api/keystatic/update';
/** The results view's Promote under `npm run edit`: it writes files Keystatic does not know of. */
const LOCAL_PROMOTE = '/api/keystatic/promote';
const GITHUB_GRAPHQL = 'https://api.github.com/graphql';

/** Local mode: a save has written the files since the page opened. */
let stale = false;
/** What the next page loaded in this tab says first (a note the page that left could not show). */
const NEXT_PAGE_NOTE = 'editor-next-page-note';

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** Whether `input` posts to `path` of the editor's own server. */
function postsTo(path: string, input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const url = new URL(urlOf(input), location.href);
  return init?.method === 'POST' && url.origin === location.origin && url.pathname === path;
}

/** Whether `input` is a save: a local write, or a commit to GitHub. */
function isSave(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  if (init?.method !== 'POST') return false;
  if (postsTo(LOCAL_SAVE, input, init)) return true;
  const url = new URL(urlOf(input), location.href);
  return url.href === GITHUB_GRAPHQL && typeof init.body === 'string' && init.body.includes('CreateCommit');
}

/** A GitHub answer may be 200 with errors in its body: only a commit made is "Saved". */
async function landed(answer: Response, github: boolean): Promise<boolean> {
  if (!answer.ok) return false;
  if (!github) return true;
  const body = (await answer
    .clone()
    .json()
    .catch(() => ({}))) as { errors?: unknown[] };
  return !body.errors?.length;
}

/** Each scrolled box of the page (the form's among them) and how far it is scrolled. */
function scrollPlaces(): { box: Element; top: number; selector: string }[] {
  const places = [...document.querySelectorAll('*')]
    .filter((box) => box.scrollTop > 0)
    .map((box) => ({
      box,
      top: box.scrollTop,
      selector: box.className
        ? `.${[...box.classList].map((name) => CSS.escape(name)).join('.')}`
        : box.tagName,
    }));
  return places;
}

/**
 * Keystatic draws the form afresh from the saved file once a save lands (after reading it back),
 * and its scrolled box falls back to the top. Until the owner moves (wheel, touch, keys, a press),
 * each box that falls back is scrolled back to where the owner was, once the form is long enough
 * again. The redraw comes within a second on an owner's laptop and after several on a busy one,
 * so the watch lasts half a minute at most.
 */
function restore(places: ReturnType<typeof scrollPlaces>) {
  const until = performance.now() + 30_000;
  let moved = false;
  const stop = () => (moved = true);
  const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
  for (const type of events) window.addEventListener(type, stop, { capture: true, once: true });
  const step = () => {
    // Once the owner has moved, the frame after the move leaves the box where the owner took it.
    if (moved || performance.now() >= until) {
      for (const type of events) window.removeEventListener(type, stop, { capture: true });
      return;
    }
    for (const { box, top, selector } of places) {
      const target = box.isConnected ? box : document.querySelector(selector);
      if (target && target.scrollTop !== top && target.scrollHeight >= top + target.clientHeight)
        target.scrollTop = top;
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

let savedNote: HTMLElement | undefined;
let hideNote: ReturnType<typeof setTimeout> | undefined;

/**
 * "Saved" (or another word), in a box of its own at the foot of the screen for a few seconds,
 * announced to screen readers (a status). Keystatic's own toasts vanish as the form is drawn
 * afresh after a save.
 */
function showNote(words: string) {
  if (!savedNote) {
    savedNote = document.createElement('p');
    savedNote.setAttribute('role', 'status');
    savedNote.dataset['editorSaved'] = '';
    Object.assign(savedNote.style, {
      position: 'fixed',
      insetInline: '0',
      bottom: '24px',
      width: 'max-content',
      margin: '0 auto',
      padding: '10px 18px',
      borderRadius: '8px',
      background: '#14532d',
      color: '#ffffff',
      font: '600 15px/1.4 Inter, system-ui, sans-serif',
      boxShadow: '0 4px 16px rgb(0 0 0 / 0.25)',
      zIndex: '2147483647',
    });
    document.body.append(savedNote);
  }
  savedNote.hidden = false;
  savedNote.textContent = words;
  clearTimeout(hideNote);
  hideNote = setTimeout(() => {
    if (savedNote) savedNote.hidden = true;
  }, 8000);
}

/** The note the page before this one left for it (its own could not outlive its leaving). */
function showNoteLeftBefore() {
  const note = sessionStorage.getItem(NEXT_PAGE_NOTE);
  if (!note) return;
  sessionStorage.removeItem(NEXT_PAGE_NOTE);
  showNote(note);
}

/**
 * Local mode's Promote writes a page's file and the split tests' behind Keystatic's back: the
 * results view stays drawn and says what it did, and the next form is loaded afresh, so the
 * page's form shows the promoted words.
 */
async function promote(send: typeof window.fetch, input: RequestInfo | URL, init: RequestInit | undefined) {
  const answer = await send(input, init);
  if (answer.ok) stale = true;
  return answer;
}

/**
 * The page's one request interceptor: Promote is noted, a save goes to save-noting below (a
 * commit to GitHub laid onto its files first, GitHub mode's small commits), and any other request
 * goes as it is.
 */
function interceptRequests(layCommit: LayCommit | undefined) {
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (postsTo(LOCAL_PROMOTE, input, init)) return promote(send, input, init);
    if (!isSave(input, init)) return send(input, init);
    const places = scrollPlaces();
    // A new entry's Create: Keystatic says "Entry created" itself, as it opens the entry's form.
    const creating = document.getElementById('item-create-form') !== null;
    const github = urlOf(input) === GITHUB_GRAPHQL;
    const answer = await send(input, github && layCommit && init ? await layCommit(init, send) : init);
    if (await landed(answer, github)) {
      // GitHub mode's forms read the data the editor was built with: a new page would read nothing newer.
      if (!github) stale = true;
      restore(places);
      // In local mode the new entry's form is loaded afresh (the files changed), which takes
      // Keystatic's "Entry created" with the page it leaves: the form loaded says it instead.
      if (creating && !github) sessionStorage.setItem(NEXT_PAGE_NOTE, 'Entry created');
      if (!creating) showNote('Saved');
    }
    return answer;
  };
}

/**
 * Local mode: once a save has written the files, the next move to another form (Keystatic moves
 * with pushState, and back and forward) loads that form afresh, so its checks and figures read
 * the files as saved. The form saved is left as it is.
 */
function reloadNextFormAfterSaves() {
  const push = history.pushState.bind(history);
  history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    const next = url ? new URL(url, location.href) : undefined;
    if (stale && next && next.pathname !== location.pathname) {
      location.assign(next.href);
      return;
    }
    push(data, unused, url);
  };
  window.addEventListener('popstate', () => {
    if (stale) location.reload();
  });
}

/** A list row's delete button (Keystatic's, named by nothing but its trash icon). */
const ROW_DELETE = 'button.kui\\:ListViewItem-actions';

/** A row's title, without the mark of a value that needs a fix. */
const rowTitle = (button: Element): string =>
  (button.closest('[role="row"]')?.getAttribute('aria-label') ?? 'this item').split(' ⚠ ')[0]!;

/**
 * Keystatic's list rows' delete buttons have no name: each is named after its row ("Delete Tom
 * Brennan"); its "…" is named for what it holds. Its entry forms leave the checks to it, and
 * what axe finds on its page is mended.
 */
function mendKeystatic() {
  const name = () => {
    for (const button of document.querySelectorAll(ROW_DELETE)) {
      const label = `Delete ${rowTitle(button)}`;
      if (button.getAttribute('aria-label') !== label) button.setAttribute('aria-label', label);
    }
    // A narrow form's header gathers Reset, Copy and Paste under a button Keystatic names "…".
    for (const button of document.querySelectorAll('button[aria-label="…"]'))
      button.setAttribute('aria-label', 'More actions');
  };
  const mend = () => {
    name();
    letKeystaticCheckSaves();
    mendAccessibility();
  };
  const style = document.createElement('style');
  style.textContent = EMPTY_LIST_LINE;
  document.head.append(style);
  mend();
  new MutationObserver(mend).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
}

/** The forms of a whole entry, whose Save (or Create) Keystatic checks field by field. */
const ENTRY_FORMS = '#singleton-form, #item-create-form, #item-edit-form';

/**
 * The editor's fields tell the browser when they hold a refused value (editor/app/fields.tsx), so
 * that a list item's dialog stays open on it. A whole entry's form must not be stopped that way: the
 * browser would cancel its Save before Keystatic checks it, with nothing shown but the field's own
 * message (a refused video id in view, say), and no list of what stopped the Save. So these forms
 * leave the checking to Keystatic, which then lists every refusal by its place.
 */
function letKeystaticCheckSaves() {
  for (const form of document.querySelectorAll<HTMLFormElement>(ENTRY_FORMS)) form.noValidate = true;
}

/**
 * What axe finds on Keystatic's page that the editor can mend: the page has no language and no
 * title, a required list's star is a span with a name (a name no plain span may carry: it becomes
 * an image named "(required)"), and an empty list's line is drawn too faint to read (3.3:1; drawn
 * here as the list's "Empty list" heading is, above 4.5:1); on a phone, the sidebar's resize handle
 * names as its pane one that is not drawn.
 */
function mendAccessibility() {
  if (!document.documentElement.lang) document.documentElement.lang = 'en';
  if (!document.title) document.title = 'Editor · Build Equity site';
  for (const mark of document.querySelectorAll('span[aria-label="(required)"]:not([role])'))
    mark.setAttribute('role', 'img');
  // On a phone the sidebar's pane is not drawn, yet the resize handle still says it controls it.
  for (const control of document.querySelectorAll('[aria-controls], [data-editor-controls]')) {
    const ids = control.getAttribute('aria-controls') ?? control.getAttribute('data-editor-controls') ?? '';
    const there = ids.split(/\s+/).every((id) => document.getElementById(id));
    const [from, to] = there
      ? ['data-editor-controls', 'aria-controls']
      : ['aria-controls', 'data-editor-controls'];
    if (!control.hasAttribute(from)) continue;
    control.setAttribute(to, ids);
    control.removeAttribute(from);
  }
}
const EMPTY_LIST_LINE =
  '.kui\\:ListView-centered-wrapper .kui\\:Text { color: var(--kui-color-foreground-neutral-secondary); }';

/** What pressing `target` would throw away, asked as a question; undefined when nothing is. */
function questionFor(target: EventTarget | null): { button: HTMLElement; question: string } | undefined {
  // Reset is a menu item when the form's header is narrow (a phone).
  const button = target instanceof Element ? target.closest<HTMLElement>('button, [role="menuitem"]') : null;
  if (!button || button.matches(':disabled, [aria-disabled="true"]')) return undefined;
  if (button.matches(ROW_DELETE)) {
    return {
      button,
      question: `Delete "${rowTitle(button)}" from the list? (Nothing is written until you press Save.)`,
    };
  }
  if (button.textContent?.trim() === 'Reset') {
    return { button, question: 'Reset this form? Every change since the last save is thrown away.' };
  }
  return undefined;
}

let confirmed = false;

/**
 * A list row's delete and the form's Reset ask first. Keystatic's buttons act on a press (pointer
 * down then up, or a key), so every event of a press on them is held; once the owner agrees, the
 * button is clicked as a screen reader would, which Keystatic takes as one press.
 */
function confirmLosses() {
  const hold = (event: Event) => {
    if (confirmed) return;
    const found = questionFor(event.target);
    if (!found) return;
    const key = event instanceof KeyboardEvent ? event.key : undefined;
    if (key !== undefined && key !== 'Enter' && key !== ' ') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // The question comes once per press: at the click, or as the key is let go.
    if (event.type !== 'click' && event.type !== 'keyup') return;
    if (!window.confirm(found.question)) return;
    confirmed = true;
    try {
      found.button.click();
    } finally {
      confirmed = false;
    }
  };
  for (const type of [
    'pointerdown',
    'mousedown',
    'pointerup',
    'mouseup',
    'touchstart',
    'touchend',
    'keydown',
    'keyup',
    'click',
  ]) {
    window.addEventListener(type, hold, true);
  }
}

/** The page around Keystatic's app; `layCommit` in GitHub mode (small-commits.ts). */
export function startEditorPage(layCommit?: LayCommit): void {
  // Keystatic's typeface (Inter), the site's own copy of it (a DOM without fonts, the unit tests', skips it).
  if (typeof FontFace === 'function')
    document.fonts.add(new FontFace('Inter', `url(${interUrl})`, { weight: '400 700' }));
  interceptRequests(layCommit);
  reloadNextFormAfterSaves();
  startLivePreview();
  confirmLosses();
  const withBody = () => {
    mendKeystatic();
    showNoteLeftBefore();
  };
  if (document.body) withBody();
  else document.addEventListener('DOMContentLoaded', withBody);
}
