/**
 * What only a browser shows of the routes: the page each path draws, its canonical link, and the
 * not-found page's words and events. Statuses, redirects and headers are checked over HTTP against
 * the route manifest (tests/unit/server/, tests/http/).
 */
import { expect, ONE_WIDTH, test } from './fixtures.ts';

// What a path draws and its status are the same at every width.
test.describe('routes and statuses', { tag: ONE_WIDTH }, () => {
  test('/ is the boxed-product page', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page).toHaveTitle(/Oh Sh\*t Kit/);
  });

  for (const path of ['/community', '/community/']) {
    test(`${path} is the community page with canonical /community`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/community$/);
      await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Build Equity');
    });
  }

  test('an unknown path shows the not-found page with 404 and logs the path', async ({ page }) => {
    const lines: string[] = [];
    page.on('console', (msg) => lines.push(msg.text()));
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    const home = page.getByRole('link', { name: 'Return to Home' });
    await expect(home).toHaveAttribute('href', '/');
    // The page's script, which records it, runs once the first screen is painted.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []))
      .toContainEqual({ event: 'page_not_found', page_path: '/no/such/page' });
    await expect
      .poll(() => lines.some((l) => l.includes('page_not_found') && l.includes('/no/such/page')))
      .toBe(true);
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  });
});
