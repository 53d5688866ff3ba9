import { describe, expect, it } from 'vitest';
import { whenIdleAfterFirstPaint } from '../../src/lib/after-first-paint.ts';

/** A window whose load, frames, timeouts and idle periods the test steps through by hand. */
function steppedWindow(readyState: DocumentReadyState) {
  const queue: { kind: 'load' | 'frame' | 'timeout' | 'idle'; run: () => void }[] = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, run: () => void) => type === 'load' && queue.push({ kind: 'load', run }),
    requestAnimationFrame: (run: () => void) => queue.push({ kind: 'frame', run }),
    setTimeout: (run: () => void) => queue.push({ kind: 'timeout', run }),
    requestIdleCallback: (run: () => void) => queue.push({ kind: 'idle', run }),
  };
  const step = () => {
    const next = queue.shift();
    next?.run();
    return next?.kind;
  };
  return { win: win as unknown as Window, step };
}

describe('work that waits for the first paint', () => {
  it('runs after the load, a painted frame, and an idle period, in that order', () => {
    const { win, step } = steppedWindow('loading');
    let ran = false;
    whenIdleAfterFirstPaint(() => (ran = true), win);
    const steps: (string | undefined)[] = [];
    while (!ran && steps.length < 10) steps.push(step());
    expect(steps).toEqual(['load', 'frame', 'timeout', 'idle']);
  });

  it('on a page that has already loaded, waits for the next painted frame', () => {
    const { win, step } = steppedWindow('complete');
    let ran = false;
    whenIdleAfterFirstPaint(() => (ran = true), win);
    expect(ran).toBe(false);
    const steps: (string | undefined)[] = [];
    while (!ran && steps.length < 10) steps.push(step());
    expect(steps).toEqual(['frame', 'timeout', 'idle']);
  });
});
