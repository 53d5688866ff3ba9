// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { installNavShadow } from '../../src/lib/nav-shadow.ts';

function fakeWindow(scrollY: number) {
  document.body.innerHTML = '<header data-nav></header>';
  const listeners: (() => void)[] = [];
  const win = {
    document,
    scrollY,
    requestAnimationFrame: (cb: FrameRequestCallback) => {
      cb(0);
      return 0;
    },
    addEventListener: (_: string, fn: () => void) => listeners.push(fn),
    removeEventListener: () => {},
  };
  return { win, scroll: (y: number) => ((win.scrollY = y), listeners.forEach((fn) => fn())) };
}

describe('nav shadow', () => {
  it('is normal at the top and stronger past 10 px, and back again', () => {
    const { win, scroll } = fakeWindow(0);
    installNavShadow(win as unknown as Window, 10);
    const nav = document.querySelector('[data-nav]')!;
    expect(nav.hasAttribute('data-scrolled')).toBe(false);
    scroll(10);
    expect(nav.hasAttribute('data-scrolled')).toBe(false);
    scroll(11);
    expect(nav.hasAttribute('data-scrolled')).toBe(true);
    scroll(0);
    expect(nav.hasAttribute('data-scrolled')).toBe(false);
  });

  it('starts scrolled when the page loads mid-way', () => {
    const { win } = fakeWindow(400);
    installNavShadow(win as unknown as Window, 10);
    expect(document.querySelector('[data-nav]')!.hasAttribute('data-scrolled')).toBe(true);
  });
});
