/** Reveal on scroll: sections below the fold fade in once as they come into view, and never hide with reduced motion. */
import { expect, ONE_WIDTH, test } from './fixtures.ts';

test.describe('reveal on scroll', () => {
  // The motion itself is what these tests prove (the other tests run with reduced motion).
  test.use({ reducedMotion: 'no-preference' });
  test('sections below the fold fade in once when scrolled into view', async ({ page }) => {
    await page.goto('/community');
    const pending = page.locator('[data-reveal].reveal-pending');
    // The page's script, which hides them, comes once the first screen is painted.
    await expect.poll(() => pending.count()).toBeGreaterThan(0);
    const first = pending.first();
    const id = await first.getAttribute('id');
    expect(Number(await first.evaluate((el) => getComputedStyle(el).opacity))).toBe(0);
    await first.scrollIntoViewIfNeeded();
    const section = page.locator(`[id="${id}"]`);
    await expect(section).not.toHaveClass(/reveal-pending/);
    await expect.poll(() => section.evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(1);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(section).not.toHaveClass(/reveal-pending/);
  });

  test('after a fast scroll to the bottom, every section in view becomes fully visible', async ({ page }) => {
    for (const path of ['/', '/community']) {
      await page.goto(path);
      await expect.poll(() => page.locator('[data-reveal].reveal-pending').count()).toBeGreaterThan(0);
      // One jump per frame, as a flick of the wheel or the scroll bar does.
      await page.evaluate(async () => {
        const end = document.documentElement.scrollHeight;
        for (let top = 0; top <= end; top += innerHeight * 2) {
          window.scrollTo({ top, behavior: 'instant' });
          await new Promise(requestAnimationFrame);
        }
        window.scrollTo({ top: end, behavior: 'instant' });
      });
      // A fade lasts a fraction of a second; a section a late observer missed stays faint for good.
      const faint = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-reveal]')]
            .filter(
              (el) => el.getBoundingClientRect().top < innerHeight && getComputedStyle(el).opacity !== '1',
            )
            .map((el) => el.id),
        );
      await expect.poll(faint, { message: `${path}: sections in view still faint` }).toEqual([]);
    }
  });

  test('with reduced motion nothing is hidden', { tag: ONE_WIDTH }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/community');
    await expect(page.locator('[data-reveal]').first()).toBeAttached();
    await expect(page.locator('.reveal-pending')).toHaveCount(0);
  });
});
