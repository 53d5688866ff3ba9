/** An axe scan (WCAG 2.2 A and AA) of every page at each width: zero violations. */
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

for (const path of ['/', '/community', '/no-such-page']) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    // Scan with every section revealed, as a visitor who scrolled would see them.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll('.reveal-pending')) el.classList.remove('reveal-pending');
    });
    await expect(page.locator('h1')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
}
