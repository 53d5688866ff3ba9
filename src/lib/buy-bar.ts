/**
 * The kit page's buy bar (phones only: CSS hides it from md up). It is shown once the hero's own
 * call to action has scrolled out of the viewport over its top, and hidden again when that comes
 * back, so on arrival it never covers the hero. A call to action still below the fold (a short
 * screen) has not been passed, so the bar stays hidden then too. Without JavaScript the bar is
 * never shown; every buy link on the page is a plain link and still works.
 *
 * Scroll events come at most once a frame, and this reads one rectangle per event.
 */
export const SHOWN_ATTR = 'data-shown';

export function installBuyBar(win: Window & typeof globalThis): () => void {
  const doc = win.document;
  const bar = doc.querySelector<HTMLElement>('[data-buy-bar]');
  if (!bar) return () => {};
  const heroCta = doc.querySelector<HTMLElement>('[data-hero-cta]');
  if (!heroCta) {
    bar.setAttribute(SHOWN_ATTR, '');
    return () => {};
  }
  const update = () => bar.toggleAttribute(SHOWN_ATTR, heroCta.getBoundingClientRect().bottom <= 0);
  update();
  win.addEventListener('scroll', update, { passive: true });
  win.addEventListener('resize', update, { passive: true });
  return () => {
    win.removeEventListener('scroll', update);
    win.removeEventListener('resize', update);
  };
}
