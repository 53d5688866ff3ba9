// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { installBuyBar, SHOWN_ATTR } from '../../src/lib/buy-bar.ts';

function setup(ctaBottom: number, { withCta = true } = {}) {
  document.body.innerHTML = `
    <main>${withCta ? '<a href="/buy" data-hero-cta>Get the kit</a>' : ''}</main>
    <aside data-buy-bar><a href="/buy">Buy now</a></aside>`;
  let bottom = ctaBottom;
  const cta = document.querySelector<HTMLElement>('[data-hero-cta]');
  if (cta) cta.getBoundingClientRect = () => ({ bottom }) as DOMRect;
  const stop = installBuyBar(window);
  const bar = document.querySelector('[data-buy-bar]')!;
  return {
    shown: () => bar.hasAttribute(SHOWN_ATTR),
    scrollCtaTo: (value: number) => {
      bottom = value;
      window.dispatchEvent(new Event('scroll'));
    },
    stop,
  };
}

describe('mobile buy bar', () => {
  it('is hidden while the hero call to action is in view, shown once it has scrolled out, hidden when it returns', () => {
    const bar = setup(420);
    expect(bar.shown()).toBe(false);
    bar.scrollCtaTo(12);
    expect(bar.shown()).toBe(false);
    bar.scrollCtaTo(-5);
    expect(bar.shown()).toBe(true);
    bar.scrollCtaTo(300);
    expect(bar.shown()).toBe(false);
    bar.stop();
  });

  it('stays hidden while the call to action is still below the fold', () => {
    const bar = setup(1400);
    expect(bar.shown()).toBe(false);
    bar.stop();
  });

  it('is shown at once on a page opened already scrolled past the hero', () => {
    const bar = setup(-2000);
    expect(bar.shown()).toBe(true);
    bar.stop();
  });

  it('is simply shown where the page has no hero call to action', () => {
    expect(setup(0, { withCta: false }).shown()).toBe(true);
  });
});
