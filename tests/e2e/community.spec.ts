/**
 * The community page (/community): every section, widget and business figure, at 375, 800 and
 * 1280 px. Every word and figure expected here is read from the owner's content
 * (harness/site-content.ts), so an edit in the editor changes what is expected along with the page.
 */
import type { Page } from '@playwright/test';
import { siteNames } from '../../src/config/site-names.ts';
import { learnMoreHref } from '../../src/content/learn-more.ts';
import { formatUsd, siteContent } from '../../harness/site-content.ts';
import { textsInBuild } from './built-pages.ts';
import {
  AUTH_URL_RE,
  expect,
  expectFooterPages,
  expectItemsAsWritten,
  expectNoAxeViolations,
  expectTestimonialsAsWritten,
  hydrated,
  ONE_WIDTH,
  shownUnlessHidden,
  test,
  wholeStylesheetApplied,
} from './fixtures.ts';

const { community, faq, footer, testimonials } = siteContent;
const { hero, joinNow } = community;

/** The page's sections in their fixed order (ids are link targets), less those the owner hid. */
const SECTION_IDS = (
  [
    ['target-audience', community.targetAudience.hidden],
    ['newsletter-top', community.newsletter.hidden],
    ['virtual-office', community.virtualOffice.hidden],
    ['benefits', community.benefits.hidden],
    ['features', community.features.hidden],
    ['how-it-works', community.howItWorks.hidden],
    ['testimonials', testimonials.community.hidden],
    ['join-now', joinNow.hidden],
    ['faq', faq.hidden],
    ['newsletter-bottom', community.newsletter.hidden],
    ['cta', community.finalCta.hidden],
  ] as const
)
  .filter(([, hidden]) => !hidden)
  .map(([id]) => id);

const width = (page: Page) => page.viewportSize()!.width;

/** Shows every section at once, as a visitor who scrolled would see them. */
async function revealAll(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.reveal-pending')) el.classList.remove('reveal-pending');
  });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/community');
  await wholeStylesheetApplied(page);
});

// The page as loaded, measured at this width: one load, a step per part.
test('/community laid out at this width: its sections, the hero, the carousel and the newsletter bands', async ({
  page,
}) => {
  await test.step('sections come in their fixed order (their ids are link targets), between the hero and the footer', async () => {
    const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
    expect(ids).toEqual(SECTION_IDS);
    const h1 = page.locator('main h1');
    await expect(h1).toHaveCount(1);
    const heroFirst = await h1.evaluate(
      (el, first) =>
        (el.compareDocumentPosition(document.getElementById(first)!) & Node.DOCUMENT_POSITION_FOLLOWING) > 0,
      SECTION_IDS[0]!,
    );
    expect(heroFirst).toBe(true);
    await expect(page.locator('main + footer')).toBeVisible();
  });

  await test.step('hero: the headline, the lede, and buttons of default size below 768 px and large from 768 px', async () => {
    const heroSection = page.locator('main > section').first();
    await expect(page.locator('h1')).toHaveText(hero.headline);
    await expect(heroSection).toContainText(hero.lede);
    for (const name of [hero.primaryCta, hero.secondaryCta]) {
      const box = (await heroSection.getByRole('link', { name }).boundingBox())!;
      if (width(page) < 768) expect(box.height).toBeLessThan(52);
      else expect(box.height).toBeGreaterThanOrEqual(56);
    }
  });

  await test.step('hero: the key-benefits panel sits beside the headline from lg, below it otherwise', async () => {
    const headline = (await page.locator('h1').boundingBox())!;
    const panel = page.getByRole('complementary', { name: hero.benefitsTitle });
    for (const benefit of hero.benefits) {
      await expect(panel).toContainText(benefit.title);
      await expect(panel).toContainText(benefit.description);
    }
    const box = (await panel.boundingBox())!;
    if (width(page) >= 1024) expect(box.x).toBeGreaterThan(headline.x + headline.width);
    else expect(box.y).toBeGreaterThan(headline.y + headline.height);
  });

  await test.step('feature carousel: shows below lg only, with the six features', async () => {
    const carousel = page.getByRole('region', { name: 'Membership features' });
    if (width(page) >= 1024) {
      await expect(carousel).toBeHidden();
      return;
    }
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(community.featureSlides.length);
    for (const [index, slide] of community.featureSlides.entries()) {
      await expect(slides.nth(index)).toContainText(slide.label);
      await expect(slides.nth(index)).toContainText(slide.title);
    }
    const slideWidth = (await slides.first().boundingBox())!.width;
    const viewport = (await carousel.locator('[data-carousel-viewport]').boundingBox())!.width;
    // Two slides per row from md, one (and a peek of the next) below it.
    if (width(page) >= 768) expect(Math.abs(slideWidth - viewport / 2)).toBeLessThan(20);
    else expect(slideWidth).toBeGreaterThan(viewport * 0.7);
  });

  await test.step('both newsletter bands make the readers claim and keep a 52 px sign-up area', async () => {
    if (!(await shownUnlessHidden(page, 'newsletter-top', community.newsletter.hidden))) return;
    const { newsletter } = community;
    for (const [id, name] of Object.entries(newsletter.regionNames)) {
      // Two bands, two landmark names: a screen reader's list of regions tells them apart.
      await expect(page.getByRole('region', { name, exact: true })).toHaveAttribute('id', id);
      const band = page.locator(`#${id}`);
      await expect(band).toContainText(newsletter.title);
      await expect(band).toContainText(newsletter.description);
      const area = band.locator('[data-newsletter]');
      expect((await area.boundingBox())!.height).toBe(52);
      // No embed URL is configured in this build: a plain subscribe link, never a broken frame.
      await expect(band.locator('iframe')).toHaveCount(0);
      await expect(band.getByRole('link', { name: newsletter.linkLabel })).toHaveAttribute('href', /^https:/);
    }
  });
});

