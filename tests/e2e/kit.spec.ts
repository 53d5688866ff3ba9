/**
 * The boxed-product page (/): every section, widget and business figure, at 375, 800 and 1280 px.
 * Every word and figure expected here is read from the owner's content (harness/site-content.ts),
 * so a price or headline changed in the editor changes what is expected along with the page.
 */
import type { Page } from '@playwright/test';
import { formatUsd, siteContent } from '../../harness/site-content.ts';
import { textsInBuild } from './built-pages.ts';
import {
  AUTH_URL_RE,
  expect,
  expectFooterPages,
  expectItemsAsWritten,
  expectNoAxeViolations,
  expectTestimonialsAsWritten,
  ONE_WIDTH,
  shownUnlessHidden,
  test,
  wholeStylesheetApplied,
} from './fixtures.ts';

const { kit, offer, testimonials, videos } = siteContent;

/** The page's sections in their fixed order (ids are link targets), less those the owner hid. */
const SECTION_IDS = (
  [
    ['hero', false],
    ['kit-intro', kit.intro.hidden],
    ['box', kit.box.hidden],
    ['platform-video', kit.platformVideo.hidden],
    ['cash-flow-machine', kit.cashFlowMachine.hidden],
    ['risk-dashboard', kit.riskDashboard.hidden],
    ['community', kit.communityPitch.hidden],
    ['whats-inside', kit.whatsInside.hidden],
    ['why-this-works', kit.whyThisWorks.hidden],
    ['bundles', kit.bundles.hidden],
    ['movement', kit.movement.hidden],
    ['roi', kit.roi.hidden],
    ['testimonials', testimonials.kit.hidden],
    ['final-cta', kit.finalCta.hidden],
  ] as const
)
  .filter(([, hidden]) => !hidden)
  .map(([id]) => id);
const VIDEO_HOSTS = /youtube|ytimg|vimeo|vimeocdn|googlevideo/;

/** Each provider's privacy-minded player, with the video's id: a pasted address would not match. */
function playerUrl(video: { provider: 'youtube' | 'vimeo'; id: string }): RegExp {
  const player = {
    youtube: 'https://www.youtube-nocookie.com/embed/',
    vimeo: 'https://player.vimeo.com/video/',
  };
  return new RegExp(`^${RegExp.escape(player[video.provider] + video.id)}\\?`);
}
const width = (page: Page) => page.viewportSize()!.width;

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await wholeStylesheetApplied(page);
});

