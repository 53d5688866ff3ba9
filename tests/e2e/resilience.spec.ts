/** The site holds when others fail: every outside host down (JavaScript off: no-javascript.spec.ts). */
import type { Page } from '@playwright/test';
import { AUTH_URL_RE, expect, hydrated, test } from './fixtures.ts';

/** Every request to another host fails, as if the video, newsletter and font services were down. */
async function cutOffOutsideHosts(page: Page, ownHost: string) {
  const attempted: string[] = [];
  await page.route(
    (url) => url.host !== ownHost,
    (route) => {
      attempted.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return attempted;
}

async function measureLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cls: number };
    w.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const path of ['/', '/community']) {
  test(`${path} works with every outside host unreachable, and nothing shifts`, async ({ page, baseURL }) => {
    const attempted = await cutOffOutsideHosts(page, new URL(baseURL!).host);
    await measureLayoutShift(page);
    await page.goto(path, { waitUntil: 'load' });
    // A screen at a time to the bottom, two frames at each stop: every lazy part of the page wakes.
    await page.evaluate(async () => {
      for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight) {
        window.scrollTo({ top, behavior: 'instant' });
        await new Promise(requestAnimationFrame);
        await new Promise(requestAnimationFrame);
      }
    });
    if (path === '/community') {
      await hydrated(page, '#join-now');
      await page.getByRole('tab', { name: 'Compare Features' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      for (const area of await page.locator('[data-newsletter]').all()) {
        expect((await area.boundingBox())!.height).toBe(52);
      }
    }
    // Nothing was even attempted on load: no third party before the visitor asks.
    expect(attempted).toEqual([]);
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    expect(cls).toBeLessThan(0.01);
    if (path === '/') {
      // A video host that never answers: the visitor still gets a titled frame and the page goes on working.
      await page
        .locator('#kit-intro')
        .getByRole('button', { name: /^Play video/ })
        .click();
      await expect(page.locator('#kit-intro iframe')).toHaveAttribute('title', /\S/);
      // The frame's request goes out just after the frame is made: wait for it, not for a fixed moment.
      await expect.poll(() => attempted.some((url) => url.includes('youtube-nocookie.com'))).toBe(true);
      await page.locator('#cash-flow-machine summary').nth(1).click();
      await expect(page.locator('#cash-flow-machine details').nth(1)).toHaveAttribute('open', '');
    }
    await expect(page.locator('a[data-auth-link]').first()).toHaveAttribute('href', AUTH_URL_RE);
  });
}
