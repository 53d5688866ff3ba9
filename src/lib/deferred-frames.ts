/**
 * Frames from another origin (the newsletter provider's form) that wait for the first screen.
 *
 * The page ships such a frame inside `<noscript data-deferred-frame>`: without JavaScript the
 * browser shows it as written; with JavaScript the markup is inert text until this module puts it
 * in the page, once the first screen is painted and the browser is idle, or sooner once the
 * frame's area comes within a screen of the viewport, but never before the first paint. So no
 * other origin is contacted while the first screen is on its way (`loading="lazy"` alone does not
 * wait: Chromium loads a lazy frame a few screens ahead at once).
 *
 * The area's spinner (`data-frame-spinner`, hidden as written) shows only while its frame is on
 * its way and the area is in view, and goes once the frame has loaded. A spinner turning out of
 * sight is not free: two behind the newsletter frames, left turning, cost /community a frame of
 * main-thread work five times a second for as long as it stayed open.
 */
import { whenFirstPainted, whenIdleAfterFirstPaint } from './after-first-paint.ts';

const DEFERRED_FRAME_SELECTOR = 'noscript[data-deferred-frame]';
const SPINNER_SELECTOR = '[data-frame-spinner]';

/** Shows the area's spinner while `frame` loads and the area is in view; removes it once loaded. */
function spinWhileLoading(area: Element, frame: HTMLIFrameElement, win: Window & typeof globalThis): void {
  const spinner = area.querySelector<HTMLElement>(SPINNER_SELECTOR);
  if (!spinner) return;
  const show = (shown: boolean) => {
    spinner.classList.toggle('hidden', !shown);
    spinner.classList.toggle('grid', shown);
  };
  const watcher =
    typeof win.IntersectionObserver === 'function'
      ? new win.IntersectionObserver((entries) => show(entries.at(-1)!.isIntersecting))
      : null;
  if (watcher) watcher.observe(area);
  else show(true);
  frame.addEventListener(
    'load',
    () => {
      watcher?.disconnect();
      spinner.remove();
    },
    { once: true },
  );
}

export function installDeferredFrames(win: Window & typeof globalThis = window): void {
  const doc = win.document;
  // A <noscript> has no box: the area holding it is what comes into view.
  const byArea = new Map<Element, Element>();
  for (const placeholder of doc.querySelectorAll(DEFERRED_FRAME_SELECTOR)) {
    if (placeholder.parentElement) byArea.set(placeholder.parentElement, placeholder);
  }
  if (byArea.size === 0) return;

  const insert = (area: Element) => {
    const placeholder = byArea.get(area);
    if (!placeholder) return;
    byArea.delete(area);
    observer?.unobserve(area);
    const template = doc.createElement('template');
    // With scripting on, a <noscript>'s content is its markup as written (our build's), unparsed.
    template.innerHTML = placeholder.textContent ?? '';
    const frame = template.content.querySelector('iframe');
    placeholder.replaceWith(template.content);
    if (frame) spinWhileLoading(area, frame, win);
  };

  let painted = false;
  const near = new Set<Element>();
  const observer =
    typeof win.IntersectionObserver === 'function'
      ? new win.IntersectionObserver(
          (entries) => {
            for (const entry of entries) if (entry.isIntersecting) near.add(entry.target);
            if (painted) for (const area of near) insert(area);
          },
          // A screen ahead: the form is there by the time its band scrolls into view.
          { rootMargin: `${win.innerHeight}px 0px` },
        )
      : null;
  for (const area of byArea.keys()) observer?.observe(area);

  whenFirstPainted(() => {
    painted = true;
    for (const area of near) insert(area);
  }, win);
  whenIdleAfterFirstPaint(() => {
    observer?.disconnect();
    for (const area of [...byArea.keys()]) insert(area);
  }, win);
}
