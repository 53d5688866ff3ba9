/**
 * `client:live`: an island whose code comes when the visitor is about to use it, and that never
 * drops a tap.
 *
 * Nothing of an island's code (React among it) is fetched or run while the page loads: a page
 * loaded and left alone asks for none of it. It is fetched and hydrated once the island is in the
 * window, comes within NEAR of it as the visitor scrolls, or is pointed at, touched or focused.
 * The hydration itself blocks nothing: Astro's React renderer hydrates inside `startTransition`,
 * which React splits into slices of a few milliseconds.
 *
 * A click or arrow key on one of its controls before hydration has finished is held, and replayed
 * on the same control once React has taken over (hydration keeps the server-rendered elements, so
 * the target is the same).
 *
 * With a media query as its value (`client:live="(max-width: 1023.98px)"`), it does nothing
 * until the query matches, like `client:media`.
 */
import type { ClientDirective } from 'astro';
import { heldPress } from './held-press.ts';

/** How far below (or above) the window an island's code starts coming, once the visitor scrolls: half a window. */
const NEAR = '50% 0px';
/** A visitor reaching for the island itself. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when in view, near it after a scroll, or reached for; replay a tap that comes sooner. */
    'client:live'?: boolean | string;
  }
}

const live: ClientDirective = (load, options, el) => {
  let hydration: Promise<void> | undefined;
  const hydrate = () => {
    hydration ??= load().then((run) => run());
    return hydration;
  };

  const held = (event: Event) => {
    const press = heldPress(event);
    // Only a visitor's press: the replay itself passes through.
    if (!event.isTrusted || !press || !el.hasAttribute('ssr')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void hydrate().then(() => press.control.dispatchEvent(press.again));
  };

  const start = () => {
    el.addEventListener('click', held, { capture: true });
    el.addEventListener('keydown', held, { capture: true });
    const observers: IntersectionObserver[] = [];
    const begin = () => {
      for (const observer of observers) observer.disconnect();
      for (const type of INTENT_EVENTS) el.removeEventListener(type, begin, { capture: true });
      removeEventListener('scroll', lookAhead, { capture: true });
      void hydrate();
    };
    const watch = (rootMargin: string) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) begin();
        },
        { rootMargin },
      );
      observer.observe(el.firstElementChild ?? el);
      observers.push(observer);
    };
    // Once the visitor scrolls, an island within NEAR of the window is on its way to them.
    const lookAhead = () => {
      removeEventListener('scroll', lookAhead, { capture: true });
      watch(NEAR);
    };
    watch('0px');
    addEventListener('scroll', lookAhead, { capture: true, passive: true });
    for (const type of INTENT_EVENTS) el.addEventListener(type, begin, { capture: true, passive: true });
  };

  const media = typeof options.value === 'string' && options.value ? matchMedia(options.value) : null;
  if (!media || media.matches) start();
  else media.addEventListener('change', start, { once: true });
};

export default live;
