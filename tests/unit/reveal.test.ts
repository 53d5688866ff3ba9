// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { installReveal, PENDING_CLASS } from '../../src/lib/reveal.ts';

type Callback = (entries: { isIntersecting: boolean; target: Element }[]) => void;

function setup({ reduced = false, withObserver = true } = {}) {
  document.body.innerHTML = `
    <section id="above" data-reveal></section>
    <section id="below" data-reveal></section>`;
  const tops: Record<string, number> = { above: 100, below: 2000 };
  for (const el of document.querySelectorAll<HTMLElement>('[data-reveal]')) {
    el.getBoundingClientRect = () => ({ top: tops[el.id] ?? 0 }) as DOMRect;
  }
  const listeners: Record<string, () => void> = {};
  let callback: Callback = () => {};
  const observed: Element[] = [];
  class FakeObserver {
    constructor(cb: Callback) {
      callback = cb;
    }
    observe(el: Element) {
      observed.push(el);
    }
    unobserve() {}
    disconnect() {}
  }
  const win = {
    document,
    innerHeight: 800,
    matchMedia: () => ({ matches: reduced }),
    IntersectionObserver: withObserver ? FakeObserver : undefined,
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    removeEventListener: (type: string) => delete listeners[type],
  };
  installReveal(win as unknown as Window & typeof globalThis);
  return {
    fire: (el: Element) => callback([{ isIntersecting: true, target: el }]),
    observed,
    /** The page scrolls so that the section below now has its top at `top`, without any observer callback. */
    scrollTo: (top: number) => {
      tops['below'] = top;
      listeners['scroll']?.();
    },
    listeners,
  };
}

describe('reveal on scroll', () => {
  it('hides only sections below the fold, and reveals each once it enters', () => {
    const { fire, observed } = setup();
    const above = document.getElementById('above')!;
    const below = document.getElementById('below')!;
    expect(above.classList.contains(PENDING_CLASS)).toBe(false);
    expect(below.classList.contains(PENDING_CLASS)).toBe(true);
    expect(observed).toEqual([below]);
    fire(below);
    expect(below.classList.contains(PENDING_CLASS)).toBe(false);
  });

  it('reveals a section on the scroll frame that brings it into view, even when the observer is late', () => {
    const { scrollTo, listeners } = setup();
    const below = document.getElementById('below')!;
    scrollTo(900); // still under the viewport's bottom (800)
    expect(below.classList.contains(PENDING_CLASS)).toBe(true);
    scrollTo(790);
    expect(below.classList.contains(PENDING_CLASS)).toBe(false);
    // Once everything is revealed the page stops listening.
    expect(listeners['scroll']).toBeUndefined();
  });

  it('reveals a section a fast scroll has already carried past the top', () => {
    const { scrollTo } = setup();
    scrollTo(-3000);
    expect(document.getElementById('below')!.classList.contains(PENDING_CLASS)).toBe(false);
  });

  it('hides nothing under reduced motion', () => {
    setup({ reduced: true });
    expect(document.querySelectorAll(`.${PENDING_CLASS}`)).toHaveLength(0);
  });

  it('hides nothing where IntersectionObserver is missing', () => {
    setup({ withObserver: false });
    expect(document.querySelectorAll(`.${PENDING_CLASS}`)).toHaveLength(0);
  });
});
