// @vitest-environment happy-dom
/** What a visitor does becomes one event, read from the markup's data attributes by delegated listeners. */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, EventProps } from '../../src/lib/analytics.ts';
import { eventAttributes } from '../../src/lib/event-attributes.ts';
import {
  installInteractionTracking,
  moveDirection,
  pageOf,
  sectionOf,
} from '../../src/lib/analytics-interactions.ts';

const attrs = (name: EventName, props: EventProps = {}) =>
  Object.entries(eventAttributes(name, props))
    .map(([key, value]) => `${key}="${value}"`)
    .join(' ');

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

function record(html: string) {
  document.body.innerHTML = html;
  const events: [EventName, EventProps][] = [];
  stop = installInteractionTracking(document, (name, props) => events.push([name, props]));
  return events;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cta_click', () => {
  it('reports the page, the id of the section around the link and its label', () => {
    const events = record(`
      <section id="roi"><div><a href="#" ${attrs('cta_click')}><span>Get   the kit</span> now</a></div></section>`);
    document.querySelector('span')!.click();
    expect(events).toEqual([
      ['cta_click', { page: pageOf(location.pathname), section: 'roi', label: 'Get the kit now' }],
    ]);
  });

  it('takes a region’s data-section where it has no section id (hero, nav, buy bar)', () => {
    const events = record(`
      <header data-section="nav"><a href="#" ${attrs('cta_click')}>Join</a></header>
      <aside data-section="buy-bar"><a href="#" ${attrs('cta_click')}>Buy</a></aside>`);
    for (const link of document.querySelectorAll('a')) link.click();
    expect(events.map(([, props]) => props['section'])).toEqual(['nav', 'buy-bar']);
  });

  it('a section’s own id wins over an unnamed region inside it; a carousel section without id is skipped', () => {
    document.body.innerHTML = `
      <section id="join-now"><section aria-roledescription="carousel"><a href="#">x</a></section></section>`;
    expect(sectionOf(document.querySelector('a')!)).toBe('join-now');
  });

  it('a click on anything else reports nothing', () => {
    const events = record(`<section id="hero"><a href="#">plain</a><button>b</button></section>`);
    document.querySelector('a')!.click();
    document.querySelector('button')!.click();
    expect(events).toEqual([]);
  });

  it('treats /community/ and /community as one page', () => {
    expect(pageOf('/community/')).toBe('/community');
    expect(pageOf('/')).toBe('/');
  });
});

describe('video_play, faq_open, tab_select, carousel_move, newsletter_view', () => {
  it('video_play: the play button’s video', () => {
    const events = record(`<button ${attrs('video_play', { video: 'Platform tour' })}><svg></svg></button>`);
    document.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(events).toEqual([['video_play', { video: 'Platform tour' }]]);
  });

  it('faq_open: when the item opens, not when it closes', async () => {
    const events = record(
      `<details ${attrs('faq_open', { question: 'Is it for me?' })}><summary>Q</summary></details>`,
    );
    const details = document.querySelector('details')!;
    // The browser fires `toggle` (which does not bubble) each time `open` changes.
    details.open = true;
    await settle();
    details.open = false;
    await settle();
    expect(events).toEqual([['faq_open', { question: 'Is it for me?' }]]);
  });

  it('tab_select: when a tab becomes selected, however it was done', async () => {
    const events = record(`
      <div role="tablist">
        <button role="tab" aria-selected="true" ${attrs('tab_select', { widget: 'join', tab: 'plans' })}>Plans</button>
        <button role="tab" aria-selected="false" ${attrs('tab_select', { widget: 'join', tab: 'compare' })}>Compare</button>
      </div>`);
    const [plans, compare] = document.querySelectorAll('[role="tab"]');
    plans!.setAttribute('aria-selected', 'false');
    compare!.setAttribute('aria-selected', 'true');
    await settle();
    compare!.setAttribute('aria-selected', 'true'); // selected again: no change, no event
    await settle();
    expect(events).toEqual([['tab_select', { widget: 'join', tab: 'compare' }]]);
  });

  it('carousel_move: the direction of each change of the first slide shown, not its first showing', async () => {
    const events = record(`<section ${attrs('carousel_move')}></section>`);
    const carousel = document.querySelector('section')!;
    carousel.setAttribute('data-slides', '6');
    carousel.setAttribute('data-slide', '0'); // the component starts
    await settle();
    carousel.setAttribute('data-slide', '1');
    await settle();
    carousel.setAttribute('data-slide', '0');
    await settle();
    carousel.setAttribute('data-slide', '5'); // round the loop backwards
    await settle();
    expect(events.map(([, props]) => props['direction'])).toEqual(['next', 'previous', 'previous']);
  });

  it('moveDirection takes the shorter way round the loop', () => {
    expect(moveDirection(5, 0, 6)).toBe('next');
    expect(moveDirection(0, 5, 6)).toBe('previous');
    expect(moveDirection(2, 4, 6)).toBe('next');
    expect(moveDirection(3, 3, 6)).toBeNull();
    expect(moveDirection(0, 1, 0)).toBeNull();
  });

  it('newsletter_view: once per placement, when it comes into view', () => {
    type Entry = { isIntersecting: boolean; target: Element };
    let callback: (entries: Entry[]) => void = () => {};
    const observed = new Set<Element>();
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      constructor(cb: (entries: Entry[]) => void) {
        callback = cb;
      }
      observe(el: Element) {
        observed.add(el);
      }
      unobserve(el: Element) {
        observed.delete(el);
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const events = record(`
        <div ${attrs('newsletter_view', { placement: 'newsletter-top' })}></div>
        <div ${attrs('newsletter_view', { placement: 'newsletter-bottom' })}></div>`);
      const [top, bottom] = document.querySelectorAll('div');
      expect(observed.size).toBe(2);
      callback([{ isIntersecting: false, target: bottom! }]);
      callback([{ isIntersecting: true, target: top! }]);
      expect(observed.has(top!)).toBe(false);
      expect(events).toEqual([['newsletter_view', { placement: 'newsletter-top' }]]);
    } finally {
      window.IntersectionObserver = original;
    }
  });
});
