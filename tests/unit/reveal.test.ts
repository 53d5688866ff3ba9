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
    addEventListener: () => {},
  };
  installReveal(win as unknown as Window & typeof globalThis);
  return { fire: (el: Element) => callback([{ isIntersecting: true, target: el }]), observed };
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

  it('hides nothing under reduced motion', () => {
    setup({ reduced: true });
    expect(document.querySelectorAll(`.${PENDING_CLASS}`)).toHaveLength(0);
  });

  it('hides nothing where IntersectionObserver is missing', () => {
    setup({ withObserver: false });
    expect(document.querySelectorAll(`.${PENDING_CLASS}`)).toHaveLength(0);
  });
});
