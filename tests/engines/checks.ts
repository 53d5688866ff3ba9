/**
 * The checks the cross-engine suite runs on each page, written once against the Tab interface.
 * Each reads what a visitor would notice; functions passed to `tab.run` execute in the page.
 */
import { expect } from 'vitest';
import type { Tab } from './browsers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls a value from the page until `ok` accepts it; returns the last value either way. */
export async function poll<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await sleep(100);
    value = await read();
  }
  return value;
}

/** No sideways scroll: the page is no wider than the viewport. */
export async function expectNoSidewaysScroll(tab: Tab) {
  const { scrollWidth, innerWidth } = await tab.run(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width against the viewport').toBeLessThanOrEqual(innerWidth);
}

/** What the page says of its fonts and its script: which family each text uses, which faces are preloaded. */
const fontFacts = (tab: Tab) =>
  tab.run(async () => {
    const first = (el: Element | null) =>
      el ? getComputedStyle(el).fontFamily.split(',')[0]!.trim().replace(/^"|"$/g, '') : '';
    // A face that came after the first paint leaves its text in its fallback for the page (named
    // by its web face, `<face> fallback: <local font>`, and listed in data-late-fonts): the web
    // face is what the page asked for.
    const late = (document.documentElement.getAttribute('data-late-fonts') ?? '').split(' ');
    const asked = (family: string) => {
      const face = family.replace(/ fallback: .*$/, '');
      return face === family || late.includes(face) ? face : family;
    };
    const body = asked(first(document.body));
    const heading = asked(first(document.querySelector('h1')));
    const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
      (link) => link.href,
    );
    const layer = window as unknown as { dataLayer?: { event?: string }[] };
    return {
      url: location.href,
      body,
      heading,
      preloaded,
      events: (layer.dataLayer ?? []).map((entry) => entry.event ?? ''),
    };
  });

/**
 * The file a family's @font-face rule names, fetched from the page and handed to the engine as a
 * new face: whether the engine accepts it (its own parser, no display policy in the way). Returns
 * the file's URL too, or null when no rule of the page names the family.
 */
const fontFileOf = (tab: Tab, family: string) =>
  tab.run(async (name: string) => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
    const face = rules.find(
      (rule): rule is CSSFontFaceRule =>
        rule instanceof CSSFontFaceRule &&
        rule.style.getPropertyValue('font-family').replace(/"/g, '') === name,
    );
    const url = face && /url\("?([^")]+)"?\)/.exec(face.style.getPropertyValue('src'))?.[1];
    if (!url) return null;
    const href = new URL(url, location.href).href;
    const response = await fetch(href);
    if (!response.ok) return { href, accepted: false };
    const probe = new FontFace(`probe-${name}`, await response.arrayBuffer());
    const accepted = await probe.load().then(
      () => probe.status === 'loaded',
      () => false,
    );
    return { href, accepted };
  }, family);

/**
 * The page is styled and its script ran: body text asks for Inter and headings for Fraunces, both
 * self-hosted and preloaded, and the shared module pushed its page view. Whether a first view draws
 * the faces is a race by design (`font-display: optional` keeps the size-matched fallback when they
 * come late, and Firefox then gives up the face for that page), so the check is that each family's
 * rule names a preloaded file of this site that the engine accepts as a font: a missing, broken or
 * blocked font fails it on any machine, a slow one on a busy machine does not.
 */
export async function expectStyledAndWorking(tab: Tab, event = 'page_view') {
  const facts = await poll(
    () => fontFacts(tab),
    (f) => f.events.length > 0,
  );
  expect(facts.events, 'the page script ran').toContain(event);
  expect(facts.body, 'body text font').toMatch(/^Inter/);
  expect(facts.heading, 'heading font').toMatch(/^Fraunces/);
  expect(facts.preloaded, 'both faces preloaded from this site').toHaveLength(2);
  for (const href of facts.preloaded) expect(new URL(href).origin).toBe(new URL(facts.url).origin);
  for (const family of [facts.body, facts.heading]) {
    const file = await fontFileOf(tab, family);
    expect(file, `an @font-face rule for ${family}`).not.toBeNull();
    expect(facts.preloaded, `${family}'s file is preloaded`).toContain(file!.href);
    expect(file!.accepted, `${family}'s file (${file!.href}) is a font the engine accepts`).toBe(true);
  }
}

