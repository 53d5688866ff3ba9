// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCED_RESIZE, installDebouncedResize } from '../../src/lib/debounced-resize.ts';

describe('debouncedresize', () => {
  afterEach(() => vi.useRealTimers());

  it('fires once, 250 ms after the last resize', () => {
    vi.useFakeTimers();
    const stop = installDebouncedResize(window, 250);
    const seen = vi.fn();
    window.addEventListener(DEBOUNCED_RESIZE, seen);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(249);
    expect(seen).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0]?.[0]).toBeInstanceOf(CustomEvent);
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveBeenCalledTimes(1);
    window.removeEventListener(DEBOUNCED_RESIZE, seen);
    stop();
  });
});
