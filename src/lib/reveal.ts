/**
 * Reveal-on-scroll. Sections marked `data-reveal` fade in once when they enter the viewport.
 * Only sections that start below the fold are ever hidden, and only by this script, so
 * without JavaScript, with reduced motion, or without IntersectionObserver, everything
 * is visible from the start and nothing above the fold flashes.
 */
export const PENDING_CLASS = 'reveal-pending';

export function installReveal(win: Window & typeof globalThis): () => void {
  const doc = win.document;
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || typeof win.IntersectionObserver !== 'function') return () => {};

  const viewportBottom = win.innerHeight;
  const targets = [...doc.querySelectorAll<HTMLElement>('[data-reveal]')].filter(
    (el) => el.getBoundingClientRect().top > viewportBottom,
  );
  if (targets.length === 0) return () => {};

  const observer = new win.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.remove(PENDING_CLASS);
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: '0px 0px -5% 0px', threshold: 0 },
  );
  for (const el of targets) {
    el.classList.add(PENDING_CLASS);
    observer.observe(el);
  }
  // A visitor who jumps to a fragment or prints must see everything.
  const revealAll = () => {
    for (const el of targets) el.classList.remove(PENDING_CLASS);
    observer.disconnect();
  };
  win.addEventListener('beforeprint', revealAll);
  return revealAll;
}