/**
 * A fast scroll to the bottom (a jump of two screens each frame, as a flick does), then every
 * section becomes fully visible: none left faint by a late observer.
 */
export async function expectAllSectionsVisibleAfterFastScroll(tab: Tab) {
  const pending = await tab.run(() => document.querySelectorAll('.reveal-pending').length);
  expect(pending, 'sections waiting below the fold at load').toBeGreaterThan(0);
  await tab.run(async () => {
    const end = document.documentElement.scrollHeight;
    for (let top = 0; top <= end; top += innerHeight * 2) {
      window.scrollTo({ top, behavior: 'instant' });
      await new Promise(requestAnimationFrame);
    }
    window.scrollTo({ top: end, behavior: 'instant' });
  });
  const faintSections = () =>
    tab.run(() =>
      [...document.querySelectorAll<HTMLElement>('[data-reveal]')]
        .filter((el) => getComputedStyle(el).opacity !== '1')
        .map((el) => `${el.id || el.tagName} (${getComputedStyle(el).opacity})`),
    );
  // A fade lasts a fraction of a second; a section left faint stays faint however long one waits.
  const faint = await poll(faintSections, (ids) => ids.length === 0, 10_000);
  expect(faint, 'sections still faint 10 s after the scroll').toEqual([]);
}

/** Scrolls instantly (the root has smooth scrolling) and waits for two frames. */
export function scrollTo(tab: Tab, where: 'top' | 'bottom' | 'past-hero') {
  return tab.run(async (to: string) => {
    const cta = document.querySelector('[data-hero-cta]');
    const top =
      to === 'top'
        ? 0
        : to === 'bottom'
          ? document.documentElement.scrollHeight
          : scrollY + (cta ? cta.getBoundingClientRect().bottom : 0) + 40;
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
  }, where);
}

const barState = (tab: Tab) =>
  tab.run(() => {
    const bar = document.querySelector<HTMLElement>('[data-buy-bar]')!;
    const style = getComputedStyle(bar);
    const box = bar.getBoundingClientRect();
    return {
      display: style.display,
      shown: style.visibility === 'visible' && box.top < innerHeight && box.bottom <= innerHeight + 1,
      hidden: style.display === 'none' || style.visibility === 'hidden',
      top: innerHeight - bar.offsetHeight,
    };
  });

/**
 * The phone buy bar: hidden on arrival (the hero and its call to action are uncovered), shown
 * once the hero's call to action has scrolled away, hidden again when it returns; at the bottom
 * the footer's last line stays clear of it. From 768 px it is not there at all.
 */
export async function expectBuyBarBehaviour(
  tab: Tab,
  width: number,
  screenshots?: { load: string; past: string },
) {
  await scrollTo(tab, 'top');
  if (width >= 768) {
    expect((await barState(tab)).display).toBe('none');
    return;
  }
  expect(
    (
      await poll(
        () => barState(tab),
        (s) => s.hidden,
      )
    ).hidden,
    'bar hidden on arrival',
  ).toBe(true);
  if (screenshots) await tab.screenshot(screenshots.load);
  await scrollTo(tab, 'past-hero');
  expect(
    (
      await poll(
        () => barState(tab),
        (s) => s.shown,
      )
    ).shown,
    'bar shown past the hero CTA',
  ).toBe(true);
  if (screenshots) {
    await sleep(300); // the slide-in has finished
    await tab.screenshot(screenshots.past);
  }
  await scrollTo(tab, 'top');
  expect(
    (
      await poll(
        () => barState(tab),
        (s) => s.hidden,
      )
    ).hidden,
    'bar hidden when the CTA returns',
  ).toBe(true);
  await scrollTo(tab, 'bottom');
  const state = await poll(
    () => barState(tab),
    (s) => s.shown,
  );
  expect(state.shown, 'bar shown at the bottom').toBe(true);
  const lastLine = await tab.run(() =>
    Math.max(
      ...[...document.querySelectorAll('footer a, footer p')].map((el) => el.getBoundingClientRect().bottom),
    ),
  );
  expect(lastLine, "footer's last line against the bar's top").toBeLessThanOrEqual(state.top);
}

