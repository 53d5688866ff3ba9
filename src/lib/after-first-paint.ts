/**
 * Runs `task` once the page has loaded, its first contentful paint is on screen, and the main
 * thread is idle (at the latest 2 s later): work that can wait, such as fetching an island's code
 * or connecting to the analytics provider, never competes with the first screen for the network
 * or the CPU.
 *
 * The paint is the browser's own record of it (the `first-contentful-paint` entry), not the next
 * animation frame: a frame can be produced well before it reaches the screen. An engine without
 * paint timing waits for the next animation frame instead. A page whose first paint never comes
 * (a tab never shown) runs the task 3 s after load.
 */
const FIRST_PAINT = 'first-contentful-paint';
const NO_PAINT_MS = 3000;

type PaintWindow = Window & Partial<Pick<typeof globalThis, 'PerformanceObserver'>>;

/**
 * Runs `task` once the page's first contentful paint is on screen, loaded or not (at the latest
 * NO_PAINT_MS after the call when no paint is recorded).
 */
export function whenPainted(task: () => void, win: PaintWindow = window): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    task();
  };
  const Observer = win.PerformanceObserver;
  if (!Observer?.supportedEntryTypes?.includes('paint')) {
    // A timeout set in an animation frame runs after that frame.
    win.requestAnimationFrame(() => win.setTimeout(once, 0));
    return;
  }
  if (win.performance.getEntriesByName(FIRST_PAINT).length > 0) return once();
  const observer = new Observer((entries) => {
    if (entries.getEntriesByName(FIRST_PAINT).length === 0) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
  win.setTimeout(() => {
    observer.disconnect();
    once();
  }, NO_PAINT_MS);
}

/** Runs `task` once the page has loaded and its first contentful paint is on screen. */
export function whenFirstPainted(task: () => void, win: PaintWindow = window): void {
  const afterLoad = () => whenPainted(task, win);
  if (win.document.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
}

/** Runs `task` once the first screen is painted (see whenFirstPainted) and the main thread is idle. */
export function whenIdleAfterFirstPaint(task: () => void, win: PaintWindow = window): void {
  whenFirstPainted(() => {
    // An engine without requestIdleCallback (older Safari) gets a short timeout instead.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: 2000 });
    else win.setTimeout(task, 200);
  }, win);
}
