/**
 * What a visitor does, turned into analytics events from data attributes in the markup
 * (src/lib/event-attributes.ts): one delegated listener per kind of trigger on the
 * document, none per button, so an element the owner adds reports as soon as it carries them.
 *
 * - `cta_click` on a sign-up or buy link: `{page, section, label}`, read at the click. `section`
 *   is the id of the section around it (`section[id]`), or its `data-section` (the community
 *   hero, the nav, the buy bar).
 * - `video_play {video}` on a video's play button, at the click.
 * - `faq_open {question}` on a `<details>`, when it opens (by click, keyboard or find-in-page).
 * - `tab_select {widget, tab}` on a tab, when it becomes selected: by click, arrow keys, Home and
 *   End, or a stepper button. The selection (`aria-selected`) is what all of them share.
 * - `carousel_move {direction}` on a carousel, when the slide it shows first (`data-slide`, set by
 *   the component) changes: by its buttons, arrow keys or a swipe.
 * - `newsletter_view {placement}` on the newsletter frame or link, once, when half of it is in view.
 */
import type { EventName, EventProps, Track } from './analytics.ts';

const EVENT_ATTR = 'data-event';
const PROP_PREFIX = 'data-event-';

/** The properties an element carries in its `data-event-<prop>` attributes. */
function propsOf(el: Element): EventProps {
  const props: EventProps = {};
  for (const { name, value } of el.attributes)
    if (name.startsWith(PROP_PREFIX)) props[name.slice(PROP_PREFIX.length)] = value;
  return props;
}

const nameOf = (el: Element) => el.getAttribute(EVENT_ATTR) as EventName | null;

/** The path without a trailing slash (`/community/` and `/community` are one page). */
export function pageOf(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The id of the section an element sits in, or its region's `data-section`. */
export function sectionOf(el: Element): string {
  const region = el.closest<HTMLElement>('[data-section], section[id]');
  return region?.dataset['section'] ?? region?.id ?? '';
}

const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Which way a carousel moved, from the first slide shown before and after, on a loop of `count`
 * positions: the shorter way round (a loop of two cannot tell, and says next).
 */
export function moveDirection(from: number, to: number, count: number): 'next' | 'previous' | null {
  if (!(count > 0) || from === to) return null;
  const ahead = (((to - from) % count) + count) % count;
  return ahead <= count / 2 ? 'next' : 'previous';
}

export function installInteractionTracking(doc: Document, track: Track): () => void {
  const win = doc.defaultView!;
  const emit = (el: Element, extra: EventProps = {}) => {
    const name = nameOf(el);
    if (name) track(name, { ...propsOf(el), ...extra });
  };

  // Capture, so the event is recorded before the link navigates or the facade swaps its button out.
  const onClick = (event: Event) => {
    const el = event.target instanceof Element ? event.target.closest(`[${EVENT_ATTR}]`) : null;
    if (!el) return;
    const name = nameOf(el);
    if (name === 'cta_click') {
      emit(el, { page: pageOf(win.location.pathname), section: sectionOf(el), label: textOf(el) });
    } else if (name === 'video_play') {
      emit(el);
    }
  };

  // `toggle` does not bubble: it is caught on its way down.
  const onToggle = (event: Event) => {
    const el = event.target;
    if (el instanceof HTMLDetailsElement && el.open && nameOf(el) === 'faq_open') emit(el);
  };

  const selection = new win.MutationObserver((records) => {
    for (const { target, attributeName, oldValue } of records) {
      if (!(target instanceof Element)) continue;
      const name = nameOf(target);
      if (name === 'tab_select' && attributeName === 'aria-selected') {
        if (target.getAttribute('aria-selected') === 'true' && oldValue !== 'true') emit(target);
      } else if (name === 'carousel_move' && attributeName === 'data-slide' && oldValue !== null) {
        const direction = moveDirection(
          Number(oldValue),
          Number(target.getAttribute('data-slide')),
          Number(target.getAttribute('data-slides')),
        );
        if (direction) emit(target, { direction });
      }
    }
  });
  selection.observe(doc.documentElement, {
    subtree: true,
    attributeFilter: ['aria-selected', 'data-slide'],
    attributeOldValue: true,
  });

  const seen =
    typeof win.IntersectionObserver === 'function'
      ? new win.IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              seen?.unobserve(entry.target);
              emit(entry.target);
            }
          },
          { threshold: 0.5 },
        )
      : null;
  for (const el of doc.querySelectorAll('[data-event="newsletter_view"]')) seen?.observe(el);

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('toggle', onToggle, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('toggle', onToggle, true);
    selection.disconnect();
    seen?.disconnect();
  };
}