// The page as loaded, read for its words, links and lists: one load, a step per part.
test('/ as written: its sections, links, cards, lists and footer', { tag: ONE_WIDTH }, async ({ page }) => {
  await test.step('sections come in their fixed order (their ids are link targets)', async () => {
    const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(SECTION_IDS);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(kit.hero.headline);
    await expect(page.locator('#hero')).toContainText(kit.hero.lede);
    await expect(page.locator('#hero')).toContainText(kit.hero.priceNote);
    const bonus = page.getByRole('complementary', { name: kit.hero.bonusTitle });
    await expect(bonus).toContainText(kit.hero.bonusText);
  });

  await test.step('every buy link leads to the auth page', async () => {
    const hrefs = await page
      .locator('a[data-auth-link]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The hero's at least: the owner may hide the sections with the others.
    expect(hrefs.length).toBeGreaterThanOrEqual(1);
    for (const href of hrefs) expect(href).toMatch(AUTH_URL_RE);
  });

  await test.step('the cards are lists, each card as written', async () => {
    for (const [section, { hidden, cards }] of [
      ['whats-inside', kit.whatsInside],
      ['why-this-works', kit.whyThisWorks],
      ['movement', kit.movement],
    ] as const) {
      if (!(await shownUnlessHidden(page, section, hidden))) continue;
      await expectItemsAsWritten(page.locator(`#${section} li`), cards, (card) => [
        card.title,
        card.description,
      ]);
    }
  });

  await test.step('the bundle lists every item with its value, and the total', async () => {
    if (!(await shownUnlessHidden(page, 'bundles', kit.bundles.hidden))) return;
    await expectItemsAsWritten(page.locator('#bundles li'), kit.bundles.items, (item) => [
      item.title,
      item.value,
    ]);
    await expect(page.locator('#bundles')).toContainText(kit.bundles.total);
  });

  await test.step('the testimonials as written, each with its stars', async () => {
    if (!(await shownUnlessHidden(page, 'testimonials', testimonials.kit.hidden))) return;
    await expectTestimonialsAsWritten(page, testimonials.kit.items);
  });

  await test.step('the final call to action offers the kit at its price', async () => {
    if (!(await shownUnlessHidden(page, 'final-cta', kit.finalCta.hidden))) return;
    const final = page.locator('#final-cta');
    await expect(final.getByRole('heading', { name: kit.finalCta.title })).toBeVisible();
    await expect(final).toContainText(kit.finalCta.description);
    await expect(final.getByRole('link', { name: kit.finalCta.cta })).toHaveAttribute('href', AUTH_URL_RE);
  });

  await test.step('the footer links both pages and marks this one', () =>
    expectFooterPages(page, '/', siteContent.footer.pages));

  // Last: it opens every accordion item at once.
  await test.step('every step and item reads as written, its figures filled in from the offer', async () => {
    for (const details of await page.locator('details').all())
      await details.evaluate((d) => ((d as HTMLDetailsElement).open = true));
    for (const [section, { hidden }, items] of [
      ['cash-flow-machine', kit.cashFlowMachine, kit.cashFlowMachine.steps],
      ['risk-dashboard', kit.riskDashboard, kit.riskDashboard.items],
    ] as const) {
      if (!(await shownUnlessHidden(page, section, hidden))) continue;
      const details = page.locator(`#${section} details`);
      for (const [index, item] of items.entries()) {
        for (const paragraph of item.body) await expect(details.nth(index)).toContainText(paragraph);
      }
    }
  });
});

// The page as loaded, measured at this width: one load, a step per part.
test('/ laid out at this width: the hero, the video posters and the ROI price card', async ({ page }) => {
  await test.step('from 1024 px the hero shows the box beside the headline; narrower, the call to action comes first', async () => {
    const box = page.locator('#hero').getByRole('img', { name: /open box/ });
    const headline = page.locator('#hero-title');
    if (width(page) >= 1024) {
      await expect(box).toBeInViewport({ ratio: 0.9 });
      const [boxRect, headlineRect] = [await box.boundingBox(), await headline.boundingBox()];
      expect(boxRect!.x, 'the box stands to the right of the headline').toBeGreaterThan(
        headlineRect!.x + headlineRect!.width,
      );
    } else {
      await expect(box).toBeHidden();
    }
    await expect(page.locator('#hero').getByRole('link', { name: kit.hero.cta })).toBeInViewport();
    // The largest thing painted on arrival is the hero's words, never its picture. Which words
    // depends on the owner's copy and on whether the display face came in time: a short headline
    // set in its fallback can paint smaller than the lede.
    const largest = await page.evaluate(
      () =>
        new Promise<{ inHero: boolean; tag: string }>((resolve) => {
          new PerformanceObserver((list) => {
            const element = (list.getEntries().at(-1) as LargestContentfulPaint).element;
            resolve({ inHero: Boolean(element?.closest('#hero')), tag: element?.tagName ?? '' });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(largest.inHero, `the largest paint, a <${largest.tag.toLowerCase()}>, is in the hero`).toBe(true);
    expect(largest.tag, 'the largest paint is words, not the picture').toMatch(/^(H1|P)$/);
  });

  await test.step('every video poster is 16:9 at this width', async () => {
    for (const video of await page.locator('[data-video]').all()) {
      const box = (await video.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    }
  });

  await test.step('the ROI section weighs the costs against a price card that stays in view', async () => {
    if (!(await shownUnlessHidden(page, 'roi', kit.roi.hidden))) return;
    const roi = page.locator('#roi');
    for (const cost of offer.riskCosts) {
      const row = roi.locator('dl > div').filter({ hasText: cost.label });
      await expect(row.locator('dd')).toHaveText(`${formatUsd(cost.amount)}+`);
    }
    const card = roi.locator('[data-price-card]');
    await expect(card.getByRole('heading')).toHaveText(`${formatUsd(offer.kit.price)}${kit.roi.oneTime}`);
    for (const point of kit.roi.cardPoints) await expect(card).toContainText(point);
    await expect(card.getByRole('link', { name: kit.roi.cta })).toHaveAttribute('href', AUTH_URL_RE);
    await expect(card).toContainText(kit.roi.renewal);
    const position = await card.evaluate((el) => getComputedStyle(el).position);
    expect(position).toBe(width(page) >= 1024 ? 'sticky' : 'static');
  });
});

test('the mobile buy bar shows below 768 px only, once the hero call to action has left, and never covers content', async ({
  page,
}) => {
  const bar = page.getByRole('complementary', { name: 'Buy the kit' });
  if (width(page) >= 768) {
    await expect(bar).toBeHidden();
    return;
  }
  // Instant scrolling, so each position is final when measured.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const heroCta = page.locator('#hero a[data-auth-link]');
  // On arrival the hero and its bonus card are uncovered: no bar.
  await expect(heroCta).toBeInViewport();
  await expect(bar).toBeHidden();
  await page.locator('#kit-intro').scrollIntoViewIfNeeded();
  await expect(heroCta).not.toBeInViewport();
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: kit.buyBar.label })).toHaveAttribute('href', AUTH_URL_RE);
  await expect(bar).toContainText(kit.buyBar.price);
  await expectNoAxeViolations(page, '[data-buy-bar]');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(bar).toBeHidden();
  // Its place in the reading and tab order is unchanged: after the main content, before the footer.
  expect(
    await page.evaluate(() => {
      const aside = document.querySelector('[data-buy-bar]')!;
      return [aside.previousElementSibling?.tagName, aside.nextElementSibling?.tagName];
    }),
  ).toEqual(['MAIN', 'FOOTER']);
  const barTop = await page
    .locator('[data-buy-bar]')
    .evaluate((el) => window.innerHeight - (el as HTMLElement).offsetHeight);
  // Walk the page's links and buttons as focus would, and check each lands above the bar.
  const controls = page.locator('main a[href], main button, main summary');
  const count = await controls.count();
  for (let i = 0; i < count; i += 3) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    await control.focus();
    await page.evaluate(() => new Promise(requestAnimationFrame));
    const box = (await control.boundingBox())!;
    expect(box.y + box.height, `control ${i} is covered by the buy bar`).toBeLessThanOrEqual(barTop + 1);
  }
  // At the very bottom, with the bar shown, the footer's last line clears it.
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  );
  await expect(bar).toBeVisible();
  const lastLine = await page.locator('footer').evaluate((footer) => {
    const boxes = [...footer.querySelectorAll('a, p, h2')].map((el) => el.getBoundingClientRect());
    return Math.max(...boxes.map((box) => box.bottom));
  });
  expect(lastLine).toBeLessThanOrEqual(barTop);
});

test.describe('videos', () => {
  test('nothing is requested from a video host before play, then a titled 16:9 frame loads', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/', { waitUntil: 'load' });
    for (let y = 0; y < 12000; y += 700)
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForTimeout(300);
    expect(requests.filter((url) => VIDEO_HOSTS.test(url))).toEqual([]);

    // Stand in for the player so the test needs no network.
    await page.route(VIDEO_HOSTS, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' }),
    );
    const buttons = page.getByRole('button', { name: /^Play video: / });
    // One player per video section the owner shows.
    const shown = [kit.intro, kit.platformVideo, kit.movement].filter((section) => !section.hidden);
    await expect(buttons).toHaveCount(shown.length);
    const first = page.locator('#kit-intro [data-video]');
    await first.getByRole('button', { name: `Play video: ${videos.kitIntro.title}` }).click();
    const frame = first.locator('iframe');
    await expect(frame).toHaveAttribute('title', videos.kitIntro.title);
    await expect(frame).toHaveAttribute('src', playerUrl(videos.kitIntro));
    const box = (await frame.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await expect(first.getByRole('status')).toHaveCount(0);

    const platform = page.locator('#platform-video [data-video]');
    await platform.getByRole('button', { name: `Play video: ${videos.platform.title}` }).click();
    await expect(platform.locator('iframe')).toHaveAttribute('src', playerUrl(videos.platform));
  });
});

// One load for both accordions: each step works in its own section.
test('the accordions: the cash flow machine one step open at a time, the risk dashboard from the keyboard', async ({
  page,
}) => {
  await test.step('the cash flow machine lists its steps, one open at a time, each closable', async () => {
    if (!(await shownUnlessHidden(page, 'cash-flow-machine', kit.cashFlowMachine.hidden))) return;
    const items = page.locator('#cash-flow-machine details');
    await expect(items.locator('summary')).toHaveText(kit.cashFlowMachine.steps.map((step) => step.title));
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    expect(await items.evaluateAll((d) => d.filter((el) => (el as HTMLDetailsElement).open).length)).toBe(1);
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).not.toHaveAttribute('open');
  });

  await test.step('the risk dashboard has 4 items, operable from the keyboard, beside the overall score', async () => {
    if (!(await shownUnlessHidden(page, 'risk-dashboard', kit.riskDashboard.hidden))) return;
    const scores = page
      .locator('#risk-dashboard')
      .getByRole('heading', { name: kit.riskDashboard.scoresTitle });
    await expect(scores).toBeVisible();
    for (const score of kit.riskDashboard.scores) {
      await expect(page.locator('#risk-dashboard')).toContainText(`${score.label}`);
      await expect(page.locator('#risk-dashboard')).toContainText(score.meaning);
    }
    const items = page.locator('#risk-dashboard details');
    await expect(items.locator('summary')).toHaveText(kit.riskDashboard.items.map((item) => item.title));
    await items.nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await items.nth(3).locator('summary').focus();
    await page.keyboard.press('Space');
    await expect(items.nth(3)).toHaveAttribute('open', '');
    await expect(items.nth(1)).not.toHaveAttribute('open');
  });
});

// One load: the button goes nowhere, so the link beside it is then followed from the same page.
test('the community button is a plain button that goes nowhere, and beside it a text link leads to the community page', async ({
  page,
}) => {
  if (!(await shownUnlessHidden(page, 'community', kit.communityPitch.hidden))) return;
  await test.step('the community button is a plain button that goes nowhere', async () => {
    const button = page.locator('#community').getByRole('button', { name: kit.communityPitch.button });
    await expect(button).toHaveAttribute('type', 'button');
    await expect(page.locator('#community a', { hasText: kit.communityPitch.button })).toHaveCount(0);
    await expect(page.locator('#community')).toContainText(kit.communityPitch.description);
    for (const point of kit.communityPitch.points)
      await expect(page.locator('#community')).toContainText(point);
    const url = page.url();
    await button.click();
    await page.waitForTimeout(200);
    expect(page.url()).toBe(url);
  });

  await test.step('beside that button, a text link leads to the community page', async () => {
    const link = page.locator('#community').getByRole('link', { name: kit.communityPitch.link.label });
    await expect(link).toHaveAttribute('href', kit.communityPitch.link.href);
    const [button, box] = await Promise.all([
      page.locator('#community').getByRole('button', { name: kit.communityPitch.button }).boundingBox(),
      link.boundingBox(),
    ]);
    // Beside it: on the same row, or just below it on a narrow screen.
    expect(box!.y).toBeLessThan(button!.y + button!.height + 24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await link.click();
    await expect(page).toHaveURL(new URL(kit.communityPitch.link.href, page.url()).href);
  });
});

// One scan per state, a step each, one page load for both accordions: a scan takes one to two
// seconds on a small machine, so the test is marked slow. What an open item adds (its words, their
// contrast, names and roles) is the same at every width: scanned at one. The page as loaded (every
// accordion at rest) is scanned at each width in a11y.spec.ts.
const accordions = (
  [
    ['cash-flow-machine', kit.cashFlowMachine],
    ['risk-dashboard', kit.riskDashboard],
  ] as const
).map(([section, { hidden }]) => ({ section, titles: textsInBuild('/', `#${section} summary`, hidden) }));
if (accordions.some(({ titles }) => titles.length > 0)) {
  test('axe finds nothing with each accordion item open', { tag: ONE_WIDTH }, async ({ page }) => {
    test.slow(); // one scan per item
    for (const { section, titles } of accordions) {
      for (const [index, title] of titles.entries()) {
        await test.step(`axe finds nothing with the ${section} item "${title}" open`, async () => {
          const summary = page.locator(`#${section} summary`).nth(index);
          await expect(summary).toHaveText(title);
          const open = await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
          if (!open) await summary.click();
          await expect(summary.locator('..')).toHaveJSProperty('open', true);
          await expectNoAxeViolations(page, `#${section}`);
        });
      }
    }
  });
}
