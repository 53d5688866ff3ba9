/**
 * Reveal-on-scroll. Sections marked `data-reveal` fade in once when they enter the viewport.
 * Only sections that start below the fold are ever hidden, and only by this script, so
 * without JavaScript, with reduced motion, or without IntersectionObserver, everything
 * is visible from the start and nothing above the fold flashes.
 *
 * The observer alone is not enough: under a fast scroll an engine may deliver its callbacks
 * late (WebKit left sections blank for most of a second after the window had reached them). So
 * every scroll and resize also reveals, in the same frame, each hidden section whose top has
 * passed the viewport's bottom: one in view, or one scrolled past.
 */
export const PENDING_CLASS = 'reveal-pending';

export function installReveal(win: Window & typeof globalThis): () => void {
  const doc = win.document;
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || typeof win.IntersectionObserver !== 'function') return () => {};

  const viewportBottom = win.innerHeight;
  const pending = new Set(
    [...doc.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
      (el) => el.getBoundingClientRect().top > viewportBottom,
    ),
  );
  if (pending.size === 0) return () => {};

  const reveal = (el: Element) => {
    if (!pending.delete(el as HTMLElement)) return;
    el.classList.remove(PENDING_CLASS);
    observer.unobserve(el);
    if (pending.size === 0) stop();
  };
  const observer = new win.IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) reveal(entry.target);
    },
    { rootMargin: '0px 0px -5% 0px', threshold: 0 },
  );
  // Scroll events come at most once a frame, so this reads layout once a frame at most.
  const onScroll = () => {
    const bottom = win.innerHeight;
    for (const el of [...pending]) if (el.getBoundingClientRect().top < bottom) reveal(el);
  };
  // A visitor who jumps to a fragment or prints must see everything.
  const revealAll = () => {
    for (const el of [...pending]) reveal(el);
    stop();
  };
  function stop() {
    observer.disconnect();
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('resize', onScroll);
    win.removeEventListener('beforeprint', revealAll);
  }

  for (const el of pending) {
    el.classList.add(PENDING_CLASS);
    observer.observe(el);
  }
  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('resize', onScroll, { passive: true });
  win.addEventListener('beforeprint', revealAll);
  return revealAll;
}