// The page as loaded, read for its words, links and lists: one load, a step per part.
test('/community as written: its links, sections, plans and footer', { tag: ONE_WIDTH }, async ({ page }) => {
  await test.step('every sign-up link leads to the auth page', async () => {
    const hrefs = await page
      .locator('a[data-auth-link]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(5);
    for (const href of hrefs) expect(href).toMatch(AUTH_URL_RE);
    for (const link of await page.getByRole('link', { name: hero.primaryCta }).all()) {
      await expect(link).toHaveAttribute('data-auth-link', '');
    }
  });

  await test.step('the target audience says who it is for and not for, and what capital is on offer', async () => {
    if (!(await shownUnlessHidden(page, 'target-audience', community.targetAudience.hidden))) return;
    const section = page.locator('#target-audience');
    const audience = community.targetAudience;
    for (const [heading, items] of [
      [audience.forTitle, audience.forItems],
      [audience.notForTitle, audience.notForItems],
    ] as const) {
      const list = section.getByRole('heading', { name: heading, exact: true });
      await expect(list).toBeVisible();
      for (const item of items) await expect(section).toContainText(item);
    }
    await expect(section).toContainText(audience.capital.title);
    for (const point of audience.capital.points) {
      await expect(section).toContainText(point.title);
      await expect(section).toContainText(point.description);
    }
  });

  await test.step('benefits, the EMS moves and how-it-works, each as written', async () => {
    if (await shownUnlessHidden(page, 'benefits', community.benefits.hidden)) {
      await expectItemsAsWritten(page.locator('#benefits li'), community.benefits.items, (benefit) => [
        benefit.title,
        benefit.description,
      ]);
    }
    const { features } = community;
    const featuresShown = await shownUnlessHidden(page, 'features', features.hidden);
    for (const [index, move] of featuresShown ? features.ems.entries() : []) {
      const card = page.locator('#features ol > li').nth(index);
      await expect(card.getByRole('heading', { name: move.title })).toBeVisible();
      // The owner's word before the number (features.moveLabel); the number is the card's place.
      await expect(card).toContainText(`${features.moveLabel} ${index + 1}`);
      await expect(card).toContainText(move.description);
    }
    for (const more of featuresShown ? features.more : [])
      await expect(page.locator('#features')).toContainText(more.title);
    if (!(await shownUnlessHidden(page, 'how-it-works', community.howItWorks.hidden))) return;
    await expectItemsAsWritten(page.locator('#how-it-works ol > li'), community.howItWorks.steps, (step) => [
      String(step.number),
      step.title,
      step.description,
    ]);
  });

  await test.step('the testimonials as written, each with its stars', async () => {
    if (!(await shownUnlessHidden(page, 'testimonials', testimonials.community.hidden))) return;
    await expectTestimonialsAsWritten(page, testimonials.community.items);
  });

  await test.step('join now: plans are the default tab, each plan with its price, period, badge and terms', async () => {
    if (!(await shownUnlessHidden(page, 'join-now', joinNow.hidden))) return;
    const section = page.locator('#join-now');
    const tabs = section.getByRole('tab');
    await expect(tabs).toHaveText([joinNow.tabs.plans, joinNow.tabs.compare]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const panel = section.getByRole('tabpanel');
    for (const plan of joinNow.plans) {
      const card = panel.locator('article').filter({ hasText: plan.title });
      for (const text of [plan.description, plan.price, plan.period, plan.tagline, ...plan.features])
        await expect(card).toContainText(text);
      if (plan.badge) await expect(card).toContainText(plan.badge);
      if (plan.additionalText) await expect(card).toContainText(plan.additionalText);
      await expect(card.getByRole('link', { name: plan.ctaText })).toHaveAttribute('href', AUTH_URL_RE);
    }
  });

  await test.step('the footer links as written, and the copyright names the brand', async () => {
    const element = page.locator('body > footer');
    for (const link of [...footer.columns.flatMap((column) => column.links), ...footer.social]) {
      await expect(element.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    await expect(element).toContainText(
      new RegExp(`© \\d{4} ${RegExp.escape(siteNames.brand)}\\. ${RegExp.escape(footer.copyright)}`),
    );
  });

  await test.step('the footer links both pages and marks this one', () =>
    expectFooterPages(page, '/community', footer.pages));

  // Last: it scrolls each image into view so that it loads.
  await test.step('the virtual office lists its features and its four images at 400 and 800 wide', async () => {
    if (!(await shownUnlessHidden(page, 'virtual-office', community.virtualOffice.hidden))) return;
    const section = page.locator('#virtual-office');
    const office = community.virtualOffice;
    for (const feature of office.features) {
      await expect(section.getByRole('heading', { name: feature.title })).toBeVisible();
      await expect(section).toContainText(feature.description);
    }
    const pictures = section.locator('picture');
    await expect(pictures).toHaveCount(office.images.length);
    for (const [index, picture] of (await pictures.all()).entries()) {
      const types = await picture
        .locator('source')
        .evaluateAll((s) => s.map((el) => el.getAttribute('type')));
      expect(types).toEqual(['image/avif', 'image/webp']);
      for (const srcset of await picture
        .locator('source')
        .evaluateAll((s) => s.map((el) => el.getAttribute('srcset')))) {
        expect(srcset).toMatch(/ 400w, .* 800w$/);
      }
      const img = picture.locator('img');
      await expect(img).toHaveAttribute('width', '800');
      await expect(img).toHaveAttribute('alt', office.images[index]!.alt);
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
      // Its size is set to the picture's own shape (whatever picture the owner uploaded), so nothing
      // shifts when it arrives: the height attribute is the width's share of the drawn picture's.
      const shape = await img.evaluate((el: HTMLImageElement) => ({
        set: Number(el.getAttribute('height')) / Number(el.getAttribute('width')),
        drawn: el.naturalHeight / el.naturalWidth,
      }));
      expect(Math.abs(shape.set - shape.drawn)).toBeLessThan(0.01);
    }
  });
});

test("the sticky nav shows the logo, the title and the hero's call to action, and the logo returns to the top", async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The mark is drawn inline: no request of its own, nothing to wait for.
  await expect(nav.locator('svg[data-logo-mark]')).toBeVisible();
  await expect(nav).toContainText(siteNames.brand);
  // The nav's button says what the hero's first button says (community.yaml hero.primaryCta).
  await expect(nav.getByRole('link', { name: hero.primaryCta })).toHaveAttribute('href', AUTH_URL_RE);
  await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: siteNames.brand }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('hero', () => {
  test('"Learn More" scrolls to the audience section (the next one shown, when the owner hid it)', async ({
    page,
  }) => {
    const target = learnMoreHref(siteContent);
    await page.getByRole('link', { name: hero.secondaryCta }).click();
    await expect(page).toHaveURL(new RegExp(`${RegExp.escape(target)}$`));
    await expect(page.locator(target)).toBeInViewport();
  });
});

test.describe('feature carousel', () => {
  test('loops with its buttons and the arrow keys (below lg; from lg it cannot be reached)', async ({
    page,
  }) => {
    const carousel = page.getByRole('region', { name: 'Membership features' });
    if (width(page) >= 1024) {
      // Hidden from lg, and its island never hydrates there (client:media).
      await expect(carousel).toBeHidden();
      await expect(page.locator('#feature-carousel astro-island')).toHaveAttribute('ssr', '');
      return;
    }
    await hydrated(page, '#feature-carousel');
    const first = carousel.locator('[aria-roledescription="slide"]').first();
    const firstX = async () => (await first.boundingBox())!.x;
    const home = await firstX();
    const prev = carousel.getByRole('button', { name: 'Previous slide' });
    const next = carousel.getByRole('button', { name: 'Next slide' });
    // Looping: both buttons work from the first slide.
    await expect(prev).toBeEnabled();
    await expect(next).toBeEnabled();
    await next.click();
    await expect.poll(firstX).toBeLessThan(home - 50);
    await prev.click();
    await expect.poll(firstX).toBeCloseTo(home, -1);
    await prev.click(); // wraps to the end
    await expect.poll(firstX).not.toBeCloseTo(home, -1);
    await next.click();
    await expect.poll(firstX).toBeCloseTo(home, -1);
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(firstX).toBeLessThan(home - 50);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(firstX).toBeCloseTo(home, -1);
  });
});

test.describe('target audience and the dashboard preview', () => {
  // One load: the keyboard's step begins by selecting the first tab itself.
  test('the dashboards as tabs, with previous/next that wrap and an n / total counter, and the APG keyboard pattern', async ({
    page,
  }) => {
    if (!(await shownUnlessHidden(page, 'target-audience', community.targetAudience.hidden))) return;
    const section = page.locator('#target-audience');
    await hydrated(page, '#target-audience');
    await test.step('the dashboards as tabs, with previous/next that wrap and an n / total counter', async () => {
      const dashboards = community.dashboardTabs;
      const sample = community.dashboardSample;
      const tabs = section.getByRole('tablist', { name: 'Dashboard previews' }).getByRole('tab');
      await expect(tabs).toHaveText(dashboards.map((tab) => tab.label));
      const panel = section.getByRole('tabpanel');
      const counter = section.getByText(new RegExp(`\\b\\d+ / ${dashboards.length}$`));
      // What each dashboard draws from the sample figures.
      const drawn: Record<string, string[]> = {
        strategy: [`${sample.profitScore}/${sample.profitScoreMax}`, sample.profitScoreLabel],
        financial: [sample.monthlyRevenueLabel, sample.monthlyRevenue, sample.availableCredit],
        community: [sample.foundersOnline, sample.boardOnline, sample.nextMeetingLabel, sample.nextMeeting],
      };
      for (const [index, dashboard] of dashboards.entries()) {
        await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
        await expect(counter).toHaveText(new RegExp(`\\b${index + 1} / ${dashboards.length}$`));
        await expect(panel).toContainText(dashboard.title);
        for (const text of drawn[dashboard.id] ?? []) await expect(panel).toContainText(text);
        await section.getByRole('button', { name: 'Next dashboard' }).click();
      }
      // Next from the last wrapped to the first; previous from the first wraps to the last.
      await expect(counter).toHaveText(new RegExp(`\\b1 / ${dashboards.length}$`));
      await section.getByRole('button', { name: 'Previous dashboard' }).click();
      await expect(counter).toHaveText(new RegExp(`\\b${dashboards.length} / ${dashboards.length}$`));
      await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('the tabs follow the APG keyboard pattern', async () => {
      const tabs = page.getByRole('tablist', { name: 'Dashboard previews' }).getByRole('tab');
      await tabs.first().click();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(1)).toBeFocused();
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('End');
      await expect(tabs.last()).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(0)).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(tabs.last()).toBeFocused();
      await page.keyboard.press('Home');
      await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
      // Only the selected tab is in the tab order.
      expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual(
        community.dashboardTabs.map((_, index) => (index === 0 ? '0' : '-1')),
      );
    });
  });
});

test.describe('join now', () => {
  test(
    'the comparison lists each service, the total and the savings computed from them',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      if (!(await shownUnlessHidden(page, 'join-now', joinNow.hidden))) return;
      const section = page.locator('#join-now');
      await hydrated(page, '#join-now');
      await section.getByRole('tab', { name: joinNow.tabs.compare }).click();
      const table = section.getByRole('table');
      await expect(table).toBeVisible();
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 2).map((c) => c.textContent?.trim())),
        );
      // Summed here from the offer's rows, not read from the code that sums them on the page.
      const rowsInOffer = siteContent.offer.serviceCosts;
      const total = rowsInOffer.reduce((sum, row) => sum + row.monthlyPrice, 0);
      const monthlySaving = total - siteContent.offer.plans.paid.pricePerMonth;
      expect(rows).toEqual(rowsInOffer.map((row) => [row.service, formatUsd(row.monthlyPrice)]));
      await expect(table.locator('tbody')).toContainText(joinNow.compare.includedYes);
      await expect(table.locator('[data-total]')).toHaveText(`${formatUsd(total)}/mo`);
      const saving = (label: string) => section.locator('dt', { hasText: label }).locator('+ dd');
      await expect(saving(joinNow.compare.monthlySavingLabel)).toHaveText(formatUsd(monthlySaving));
      await expect(saving(joinNow.compare.yearlySavingLabel)).toHaveText(formatUsd(monthlySaving * 12));
    },
  );
});

