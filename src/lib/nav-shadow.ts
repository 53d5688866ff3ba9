/** Marks `[data-nav]` with `data-scrolled` once the page has scrolled past the threshold. */
export function installNavShadow(win: Window, threshold = 10): () => void {
  const navs = win.document.querySelectorAll<HTMLElement>('[data-nav]');
  if (navs.length === 0) return () => {};
  let ticking = false;
  const update = () => {
    ticking = false;
    const scrolled = win.scrollY > threshold;
    for (const nav of navs) nav.toggleAttribute('data-scrolled', scrolled);
  };
  const onScroll = () => {
    if (!ticking) {
      ticking = true;
      win.requestAnimationFrame(update);
    }
  };
  update();
  win.addEventListener('scroll', onScroll, { passive: true });
  return () => win.removeEventListener('scroll', onScroll);
}
