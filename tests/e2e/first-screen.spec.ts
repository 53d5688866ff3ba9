/**
 * The first screen first: each page's first screen is painted from its own styles before the whole
 * stylesheet arrives, nothing below it is laid out or shown until the stylesheet applies, nothing
 * moves when it does, and the page still works should the stylesheet or its loader come late or never.
 */
import { chromium, type Page } from '@playwright/test';
import { readBuiltPage } from './built-pages.ts';
import { expect, holdTheFallback, ONE_WIDTH, test, wholeStylesheetApplied } from './fixtures.ts';
import { splitDocuments } from '../support/split-document.ts';
import { FIRST_SCREEN_ONLY } from '../../src/lib/first-screen-loader.ts';
import { CHROME_ARGS, findTestChrome } from '../../scripts/find-chrome.ts';

const PAGES = [
  { path: '/', canonical: '/' },
  { path: '/community', canonical: '/community' },
];

/** From the page's first byte on, adds up every layout shift (read with layoutShifts). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A response held back until the test lets it go: `await held.released` in a route, `held.release()` after. */
interface Hold {
  released: Promise<void>;
  release: () => void;
}
function hold(): Hold {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}

/** The site's whole stylesheet, which the first screen does not wait for. */
const SITE_STYLESHEET = /\/_astro\/site\.\w+\.css$/;

/** Answers each request for `url` once the hold `current()` returns at its request is released. */
async function holdBack(page: Page, url: RegExp, current: () => Hold): Promise<void> {
  await page.route(url, async (route) => {
    await current().released;
    await route.continue();
  });
}

const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

/**
 * Records on `window.restShowedBy` what took the first-screen-only class off the root: the whole
 * stylesheet, already applied when it went ('stylesheet'), or something else ('unstyled'). The
 * stylesheet is adopted by the document (or linked, where it cannot be): the sheet of
 * holdTheFallback is the one adopted before it.
 */
