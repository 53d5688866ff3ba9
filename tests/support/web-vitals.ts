/**
 * A browser test's visitor who leaves: once the page's web-vitals library has loaded (after the
 * first paint), a key press (Shift alone, which changes nothing) ends its watch for the largest
 * paint, since web-vitals ends it only on a trusted input or visibility change and the one
 * dispatched here is not trusted; then the page goes to the background, and the other metrics
 * are final. Each is then recorded as a `web_vital` event.
 */
import type { Page } from '@playwright/test';

export async function leaveAfterWebVitals(page: Page): Promise<void> {
  await page.waitForFunction(() => 'webVitals' in window);
  await page.keyboard.press('Shift');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
