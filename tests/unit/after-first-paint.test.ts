import { describe, expect, it } from 'vitest';
import { whenIdleAfterFirstPaint } from '../../src/lib/after-first-paint.ts';

type Step = 'load' | 'frame' | 'timeout' | 'idle' | 'paint';

/**
 * A window whose load, frames, timeouts, idle periods and first paint the test steps through by
 * hand, in the order they were asked for; `paintTiming` says whether it records paints.
 */
function steppedWindow({ loaded, paintTiming }: { loaded: boolean; paintTiming: boolean }) {
  const queue: { kind: Step; run: () => void }[] = [];
  const paints: { name: string }[] = [];
  let paintObserver: ((list: { getEntriesByName: (n: string) => unknown[] }) => void) | null = null;
  const byName = (name: string) => paints.filter((p) => p.name === name);
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation'];
    constructor(callback: typeof paintObserver) {
      paintObserver = callback;
    }
    observe() {}
    disconnect() {
      paintObserver = null;
    }
  }
  const win = {
    document: { readyState: loaded ? 'complete' : 'loading' },
    PerformanceObserver: Observer,
    performance: { getEntriesByName: byName },
    addEventListener: (type: string, run: () => void) => type === 'load' && queue.push({ kind: 'load', run }),
    requestAnimationFrame: (run: () => void) => queue.push({ kind: 'frame', run }),
    setTimeout: (run: () => void) => queue.push({ kind: 'timeout', run }),
    requestIdleCallback: (run: () => void) => queue.push({ kind: 'idle', run }),
  };
  const paint = () => {
    paints.push({ name: 'first-contentful-paint' });
    paintObserver?.({ getEntriesByName: byName });
  };
  const step = () => {
    const next = queue.shift();
    next?.run();
    return next?.kind;
  };
  return { win: win as unknown as Window, step, paint, pending: () => queue.map((q) => q.kind) };
}

describe('work that waits for the first paint', () => {
  it('waits for the load, then the first contentful paint, then an idle period', () => {
    const { win, step, paint, pending } = steppedWindow({ loaded: false, paintTiming: true });
    let ran = false;
    whenIdleAfterFirstPaint(() => (ran = true), win);
    expect(step()).toBe('load');
    // Loaded, not painted yet: only the 3 s safety net is waiting.
    expect(pending()).toEqual(['timeout']);
    paint();
    expect(pending()).toEqual(['timeout', 'idle']);
    expect(ran).toBe(false);
    step(); // the safety net, now without effect
    expect(step()).toBe('idle');
    expect(ran).toBe(true);
  });

  it('runs once, even when the safety net and the paint both come', () => {
    const { win, step, paint } = steppedWindow({ loaded: true, paintTiming: true });
    let runs = 0;
    whenIdleAfterFirstPaint(() => (runs += 1), win);
    step(); // the safety net fires first: the page never painted within 3 s of load
    paint();
    while (step()) {
      /* drain */
    }
    expect(runs).toBe(1);
  });

  it('on a page already painted, waits only for an idle period', () => {
    const { win, step, paint } = steppedWindow({ loaded: true, paintTiming: true });
    paint();
    let ran = false;
    whenIdleAfterFirstPaint(() => (ran = true), win);
    expect(step()).toBe('idle');
    expect(ran).toBe(true);
  });

  it('without paint timing, waits for the load, an animation frame and an idle period', () => {
    const { win, step } = steppedWindow({ loaded: false, paintTiming: false });
    let ran = false;
    whenIdleAfterFirstPaint(() => (ran = true), win);
    const steps: (Step | undefined)[] = [];
    while (!ran && steps.length < 10) steps.push(step());
    expect(steps).toEqual(['load', 'frame', 'timeout', 'idle']);
  });
});