async function recordHowTheRestShowed(page: Page): Promise<void> {
  await page.addInitScript(
    ({ className, stylesheet }) => {
      const w = window as unknown as { restShowedBy?: string };
      new MutationObserver(() => {
        const root = document.documentElement;
        if (w.restShowedBy || !root || root.classList.contains(className)) return;
        const linked = [...document.styleSheets].some((sheet) =>
          new RegExp(stylesheet).test(sheet.href ?? ''),
        );
        w.restShowedBy = document.adoptedStyleSheets.length > 1 || linked ? 'stylesheet' : 'unstyled';
      }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
    },
    { className: FIRST_SCREEN_ONLY, stylesheet: SITE_STYLESHEET.source },
  );
}

/**
 * The parts marked for later (their styles wait for the whole stylesheet) that show text, a
 * picture or a colour of their own in the window, in a page loaded with the whole stylesheet held back.
 */
function partsWaitingInFirstScreen(page: Page): Promise<string[]> {
  // Text or a picture of a part marked for later, within the window, would be missing from it;
  // what is left is its padding, the same colour as the page.
  return page.evaluate(() => {
    const page = getComputedStyle(document.body).backgroundColor;
    const inWindow = (box: DOMRect) => box.bottom > 0 && box.top < innerHeight && box.width > 0;
    return [...document.querySelectorAll('[data-later]')].flatMap((part) => {
      if (!inWindow(part.getBoundingClientRect())) return [];
      const drawn = [...part.querySelectorAll('*')].filter(
        (el) =>
          inWindow(el.getBoundingClientRect()) &&
          ([...el.childNodes].some((node) => node.nodeType === 3 && node.textContent!.trim()) ||
            /^(IMG|SVG|PICTURE|VIDEO|IFRAME)$/i.test(el.tagName)),
      );
      const colour = getComputedStyle(part).backgroundColor;
      const painted = colour !== page && colour !== 'rgba(0, 0, 0, 0)';
      return drawn.length > 0 || painted ? [part.id || part.tagName] : [];
    });
  });
}

/**
 * Whether the parts marked for later are laid out. An element the browser has not laid out is
 * skipped by `content-visibility: auto`: shown by display, yet not visible once that counts.
 */
function layoutOfTheLaterParts(page: Page) {
  return page.evaluate((waitingClass) => {
    const parts = [...document.querySelectorAll('[data-later]')];
    const skippedIn = (part: Element) =>
      [...part.querySelectorAll('*')].filter(
        (el) => el.checkVisibility() && !el.checkVisibility({ contentVisibilityAuto: true }),
      ).length;
    // The browser lays out at once what comes near the window (within a margin of its
    // choosing, and the parts just below the first screen, counted at first as LATER_HEIGHT
    // tall, do): the page's last two parts, many screens down at any width, never do.
    const below = parts.slice(-2).filter((part) => part.getBoundingClientRect().top >= 2 * innerHeight);
    return {
      waiting: document.documentElement.classList.contains(waitingClass),
      below: below.length,
      laidOut: below.filter((part) => skippedIn(part) === 0).map((part) => part.id || part.tagName),
      skipped: parts.reduce((sum, part) => sum + skippedIn(part), 0),
    };
  }, FIRST_SCREEN_ONLY);
}

test.describe('the first screen first', () => {
  // One load a page with the whole stylesheet held back, a step per check of that state. Whatever
  // the owner writes (npm run test:owner-edits runs this on shorter and longer heroes).
  for (const { path } of PAGES) {
    test(`${path}: the first screen shows nothing that waits for the whole stylesheet, and the first paint does not lay out the end of the page; once it applies, every part is laid out`, async ({
      page,
    }) => {
      const held = hold();
      await holdBack(page, SITE_STYLESHEET, () => held);
      await holdTheFallback(page);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('h1')).toBeVisible();
      await test.step('the first screen shows nothing that waits for the whole stylesheet', async () => {
        expect(
          await partsWaitingInFirstScreen(page),
          `${path}: parts of the first screen that wait for the stylesheet`,
        ).toEqual([]);
      });
      await test.step('the first paint does not lay out the end of the page', async () => {
        const waiting = await layoutOfTheLaterParts(page);
        expect(waiting.waiting, `${path}: the first screen only, while the stylesheet is held`).toBe(true);
        expect(waiting.below, `${path}: the last two parts, far below the window`).toBe(2);
        expect(
          waiting.laidOut,
          `${path}: parts a screen below the window laid out before their styles`,
        ).toEqual([]);
      });
      await test.step('once the whole stylesheet applies, every part is laid out', async () => {
        held.release();
        // Styled, nothing is left out of the layout: finding text, fragments and scrolling work as ever.
        await wholeStylesheetApplied(page);
        expect((await layoutOfTheLaterParts(page)).skipped).toBe(0);
      });
    });
  }

  test.describe('on a 1920 x 1080 screen', () => {
    test.use({ viewport: { width: 1920, height: 1080 }, isMobile: false, hasTouch: false });
    for (const { path } of PAGES) {
      test(
        `${path}: the first screen shows nothing that waits for the whole stylesheet at 1920 px`,
        { tag: ONE_WIDTH },
        async ({ page }) => {
          // The whole stylesheet is still on its way: what the window shows is drawn by the inline rules alone.
          await page.route(SITE_STYLESHEET, () => {});
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          await expect(page.locator('h1')).toBeVisible();
          expect(
            await partsWaitingInFirstScreen(page),
            `${path}: parts of the first screen that wait for the stylesheet`,
          ).toEqual([]);
        },
      );
    }
  });

  for (const { path } of PAGES) {
    test(`${path}: what lies below the first screen stays hidden until the whole stylesheet applies, and nothing moves when it does`, async ({
      page,
    }) => {
      // Every layout shift from the first byte (none follow input here: the page is only scrolled).
      await recordLayoutShifts(page);
      await recordHowTheRestShowed(page);
      // The stylesheet is held back until the test lets it go: a slow connection.
      const held = hold();
      await holdBack(page, SITE_STYLESHEET, () => held);
      await holdTheFallback(page);
      const headline = page.locator('h1');
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(headline).toBeVisible();
      // Where the first screen's own loading left it: the faces settled (a face that comes
      // within its block period lays the text out again), then a frame drawn with them.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
      });
      const placed = await headline.boundingBox();
      // A visitor who scrolls at once finds the rest hidden, not drawn without its styles, and
      // the page no wider than the window.
      const before = await page.evaluate(() => {
        window.scrollTo({ top: innerHeight * 2, behavior: 'instant' });
        return {
          visibility: [...document.querySelectorAll('[data-later]')].map(
            (el) => getComputedStyle(el).visibility,
          ),
          width: document.documentElement.scrollWidth,
        };
      });
      held.release();
      await wholeStylesheetApplied(page);
      const showedBy = await page.evaluate(
        () => (window as unknown as { restShowedBy: string }).restShowedBy,
      );
      expect(showedBy).toBe('stylesheet');
      expect(before.visibility.length).toBeGreaterThan(0);
      expect(
        before.visibility.every((value) => value === 'hidden'),
        before.visibility.join(),
      ).toBe(true);
      expect(before.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      for (const element of await page.locator('[data-later]').all())
        await expect(element).toHaveCSS('visibility', 'visible');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      expect(await headline.boundingBox()).toEqual(placed);
      expect(await layoutShifts(page)).toBe(0);
    });
  }

  for (const { path } of PAGES) {
    test(`${path}: a face that comes after the first paint leaves the text in its fallback when the whole stylesheet arrives`, async ({
      page,
    }) => {
      // A slow first visit: the fonts come after the first paint, the whole stylesheet after them.
      const fonts = hold();
      const stylesheet = hold();
      await holdBack(page, /\.woff2$/, () => fonts);
      await holdBack(page, SITE_STYLESHEET, () => stylesheet);
      // The rest shows when the stylesheet applies, not when the fallback's timer runs first on a busy machine.
      await holdTheFallback(page);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const headline = page.locator('h1');
      await expect(headline).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-late-fonts', /\S/);
      const placed = await headline.boundingBox();
      fonts.release();
      await page.waitForFunction(() =>
        [...document.fonts].every((face) => face.status !== 'loading' || face.family.includes(' fallback: ')),
      );
      stylesheet.release();
      await wholeStylesheetApplied(page);
      await page.evaluate(
        () => new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0))),
      );
      expect(await headline.boundingBox()).toEqual(placed);
    });
  }

  for (const { path } of PAGES) {
    test(`${path}: when the rest of the page comes a round trip after its first screen, that screen is painted at once, and the page's script still works on the whole page`, async ({
      page,
      baseURL,
    }) => {
      const split = await splitDocuments(baseURL!);
      try {
        await page.goto(`${split.origin}${path}?utm_source=newsletter`, { waitUntil: 'commit' });
        // The first screen is on screen while the rest of the page has not come.
        await expect
          .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
          .toBe(1);
        await expect(page.locator('h1')).toBeVisible();
        expect(await page.evaluate(() => document.readyState)).toBe('loading');
        // The page's script is fetched meanwhile. Run at once, it would find only the first screen
        // (the half second gives it the time to): it waits for the whole page instead.
        await expect
          .poll(() => split.requested.some((url) => /\/_astro\/boot\.\w+\.js$/.test(url)))
          .toBe(true);
        await page.waitForTimeout(500);
        split.release();
        await page.waitForLoadState('load');
        // The campaign is carried onto every sign-up link, those below the first screen too.
        await expect(async () => {
          const hrefs = await page
            .locator('a[data-auth-link]')
            .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
          expect(hrefs.length).toBeGreaterThan(1);
          for (const href of hrefs)
            expect(new URL(href).searchParams.get('utm_source'), href).toBe('newsletter');
        }).toPass();
        // The buy bar, after the main content, follows the hero's call to action (on a phone).
        const bar = page.locator('[data-buy-bar]');
        if ((await bar.count()) > 0 && page.viewportSize()!.width < 768) {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await page.locator('main > section').nth(1).scrollIntoViewIfNeeded();
          await expect(page.locator('#hero a[data-auth-link]')).not.toBeInViewport();
          await expect(bar).toBeVisible();
        }
      } finally {
        await split.close();
      }
    });
  }

  for (const { path } of PAGES) {
    test(`${path}: when the first screen's markup stops half-way through the hero, nothing moves when the rest comes`, async ({
      page,
      baseURL,
    }) => {
      // What a busy phone's slow parser does at any point: here, deterministically, right after
      // the headline, the rest of the hero a round trip later.
      const split = await splitDocuments(baseURL!, (html) => html.indexOf('</h1>') + '</h1>'.length);
      try {
        await recordLayoutShifts(page);
        await holdTheFallback(page);
        await page.goto(`${split.origin}${path}`, { waitUntil: 'commit' });
        // Frames drawn while the rest of the hero is on its way, as a visitor would see them.
        await expect(page.locator('h1')).toBeAttached();
        expect(await page.evaluate(() => document.readyState)).toBe('loading');
        await page.evaluate(
          () => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 200))),
        );
        split.release();
        await page.waitForLoadState('load');
        await expect(page.locator('h1')).toBeVisible();
        await wholeStylesheetApplied(page);
        expect(await layoutShifts(page)).toBe(0);
      } finally {
        await split.close();
      }
    });
  }

  // One browser for both pages: its launch costs more than a page load.
  test(
    'in a window taller than the first screen, with the scrollbars a desktop with a mouse shows, nothing moves when the rest of / or /community comes',
    { tag: ONE_WIDTH },
    async ({ baseURL }) => {
      // A browser launched, and two pages walked in it.
      test.slow();
      // Headless Chromium hides scrollbars by default; these take room, as on Windows or Linux.
      const browser = await chromium.launch({
        executablePath: findTestChrome()!,
        args: CHROME_ARGS,
        ignoreDefaultArgs: ['--hide-scrollbars'],
      });
      try {
        for (const { path } of PAGES) {
          await test.step(`${path}: nothing moves when the rest of the page comes`, async () => {
            const split = await splitDocuments(baseURL!);
            // A desktop window, whatever this project emulates.
            const page = await browser.newPage({
              viewport: { width: 1920, height: 1200 },
              isMobile: false,
              hasTouch: false,
            });
            try {
              await holdTheFallback(page);
              await recordLayoutShifts(page);
              await page.goto(`${split.origin}${path}`, { waitUntil: 'commit' });
              await expect(page.locator('h1')).toBeVisible();
              expect(await page.evaluate(() => document.readyState)).toBe('loading');
              split.release();
              await page.waitForLoadState('load');
              await wholeStylesheetApplied(page);
              // The page now scrolls, and its scrollbar takes room.
              await expect
                .poll(() => page.evaluate(() => innerWidth - document.documentElement.clientWidth))
                .toBeGreaterThan(0);
              expect(await layoutShifts(page)).toBe(0);
            } finally {
              await page.close();
              await split.close();
            }
          });
        }
      } finally {
        await browser.close();
      }
    },
  );

  // The inline rule that shows the rest holds no width (its one condition is that scripts run), and
  // its animation waits SHOW_ANYWAY_MS: proven at one width.
  test(
    'should the loader never come, the rest of the page still shows',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      await page.route(/\/_astro\/first-screen\.\w+\.js$/, (route) => route.abort());
      await page.goto('/community', { waitUntil: 'domcontentloaded' });
      const later = page.locator('main > [data-later]').first();
      await expect(page.locator('html')).toHaveClass(/first-screen-only/);
      // The inline rule shows it by itself after SHOW_ANYWAY_MS (a CSS animation), with no script.
      await expect
        .poll(() => later.evaluate((el) => getComputedStyle(el).visibility), { timeout: 30_000 })
        .toBe('visible');
    },
  );

  test('an address naming a section below the first screen opens at that section, styled', async ({
    page,
  }) => {
    // The first section marked for later, as the build writes it: the page itself loads once, at its address.
    const id = readBuiltPage('/community', (document) =>
      document.querySelector('main > [data-later][id]')?.getAttribute('id'),
    );
    expect(id, 'a section below the first screen with an id').toBeTruthy();
    await page.goto(`/community#${id}`);
    const section = page.locator(`[id="${id}"]`);
    await wholeStylesheetApplied(page);
    // Where the browser puts a fragment's target: its scroll margin below the top of the window.
    await expect
      .poll(() =>
        section.evaluate((el) =>
          Math.abs(el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).scrollMarginTop)),
        ),
      )
      .toBeLessThanOrEqual(2);
    await expect(section).toBeVisible();
  });
});