test('the FAQ opens one answer at a time, and an open answer closes again', async ({ page }) => {
  if (!(await shownUnlessHidden(page, 'faq', faq.hidden))) return;
  const items = page.locator('#faq details');
  await expect(items.locator('summary')).toHaveText(faq.items.map((item) => item.question));
  const summary = (i: number) => items.nth(i).locator('summary');
  await summary(0).click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await summary(1).click();
  await expect(items.nth(1)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await summary(1).click();
  await expect(items.nth(1)).not.toHaveAttribute('open');
  // The keyboard works too.
  await summary(2).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await expect(items.nth(2)).toContainText(faq.items[2]!.answer);
});

// One scan per state, a step each, one page load for all of them (a scan takes one to two seconds
// on a small machine: the test is marked slow). What a selected tab or an open answer shows is the
// same at every width: scanned at one. The page as loaded, with the default tabs and every answer
// closed, is scanned at each width in a11y.spec.ts.
const dashboardTabs = textsInBuild(
  '/community',
  '#target-audience [role="tab"]',
  community.targetAudience.hidden,
).slice(1);
const pricingTabs = textsInBuild('/community', '#join-now [role="tab"]', joinNow.hidden).slice(1);
const questions = textsInBuild('/community', '#faq summary', faq.hidden);
if (dashboardTabs.length + pricingTabs.length + questions.length > 0) {
  test(
    'axe finds nothing with each other tab selected and with each FAQ answer open',
    { tag: ONE_WIDTH },
    async ({ page }) => {
      test.slow(); // one scan per tab and per answer
      await revealAll(page);
      for (const [section, tabs] of [
        ['target-audience', dashboardTabs],
        ['join-now', pricingTabs],
      ] as const) {
        if (tabs.length === 0) continue;
        await hydrated(page, `#${section}`);
        for (const name of tabs) {
          await test.step(`axe finds nothing with the ${section} tab "${name}" selected`, async () => {
            const tab = page.locator(`#${section}`).getByRole('tab', { name, exact: true });
            await tab.click();
            await expect(tab).toHaveAttribute('aria-selected', 'true');
            await expectNoAxeViolations(page, `#${section}`);
          });
        }
      }
      for (const [index, question] of questions.entries()) {
        await test.step(`axe finds nothing with the FAQ answer to "${question}" open`, async () => {
          const summary = page.locator('#faq summary').nth(index);
          await expect(summary).toHaveText(question);
          await summary.click();
          await expect(summary.locator('..')).toHaveJSProperty('open', true);
          await expectNoAxeViolations(page, '#faq');
        });
      }
    },
  );
}

test.describe('keyboard', () => {
  test('every control is reachable with Tab and shows a focus ring', async ({ page }) => {
    test.slow(); // eighty Tab presses, each followed by a look at the focused element
    const seen = new Set<string>();
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return {
          key: `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}`,
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
        };
      });
      if (!info) continue;
      expect(info.outline, `focus ring on ${info.key}`).toBe(true);
      seen.add(info.key);
    }
    // Each widget the page shows was reached (the owner may hide the sections that hold them).
    const reached = (prefix: string) => [...seen].some((key) => key.startsWith(prefix));
    expect(reached('BUTTON:Next dashboard')).toBe(!community.targetAudience.hidden);
    expect(reached(`BUTTON:${joinNow.tabs.plans.slice(0, 30)}`)).toBe(!joinNow.hidden);
    expect(reached('SUMMARY:')).toBe(!faq.hidden);
  });
});
