/** The site holds when others fail: every outside host down (JavaScript off: no-javascript.spec.ts). */
import type { Page } from '@playwright/test';
import { siteContent } from '../../harness/site-content.ts';
import { AUTH_URL_RE, expect, holdTheFallback, hydrated, test, wholeStylesheetApplied } from './fixtures.ts';

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

/** Loads the page with every outside host cut off and walks it to the bottom, a screen at a time. */
async function walkCutOff(page: Page, path: string, baseURL: string) {
  const attempted = await cutOffOutsideHosts(page, new URL(baseURL).host);
  await measureLayoutShift(page);
  await page.goto(path, { waitUntil: 'load' });
  // The walk is over the whole page, laid out: below the first screen waits for the whole stylesheet.
  await wholeStylesheetApplied(page);
  // Two frames at each stop: every lazy part of the page wakes.
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += innerHeight) {
      window.scrollTo({ top, behavior: 'instant' });
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
    }
  });
  return attempted;
}

for (const path of ['/', '/community']) {
  test(`${path} asks no outside host for anything on its own, and nothing shifts`, async ({
    page,
    baseURL,
  }) => {
    // Every shift counts, the ones of a busy machine's late stylesheet too: not the loader's
    // fallback, which would show the rest unstyled after a few seconds (first-screen.spec.ts).
    await holdTheFallback(page);
    const attempted = await walkCutOff(page, path, baseURL!);
    // No third party before the visitor asks.
    expect(attempted).toEqual([]);
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    expect(cls).toBeLessThan(0.01);
    await expect(page.locator('a[data-auth-link]').first()).toHaveAttribute('href', AUTH_URL_RE);
  });
}

test('/: a video host that never answers still gives a titled frame, and the page goes on working', async ({
  page,
  baseURL,
}) => {
  const attempted = await walkCutOff(page, '/', baseURL!);
  await page
    .locator('#kit-intro')
    .getByRole('button', { name: /^Play video/ })
    .click();
  await expect(page.locator('#kit-intro iframe')).toHaveAttribute('title', siteContent.videos.kitIntro.title);
  // The frame's request goes out just after the frame is made: wait for it, not for a fixed moment.
  const player = { youtube: 'www.youtube-nocookie.com', vimeo: 'player.vimeo.com' }[
    siteContent.videos.kitIntro.provider
  ];
  await expect.poll(() => attempted.some((url) => new URL(url).host === player)).toBe(true);
  await page.locator('#cash-flow-machine summary').nth(1).click();
  await expect(page.locator('#cash-flow-machine details').nth(1)).toHaveAttribute('open', '');
});

test('/community: with every outside host down, the widgets work and the newsletter bands keep their 52 px', async ({
  page,
  baseURL,
}) => {
  await walkCutOff(page, '/community', baseURL!);
  await hydrated(page, '#join-now');
  await page.getByRole('tab', { name: siteContent.community.joinNow.tabs.compare }).click();
  await expect(page.getByRole('table')).toBeVisible();
  for (const area of await page.locator('[data-newsletter]').all()) {
    expect((await area.boundingBox())!.height).toBe(52);
  }
});
