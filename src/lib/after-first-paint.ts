/**
 * Runs `task` once the page has loaded, a frame has been painted since, and the main thread is
 * idle (at the latest 2 s later): work that can wait, such as fetching an island's code or
 * connecting to the analytics provider, never competes with the first screen for the network or
 * the CPU. A page in a background tab paints no frame, so the task waits until it is shown.
 */
export function whenIdleAfterFirstPaint(task: () => void, win: Window = window): void {
  // An engine without requestIdleCallback (older Safari) gets a short timeout instead.
  const idle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(task, { timeout: 2000 })
      : win.setTimeout(task, 200);
  // A timeout set in an animation frame runs after that frame is painted.
  const afterPaint = () => win.requestAnimationFrame(() => win.setTimeout(idle, 0));
  if (win.document.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
