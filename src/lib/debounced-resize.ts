/** Emits `debouncedresize` on window once, `delay` ms after the last `resize`. */
export const DEBOUNCED_RESIZE = 'debouncedresize';

export function debounce<A extends unknown[]>(fn: (...args: A) => void, delay: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, delay);
  };
}

export function installDebouncedResize(win: Window, delay = 250): () => void {
  const onResize = debounce(() => win.dispatchEvent(new CustomEvent(DEBOUNCED_RESIZE)), delay);
  win.addEventListener('resize', onResize, { passive: true });
  return () => win.removeEventListener('resize', onResize);
}
