/**
 * The browser behaviours every page shares: page views, debouncedresize, smooth scrolling, the
 * nav's shadow, image fallback, UTM carry-over, fonts, what comes before the first paint, the skip
 * link and the logo links. The head as served: head.spec.ts; the footer's links: each page's
 * as-written test (kit.spec.ts, community.spec.ts). Reveal on scroll: reveal.spec.ts; the first
 * screen painted before the rest of the page: first-screen.spec.ts; the pages without JavaScript:
 * no-javascript.spec.ts.
 */
import { AUTH_URL_RE, expect, ONE_WIDTH, test } from './fixtures.ts';
import { ui } from '../../src/config/ui.ts';

const PAGES = ['/', '/community'];

test.describe('shared behaviours', () => {
  test(
    'debouncedresize fires once after a burst of resizes, no sooner than 250 ms after the last',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      // Every resize and debouncedresize in order from the first byte, each with the time it came
      // (the page's own clock): a resize while the page loads starts a wait of its own.
      await page.addInitScript(() => {
        const w = window as unknown as { events: [string, number][] };
        w.events = [];
        window.addEventListener('resize', () => w.events.push(['resize', performance.now()]));
        window.addEventListener('debouncedresize', (event) => {
          if (event instanceof CustomEvent) w.events.push(['debouncedresize', performance.now()]);
        });
      });
      await page.goto('/');
      const events = () => page.evaluate(() => (window as unknown as { events: [string, number][] }).events);
      const firings = async () => (await events()).filter(([name]) => name === 'debouncedresize').length;
      // Settled: a timer set after the wait's own has run, with no event in between, so no wait is pending.
      const settle = () =>
        page.evaluate(async (wait) => {
          const w = window as unknown as { events: [string, number][] };
          for (;;) {
            const seen = w.events.length;
            await new Promise((resolve) => setTimeout(resolve, wait + 50));
            if (w.events.length === seen) return;
          }
        }, ui.resizeDebounceMs);
      await settle();
      const baseline = await firings();
      // A burst of resizes in one task: however busy the machine, no gap in it can end the wait.
      await page.evaluate(() => {
        for (let i = 0; i < 4; i += 1) window.dispatchEvent(new Event('resize'));
      });
      await expect.poll(firings).toBe(baseline + 1);
      // A real window resize starts another wait, and ends it with one more event.
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: size.width - 20, height: size.height });
      await expect.poll(firings).toBe(baseline + 2);
      await settle();
      const order = await events();
      expect(await firings(), 'no late firing once everything has settled').toBe(baseline + 2);
      for (const [index, [name, at]] of order.entries()) {
        if (name !== 'debouncedresize') continue;
        const before = order.slice(0, index);
        const lastResize = before.findLast(([kind]) => kind === 'resize')!;
        // It comes after the last resize, with the whole wait in between and no other firing.
        expect(before.at(-1)?.[0], 'a debouncedresize follows resizes, never another one').toBe('resize');
        expect(at - lastResize[1]).toBeGreaterThanOrEqual(ui.resizeDebounceMs - 10);
      }
      expect(order.filter(([name]) => name === 'resize').length).toBeGreaterThanOrEqual(5);
    },
  );

  test(
    'smooth scrolling is on, and off for visitors who prefer reduced motion',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto('/');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
        'smooth',
      );
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
        'auto',
      );
    },
  );

  // One load of /community: its page view first, then the nav as the page scrolls.
  test(
    'each page load pushes a page_view with its path and logs it; the nav shadow is stronger once the page scrolls past 10 px',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      const lines: string[] = [];
      page.on('console', (msg) => lines.push(msg.text()));
      await page.goto('/community');
      await test.step('each page load pushes a page_view with its path and logs it', async () => {
        // The page's script comes once the first screen is painted; then the page view is pushed, once.
        const pageEvents = () =>
          page.evaluate(() =>
            ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter(
              // Real visitors' speed (web_vital) is reported as each metric is measured, beside the page view.
              (entry) => entry.event !== 'web_vital',
            ),
          );
        await expect.poll(pageEvents).toEqual([{ event: 'page_view', page_path: '/community' }]);
        await expect
          .poll(() => lines.some((line) => line.includes('page_view') && line.includes('/community')))
          .toBe(true);
      });
      await test.step('the nav shadow is stronger once the page scrolls past 10 px', async () => {
        const nav = page.locator('[data-nav]');
        const shadow = () => nav.evaluate((el) => getComputedStyle(el).boxShadow);
        await expect(nav).not.toHaveAttribute('data-scrolled');
        const atTop = await shadow();
        await page.evaluate(() => window.scrollTo({ top: 10, behavior: 'instant' }));
        await page.waitForTimeout(100);
        await expect(nav).not.toHaveAttribute('data-scrolled');
        await page.evaluate(() => window.scrollTo({ top: 60, behavior: 'instant' }));
        await expect(nav).toHaveAttribute('data-scrolled', '');
        await expect.poll(shadow).not.toBe(atTop);
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await expect(nav).not.toHaveAttribute('data-scrolled');
      });
    },
  );

  test.describe('with a broken image', () => {
    test.use({ expectedError: /\/office-floor\.[^/]*$/ });
    test(
      'an image that fails to load is replaced by the placeholder',
      { tag: ONE_WIDTH },
      async ({ page }) => {
        await page.route('**/_astro/office-floor.*', (route) => route.fulfill({ status: 404, body: 'gone' }));
        await page.goto('/community', { waitUntil: 'load' });
        const photo = page.locator('#virtual-office picture img').first();
        await photo.scrollIntoViewIfNeeded();
        await expect(photo).toHaveAttribute('src', '/placeholder.svg');
        await expect(page.locator('#virtual-office picture').first().locator('source')).toHaveCount(0);
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      },
    );
  });

  test(
    'UTM parameters of the landing URL are carried onto every sign-up link for the visit',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      await page.goto('/?utm_source=newsletter&utm_campaign=fall&utm_medium=email&junk=1');
      const check = async () => {
        const hrefs = await page
          .locator('a[data-auth-link]')
          .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) {
          expect(href).toMatch(AUTH_URL_RE);
          const params = new URL(href).searchParams;
          expect(params.get('utm_source')).toBe('newsletter');
          expect(params.get('utm_campaign')).toBe('fall');
          expect(params.get('utm_medium')).toBe('email');
          expect(params.has('junk')).toBe(false);
        }
      };
      // The page's script, which carries them, comes once the first screen is painted.
      await expect(check).toPass();
      await page.goto('/community');
      await expect(check).toPass();
    },
  );

  // On a slow phone connection every request made before the first paint shares the few round
  // trips the headline's font has: the logo travels inside the HTML, and the whole stylesheet, the
  // page's script and the islands' code wait until the first screen is painted. Only the loader
  // that waits for the paint comes before it (1 KB, async: the paint never waits for it).
  // The same load shows the fonts self-hosted and in use.
  for (const path of PAGES) {
    test(`${path}: until its first screen is painted, the page fetches nothing but its two fonts and its loader; the fonts are self-hosted, preloaded and in use`, async ({
      page,
    }) => {
      const hosts = new Set<string>();
      page.on('request', (request) => hosts.add(new URL(request.url()).host));
      await page.goto(path, { waitUntil: 'load' });
      // Resource timing lists a request once its answer is in; the first paint's time says when it began.
      const requests = () =>
        page.evaluate(async () => {
          const painted = () => performance.getEntriesByName('first-contentful-paint')[0];
          while (!painted()) await new Promise(requestAnimationFrame);
          const paint = painted()!.startTime;
          const resources = performance.getEntriesByType('resource');
          const paths = (entries: PerformanceEntry[]) =>
            entries.map((entry) => new URL(entry.name).pathname).sort();
          return {
            before: paths(resources.filter((entry) => entry.startTime <= paint)),
            after: paths(resources.filter((entry) => entry.startTime > paint)),
          };
        });
      const fonts = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname).sort());
      expect(fonts).toHaveLength(2);
      // Besides them, only the browser's own request for the tab's icon, which the page names.
      const icon = new URL((await page.locator('link[rel="icon"]').getAttribute('href'))!, page.url())
        .pathname;
      // And the loader that waits for the paint, which never holds it up (async).
      const loader = (await page.locator('script[async][data-stylesheet]').getAttribute('src'))!;
      expect((await requests()).before.filter((request) => request !== icon)).toEqual(
        [...fonts, loader].sort(),
      );
      // Then the whole stylesheet and the page's script.
      await expect
        .poll(async () => (await requests()).after)
        .toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^\/_astro\/site\.\w+\.css$/),
            expect.stringMatching(/^\/_astro\/boot\.\w+\.js$/),
          ]),
        );
      await test.step('fonts are self-hosted, preloaded and in use', async () => {
        await page.evaluate(() => document.fonts.ready);
        const loaded = await page.evaluate(() =>
          [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
        );
        expect(loaded.some((family) => family.startsWith('Inter'))).toBe(true);
        expect(loaded.some((family) => family.startsWith('Fraunces'))).toBe(true);
        expect([...hosts]).toEqual([new URL(page.url()).host]);
      });
    });
  }

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/community');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  // `#top` is the body: after a logo link, focus starts over at the top of the page, where the
  // scroll went, and not back down where the link was.
  for (const { path, logoIn } of [
    { path: '/', logoIn: 'footer' },
    { path: '/community', logoIn: 'footer' },
    { path: '/community', logoIn: 'header' },
  ]) {
    test(`Enter on the ${logoIn} logo of ${path} goes to the top, and the next Tab reaches the skip link`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' }); // an instant scroll: the focus is what is tested
      await page.goto(path);
      const logo = page.locator(`body > ${logoIn}`).getByRole('link', { name: 'Build Equity', exact: true });
      await expect(logo).toHaveAttribute('href', '#top');
      if (logoIn === 'footer') await page.evaluate(() => window.scrollTo({ top: 1e6, behavior: 'instant' }));
      await logo.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
    });
  }
});
