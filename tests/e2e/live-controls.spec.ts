/**
 * No dead controls: a visitor who scrolls to a widget and taps it at once gets an answer, whether
 * the tap lands after the widget is live or before (then it is held and replayed once the widget
 * is live: src/lib/live-directive.ts). How soon the answer comes is a figure of `npm run bench`
 * (first-tap latency per island, on a 4x slower CPU over slow 4G), not a bound here: a test timed
 * in milliseconds fails when the machine is busy, not when the site is slow.
 */
import { LIVE_WIDGETS } from '../../bench/first-tap.ts';
import type { Page } from '@playwright/test';
import { siteContent } from '../../harness/site-content.ts';
import { expect, hydrated, ONE_WIDTH, shownUnlessHidden, test } from './fixtures.ts';

const { community } = siteContent;
/** The sections the owner can hide, by the widget region they hold. */
const HIDDEN_BY_OWNER: Record<string, boolean | undefined> = {
  '#target-audience': community.targetAudience.hidden,
  '#join-now': community.joinNow.hidden,
};

for (const { name: widget, region, control, answered, belowLgOnly } of LIVE_WIDGETS) {
  test(`${widget}: the first tap after scrolling to it is answered`, async ({ page }) => {
    if (belowLgOnly === true && page.viewportSize()!.width >= 1024) {
      // From lg the hero lists the features instead: no carousel control is shown to tap.
      await page.goto('/community');
      await expect(page.locator(region)).toBeHidden();
      return;
    }
    // Where the carousel's first slide sat before any tap.
    await page.addInitScript(`addEventListener('DOMContentLoaded', () => { ${answered}; });`);
    await page.goto('/community', { waitUntil: 'load' });
    if (!(await shownUnlessHidden(page, region.slice(1), HIDDEN_BY_OWNER[region]))) return;
    // Straight to the control, as a visitor who jumps there, and a tap as soon as it has stopped
    // moving (its section slides in as it enters the view), with no wait for the widget's code.
    const tapped = page.locator(control);
    await tapped.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        tapped.evaluate((el) => {
          const section = el.closest<HTMLElement>('[data-reveal]');
          return (
            !section || (getComputedStyle(section).opacity === '1' && section.getAnimations().length === 0)
          );
        }),
      )
      .toBe(true);
    await tapped.click();
    await expect(page.locator(region).first()).toBeInViewport({ ratio: 0 });
    await expect.poll(() => page.evaluate(answered), { message: `${widget} answered the tap` }).toBe(true);
  });
}

test('a page loaded and left alone asks for no island’s code; scrolling to a widget brings it', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/community', { waitUntil: 'load' });
  // Each island's component and the renderer (React) it hydrates with, as the page names them.
  const code = await page
    .locator('astro-island')
    .evaluateAll((islands) =>
      islands.flatMap((island) => [
        island.getAttribute('component-url'),
        island.getAttribute('renderer-url'),
      ]),
    );
  expect(code.length).toBeGreaterThan(0);
  // What wakes the islands has run, and the browser has then been idle: the moment code fetched
  // "when idle after load" was asked for.
  await expect.poll(() => page.evaluate(() => customElements.get('astro-island') !== undefined)).toBe(true);
  await page.evaluate(
    () => new Promise((idle) => requestIdleCallback(() => setTimeout(idle, 500), { timeout: 3000 })),
  );
  await page.waitForLoadState('networkidle');
  expect(requested.filter((path) => code.includes(path))).toEqual([]);
  if (!(await shownUnlessHidden(page, 'target-audience', community.targetAudience.hidden))) return;
  // The visitor scrolls to the dashboards: their code comes, and they wake.
  await hydrated(page, '#target-audience');
  expect(requested.some((path) => code.includes(path))).toBe(true);
});

/** Holds back the files `pattern` names until `release` is called; `held` says whether one was asked for. */
async function holdBack(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(pattern, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, held: () => asked };
}

// The hold and its replay are the page's script's (src/lib/first-screen-loader.ts and the live
// directive), with no width in them, on a tab shown at every width: proven at one. Where each
// widget sits at each width, and the first tap there, is the test above.
test(
  'a tap on a widget before its code has arrived is held and answered once it is live',
  { tag: ONE_WIDTH },
  async ({ page }) => {
    // The pricing tabs' code is held back until the tap has landed, as on a connection slower than the visitor.
    const { release } = await holdBack(page, /\/_astro\/JoinNowTabs\.[\w-]+\.js$/);
    await page.goto('/community');
    if (!(await shownUnlessHidden(page, 'join-now', community.joinNow.hidden))) return;
    const compare = page.locator('#join-tab-compare');
    await compare.click();
    // Still the server-rendered markup: nothing has answered yet.
    await expect(page.locator('astro-island:has(#join-tab-compare)')).toHaveAttribute('ssr', '');
    await expect(compare).toHaveAttribute('aria-selected', 'false');
    release();
    await expect(compare).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#join-now [role="tabpanel"]:visible')).toHaveCount(1);
  },
);

test(
  'a tap before the page’s island code has arrived at all is held and answered once it is live',
  { tag: ONE_WIDTH },
  async ({ page }) => {
    // What wakes the islands (Astro's element, its directive and the props) comes once the first
    // screen is painted: here it is held back until the tap has landed.
    const { release, held } = await holdBack(page, /\/_astro\/islands\.[0-9a-f]+\.js$/);
    // Not the load event: a script the page adds before it holds it back, and this one is held.
    await page.goto('/community', { waitUntil: 'domcontentloaded' });
    if (!(await shownUnlessHidden(page, 'join-now', community.joinNow.hidden))) return;
    await expect.poll(held, { message: 'the island code was requested after the paint' }).toBe(true);
    const compare = page.locator('#join-tab-compare');
    await compare.click();
    expect(await page.evaluate(() => customElements.get('astro-island'))).toBeUndefined();
    await expect(compare).toHaveAttribute('aria-selected', 'false');
    release();
    await expect(compare).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#join-now [role="tabpanel"]:visible')).toHaveCount(1);
  },
);
