/** No page and no interaction raises a content-security-policy violation under the header the server sends. */
import type { Page } from '@playwright/test';
import { recordViolations, violations } from '../support/csp-violations.ts';
import { expect, hydrated, ONE_WIDTH, test } from './fixtures.ts';

/** Operates every control a visitor can: tabs, steppers, carousel buttons, accordions, video facades. */
async function operateEverything(page: Page) {
  await page.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  for (let y = 0; y < 15000; y += 800)
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  // Each island a visitor can see hydrates once it is in view.
  for (const island of await page.locator('astro-island').all()) {
    if (!(await island.isVisible())) continue;
    await island.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr');
  }
  for (const details of await page.locator('details > summary').all()) await details.click();
  for (const tab of await page.getByRole('tab').all()) if (await tab.isVisible()) await tab.click();
  for (const name of ['Next dashboard', 'Previous dashboard', 'Next slide', 'Previous slide']) {
    for (const button of await page.getByRole('button', { name }).all())
      if (await button.isVisible()) await button.click();
  }
  const plays = page.getByRole('button', { name: /^Play video: / });
  while ((await plays.count()) > 0) await plays.first().click();
  await page.waitForTimeout(300);
}

for (const path of ['/', '/community', '/no-such-page']) {
  test(`${path}: zero CSP violations, before and after every interaction`, async ({ page }) => {
    test.slow(); // operates every widget of the page, each island brought into view first
    await recordViolations(page);
    const response = await page.goto(path);
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // The first section below the hero that holds an island (whichever the owner shows), live.
    if (path === '/community') await hydrated(page, 'main > section[id]:has(astro-island)');
    expect(await violations(page)).toEqual([]);
    await operateEverything(page);
    expect(await violations(page)).toEqual([]);
  });
}

test.describe('an injected script', () => {
  test.use({ expectedError: /Executing inline script violates the following Content Security Policy/ });

  test('an inline script that is not ours is blocked', { tag: ONE_WIDTH }, async ({ page }) => {
    await recordViolations(page);
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect((await violations(page)).some((v) => v.startsWith('script-src'))).toBe(true);
  });
});
