/**
 * Both pages with JavaScript turned off: every section reads in full (no fade left pending, every
 * tab panel, slide and answer on the page), every sign-up link works, videos link out to their
 * host, and the file-only fallback of the old kit address still leads home.
 */
import type { Page } from '@playwright/test';
import { siteContent } from '../../harness/site-content.ts';
import { AUTH_URL_RE, expect, ONE_WIDTH, shownUnlessHidden, test } from './fixtures.ts';

const { community, comparison, faq, videos } = siteContent;

/** Where each provider's video is watched without a player on our page. */
const WATCH = { youtube: 'https://www.youtube.com/watch?v=', vimeo: 'https://vimeo.com/' };

test.use({ javaScriptEnabled: false });

/** Every section shows in full and every sign-up link works (the page at `path` is loaded). */
async function expectEverySectionAndLink(page: Page): Promise<void> {
  // The whole stylesheet comes without the loader that fetches it once the first screen is painted.
  expect(
    await page.evaluate(() =>
      [...document.styleSheets].some((sheet) => /\/_astro\/site\.\w+\.css$/.test(sheet.href ?? '')),
    ),
  ).toBe(true);
  for (const section of await page.locator('main > section, [data-reveal]').all()) {
    await expect(section).toBeVisible();
    expect(Number(await section.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
  }
  const hrefs = await page
    .locator('a[data-auth-link]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(2);
  for (const href of hrefs) expect(href).toMatch(AUTH_URL_RE);
}

// One load per page: what it shows is read first, then the one control that works without
// JavaScript (an FAQ answer) is opened.
test('/: every section is visible, every sign-up link works, and each video links to its host', async ({
  page,
}) => {
  await page.goto('/');
  await test.step('/: every section is visible and every sign-up link works', () =>
    expectEverySectionAndLink(page));
  await test.step('/: each video is a link to watch it at its host, not a dead play button', async () => {
    await expect(page.getByRole('button', { name: /^Play video/ })).toHaveCount(0);
    for (const video of Object.values(videos)) {
      const watch = page.getByRole('link', { name: `Play video: ${video.title} (opens the video's page)` });
      await expect(watch).toHaveAttribute('href', `${WATCH[video.provider]}${encodeURIComponent(video.id)}`);
    }
  });
});

test('/community: every section is visible, every sign-up link works, and it reads completely', async ({
  page,
}) => {
  await page.goto('/community');
  await test.step('/community: every section is visible and every sign-up link works', () =>
    expectEverySectionAndLink(page));
  await test.step('/community reads completely: every dashboard, plan, saving, slide and answer', async () => {
    // What the sections the owner shows hold (a hidden one is not on the page at all).
    const texts = [
      ...(community.targetAudience.hidden
        ? []
        : [...community.dashboardTabs.map((tab) => tab.title), community.dashboardSample.foundersOnline]),
      ...(community.joinNow.hidden
        ? []
        : [
            ...comparison.rows.map((row) => row.service),
            comparison.yearlySaving,
            ...community.joinNow.plans.map((plan) => plan.tagline),
          ]),
    ];
    for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
    // The controls that need JavaScript step aside.
    await expect(page.locator('[role="tablist"]').first()).toBeHidden();
    if (page.viewportSize()!.width < 1024) {
      const slides = page.locator('[aria-roledescription="slide"]');
      await expect(slides).toHaveCount(community.featureSlides.length);
      await slides.last().scrollIntoViewIfNeeded();
      await expect(slides.last()).toBeInViewport();
    }
    if (!(await shownUnlessHidden(page, 'faq', faq.hidden))) return;
    const answers = page.locator('#faq details');
    await answers.first().locator('summary').click();
    await expect(answers.first()).toHaveAttribute('open', '');
  });
});

test(
  '/oh-shit-kit as a plain file still leads home through its meta refresh',
  { tag: ONE_WIDTH },
  async ({ page }) => {
    await page.goto('/oh-shit-kit/index.html');
    await expect(page).toHaveURL(/\/$/);
  },
);
