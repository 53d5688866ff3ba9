/**
 * `client:live`: an island that is live by the time a visitor reaches it, and never drops a tap.
 *
 * `client:visible` starts downloading React only when a widget scrolls into view, so on a slow
 * phone its buttons sat inert for up to a second after they appeared. This directive hydrates
 * each island once the page has loaded, its first screen is painted and the browser is idle, so
 * the first screen never waits for it; sooner if the visitor scrolls, taps or presses a key
 * first, or if the island is in view.
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
import { whenIdleAfterFirstPaint } from './after-first-paint.ts';
import { heldPress } from './held-press.ts';

/** The first signs of a visitor at work: any of them hydrates every live island at once. */
const INTENT_EVENTS = ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown'] as const;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when idle after load (sooner at the first input or in view); replay a tap that comes sooner. */
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
    // The first screen is drawn, in its own fonts, before any island's code is fetched.
    whenIdleAfterFirstPaint(() => void hydrate());
    const inView = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) begin();
    });
    const begin = () => {
      inView.disconnect();
      for (const type of INTENT_EVENTS) removeEventListener(type, begin, { capture: true });
      void hydrate();
    };
    inView.observe(el);
    for (const type of INTENT_EVENTS) addEventListener(type, begin, { capture: true, passive: true });
  };

  const media = typeof options.value === 'string' && options.value ? matchMedia(options.value) : null;
  if (!media || media.matches) start();
  else media.addEventListener('change', start, { once: true });
};

export default live;