/** The video facade turns into a titled player frame, allowed fullscreen through `allow` only. */
export async function expectVideoFacade(tab: Tab) {
  // The player's real address is on another host this test must not depend on: a blank frame
  // stands in for it, the facade's own behaviour is what is checked.
  const title = await tab.run(() => {
    const facade = document.querySelector<HTMLElement>('[data-video]')!;
    facade.dataset['videoSrc'] = 'about:blank';
    facade.scrollIntoView({ block: 'center', behavior: 'instant' });
    return facade.dataset['videoTitle'];
  });
  await tab.click('[data-video] [data-video-play]');
  const frame = await poll(
    () =>
      tab.run(() => {
        const iframe = document.querySelector('[data-video] iframe');
        return iframe
          ? {
              title: iframe.getAttribute('title'),
              allow: iframe.getAttribute('allow') ?? '',
              legacy: iframe.hasAttribute('allowfullscreen'),
              focused: document.activeElement === iframe,
              buttons: document.querySelectorAll('[data-video] iframe ~ [data-video-play]').length,
            }
          : null;
      }),
    (f) => f !== null,
  );
  expect(frame).toEqual({
    title,
    allow: expect.stringContaining('fullscreen'),
    legacy: false,
    focused: true,
    buttons: 0,
  });
}

/** Every `<details name>` group keeps one open at a time when a visitor clicks its summaries. */
export async function expectOneOpenDetailsGroups(tab: Tab) {
  const groups = await tab.run(() => {
    const byName = new Map<string, string[]>();
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details[name]')) {
      if (!details.id || details.getClientRects().length === 0) continue;
      byName.set(details.name, [...(byName.get(details.name) ?? []), details.id]);
    }
    return [...byName].filter(([, ids]) => ids.length > 1);
  });
  expect(groups.length, 'details groups on the page').toBeGreaterThan(0);
  const openIn = (ids: string[]) =>
    tab.run(
      (list: string[]) => list.filter((id) => (document.getElementById(id) as HTMLDetailsElement).open),
      ids,
    );
  for (const [, ids] of groups) {
    const [a, b] = ids as [string, string];
    if ((await openIn([b])).length === 0) await tab.click(`#${b} > summary`);
    expect(
      await poll(
        () => openIn(ids),
        (open) => open.length === 1,
      ),
      `${b} open alone`,
    ).toEqual([b]);
    await tab.click(`#${a} > summary`);
    expect(
      await poll(
        () => openIn(ids),
        (open) => open[0] === a,
      ),
      `${a} open alone`,
    ).toEqual([a]);
    await tab.click(`#${a} > summary`);
    expect(
      await poll(
        () => openIn(ids),
        (open) => open.length === 0,
      ),
      'closable',
    ).toEqual([]);
  }
}

/** Brings a region into view and waits until its React islands have hydrated. */
export async function hydrate(tab: Tab, selector: string) {
  await tab.run((sel: string) => {
    document.querySelector(sel)!.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, selector);
  const left = await poll(
    () => tab.run((sel: string) => document.querySelectorAll(`${sel} astro-island[ssr]`).length, selector),
    (count) => count === 0,
    10_000,
  );
  expect(left, `${selector} hydrated`).toBe(0);
}

/** Each visible tablist: a click selects a tab, ArrowRight moves selection and focus to the next. */
export async function expectTabs(tab: Tab) {
  const lists = await tab.run(() =>
    [...document.querySelectorAll('[role="tablist"]')]
      .filter((list) => list.getClientRects().length > 0)
      .map((list, index) => {
        list.setAttribute('data-engine-tablist', String(index));
        return list.getAttribute('aria-label') ?? String(index);
      }),
  );
  expect(lists.length, 'tablists on the page').toBeGreaterThanOrEqual(2);
  for (let index = 0; index < lists.length; index++) {
    const scope = `[data-engine-tablist="${index}"]`;
    const state = () =>
      tab.run((sel: string) => {
        const tabs = [...document.querySelectorAll(`${sel} [role="tab"]`)];
        return {
          count: tabs.length,
          selected: tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
          focused: tabs.indexOf(document.activeElement as Element),
        };
      }, scope);
    await tab.click(`${scope} [role="tab"]:nth-of-type(2)`);
    expect((await poll(state, (s) => s.selected === 1)).selected, `${lists[index]}: click`).toBe(1);
    await tab.press('ArrowRight');
    const next = 2 % (await state()).count; // the last tab wraps to the first
    const after = await poll(state, (s) => s.selected === next && s.focused === next);
    expect({ selected: after.selected, focused: after.focused }, `${lists[index]}: ArrowRight`).toEqual({
      selected: next,
      focused: next,
    });
  }
}

/** The feature carousel (below lg) moves with Next and comes back with Previous. */
export async function expectCarousel(tab: Tab, width: number) {
  const visible = await tab.run(
    () => document.querySelector('[data-carousel]')?.getClientRects().length ?? 0,
  );
  if (width >= 1024) {
    expect(visible, 'carousel hidden from lg').toBe(0);
    return;
  }
  await hydrate(tab, '#feature-carousel');
  const firstX = () =>
    tab.run(() => document.querySelector('[data-carousel] [data-carousel-slide]')!.getBoundingClientRect().x);
  const home = await firstX();
  await tab.click('[data-carousel] button[aria-label="Next slide"]');
  expect(await poll(firstX, (x) => x < home - 50), 'Next moved the slides').toBeLessThan(home - 50);
  await tab.click('[data-carousel] button[aria-label="Previous slide"]');
  expect(
    Math.abs((await poll(firstX, (x) => Math.abs(x - home) < 5)) - home),
    'Previous came back',
  ).toBeLessThan(5);
}

/** The not-found page says so and leads home. */
export async function expectNotFoundPage(tab: Tab) {
  const facts = await tab.run(() => ({
    text: document.body.innerText,
    home: [...document.querySelectorAll<HTMLAnchorElement>('main a[href="/"]')].map((a) =>
      a.innerText.trim(),
    ),
  }));
  expect(facts.text).toContain('Oops! Page not found');
  expect(facts.home).toContain('Return to Home');
}

export async function expectNoProblems(tab: Tab) {
  expect(await tab.takeProblems(), 'console errors and warnings, uncaught errors, CSP violations').toEqual(
    [],
  );
}

/**
 * Real visitors' speed in this engine: once the page goes to the background, the dataLayer has a
 * `web_vital` event for each metric the engine measures: FCP in every engine, LCP and CLS wherever
 * the engine reports those entries (PerformanceObserver.supportedEntryTypes), TTFB where the
 * navigation's timing holds a first byte (web-vitals reports none without it, and WebKitGTK and
 * Firefox leave it at 0 on some navigations); INP only after a slow enough interaction. Each with
 * its value, rating and page.
 */
export async function expectWebVitals(tab: Tab) {
  const path = await tab.run(() => location.pathname);
  await poll(
    () => tab.run(() => 'webVitals' in window),
    (loaded) => loaded,
    10_000,
  );
  // A key press after the library came ends its watch for the largest paint: web-vitals ends it
  // only on a trusted input or visibility change, and the one dispatched below is not trusted.
  await tab.press('Shift');
  const measured = await tab.run(() => PerformanceObserver.supportedEntryTypes ?? []);
  // The first byte's time, as web-vitals reads it: a time after the navigation began and before now.
  const firstByte = await tab.run(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry && entry.responseStart > 0 && entry.responseStart < performance.now()
      ? entry.responseStart
      : 0;
  });
  const expected = [
    'FCP',
    ...(measured.includes('largest-contentful-paint') ? ['LCP'] : []),
    ...(measured.includes('layout-shift') ? ['CLS'] : []),
    ...(firstByte > 0 ? ['TTFB'] : []),
  ];
  const vitals = await poll(
    () =>
      tab.run(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
        const layer = (window as unknown as { dataLayer?: Record<string, string>[] }).dataLayer ?? [];
        return layer.filter((entry) => entry['event'] === 'web_vital');
      }),
    (found) => expected.every((metric) => found.some((entry) => entry['metric'] === metric)),
    10_000,
  );
  expect(
    vitals.map((entry) => entry['metric']),
    `${tab.engine}: the metrics it measures (${measured.join(', ')}; first byte at ${firstByte} ms)`,
  ).toEqual(expect.arrayContaining(expected));
  for (const entry of vitals) {
    expect(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']).toContain(entry['metric']);
    expect(['good', 'needs-improvement', 'poor']).toContain(entry['rating']);
    expect(Number(entry['value'])).toBeGreaterThanOrEqual(0);
    expect(entry['page']).toBe(path);
  }
  // Hidden is not a state the page returns from by itself: show it again for the checks after.
  await tab.run(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });
  return vitals.map((entry) => entry['metric']);
}
