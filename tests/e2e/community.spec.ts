/** The community page (/community): every section, widget and business figure, at 375, 800 and 1280 px. */
import type { Page } from '@playwright/test';
import { textsInBuild } from './built-pages.ts';
import { AUTH_URL_RE, expect, expectNoAxeViolations, hydrated, test } from './fixtures.ts';

const SECTION_IDS = [
  'target-audience',
  'newsletter-top',
  'virtual-office',
  'benefits',
  'features',
  'how-it-works',
  'testimonials',
  'join-now',
  'faq',
  'newsletter-bottom',
  'cta',
];

const width = (page: Page) => page.viewportSize()!.width;

/** Shows every section at once, as a visitor who scrolled would see them. */
async function revealAll(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.reveal-pending')) el.classList.remove('reveal-pending');
  });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/community');
});

test('sections come in their fixed order (their ids are link targets), between the hero and the footer', async ({
  page,
}) => {
  const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
  expect(ids).toEqual(SECTION_IDS);
  const h1 = page.locator('main h1');
  await expect(h1).toHaveCount(1);
  const heroFirst = await h1.evaluate(
    (el) =>
      (el.compareDocumentPosition(document.getElementById('target-audience')!) &
        Node.DOCUMENT_POSITION_FOLLOWING) >
      0,
  );
  expect(heroFirst).toBe(true);
  await expect(page.locator('main + footer')).toBeVisible();
});

test('the sticky nav shows the logo, the title and "Yes, help me", and the logo returns to the top', async ({
  page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The mark is drawn inline: no request of its own, nothing to wait for.
  await expect(nav.locator('svg[data-logo-mark]')).toBeVisible();
  await expect(nav).toContainText('Build Equity');
  await expect(nav.getByRole('link', { name: 'Yes, help me' })).toHaveAttribute('href', AUTH_URL_RE);
  await page.evaluate(() => window.scrollTo({ top: 2000, behavior: 'instant' }));
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: 'Build Equity' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('every sign-up link leads to the auth page', async ({ page }) => {
  const hrefs = await page
    .locator('a[data-auth-link]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThanOrEqual(5);
  for (const href of hrefs) expect(href).toMatch(AUTH_URL_RE);
  for (const link of await page.getByRole('link', { name: 'Yes, help me' }).all()) {
    await expect(link).toHaveAttribute('data-auth-link', '');
  }
});

test.describe('hero', () => {
  test('buttons are default size below 768 px and large from 768 px', async ({ page }) => {
    const hero = page.locator('main > section').first();
    for (const name of ['Yes, help me', 'Learn More']) {
      const box = (await hero.getByRole('link', { name }).boundingBox())!;
      if (width(page) < 768) expect(box.height).toBeLessThan(52);
      else expect(box.height).toBeGreaterThanOrEqual(56);
    }
  });

  test('the key-benefits panel sits beside the headline from lg, below it otherwise', async ({ page }) => {
    const headline = (await page.locator('h1').boundingBox())!;
    const panel = page.getByRole('complementary', { name: 'What you get' });
    for (const benefit of [
      "Owner's community",
      'Virtual co-working desk',
      "Owner's operating system",
      'Performance tracking',
    ]) {
      await expect(panel).toContainText(benefit);
    }
    const box = (await panel.boundingBox())!;
    if (width(page) >= 1024) expect(box.x).toBeGreaterThan(headline.x + headline.width);
    else expect(box.y).toBeGreaterThan(headline.y + headline.height);
  });

  test('"Learn More" scrolls to the audience section', async ({ page }) => {
    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect(page).toHaveURL(/#target-audience$/);
    await expect(page.locator('#target-audience')).toBeInViewport();
  });
});

test.describe('feature carousel', () => {
  test('shows below lg only, with the six features', async ({ page }) => {
    const carousel = page.getByRole('region', { name: 'Membership features' });
    if (width(page) >= 1024) {
      await expect(carousel).toBeHidden();
      return;
    }
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(6);
    for (const label of ['Network', 'Productivity', 'Framework', 'Growth', 'Scale', 'Strategy']) {
      await expect(carousel).toContainText(label);
    }
    await expect(carousel).toContainText('$250k-$2M average member revenue');
    const slideWidth = (await slides.first().boundingBox())!.width;
    const viewport = (await carousel.locator('[data-carousel-viewport]').boundingBox())!.width;
    // Two slides per row from md, one (and a peek of the next) below it.
    if (width(page) >= 768) expect(Math.abs(slideWidth - viewport / 2)).toBeLessThan(20);
    else expect(slideWidth).toBeGreaterThan(viewport * 0.7);
  });

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
  test('says who it is for and not for, and what capital is on offer', async ({ page }) => {
    const section = page.locator('#target-audience');
    await expect(section.getByRole('heading', { name: 'Built for', exact: true })).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Not for', exact: true })).toBeVisible();
    await expect(section).toContainText('Idea-stage founders with no revenue yet');
    await expect(section).toContainText('Founders chasing venture capital');
    await expect(section).toContainText('Up to $30K at 0%, or up to 2x your monthly revenue');
    await expect(section).toContainText('Performance-based repayment');
  });

  test('three dashboards as tabs, with previous/next that wrap and an n / 3 counter', async ({ page }) => {
    const section = page.locator('#target-audience');
    await hydrated(page, '#target-audience');
    const tabs = section.getByRole('tablist', { name: 'Dashboard previews' }).getByRole('tab');
    await expect(tabs).toHaveText(['Strategy', 'Financial', 'Community']);
    const panel = section.getByRole('tabpanel');
    const counter = section.getByText(/\d \/ 3/);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(counter).toHaveText(/1 \/ 3/);
    await expect(panel).toContainText('North Star Strategy Dashboard');
    await expect(panel).toContainText('76/100');

    await section.getByRole('button', { name: 'Next dashboard' }).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(counter).toHaveText(/2 \/ 3/);
    await expect(panel).toContainText('Financial Engine Dashboard');
    await expect(panel).toContainText('$30,000');
    await expect(panel).toContainText('Monthly revenue');

    await section.getByRole('button', { name: 'Next dashboard' }).click();
    await expect(panel).toContainText('Advisory Board Dashboard');
    await expect(panel).toContainText('17 founders online');
    await expect(panel).toContainText('3 founders online');
    await expect(panel).toContainText('Next board meeting');
    await section.getByRole('button', { name: 'Next dashboard' }).click();
    await expect(counter).toHaveText(/1 \/ 3/);
    await section.getByRole('button', { name: 'Previous dashboard' }).click();
    await expect(counter).toHaveText(/3 \/ 3/);
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  });

  test('the tabs follow the APG keyboard pattern', async ({ page }) => {
    await hydrated(page, '#target-audience');
    const tabs = page.getByRole('tablist', { name: 'Dashboard previews' }).getByRole('tab');
    await tabs.first().click();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(tabs.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(2)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the tab order.
    expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual([
      '0',
      '-1',
      '-1',
    ]);
  });
});

test('both newsletter bands make the 50,000+ readers claim and keep a 52 px sign-up area', async ({
  page,
}) => {
  for (const [id, name] of [
    ['newsletter-top', 'Newsletter sign-up, top of page'],
    ['newsletter-bottom', 'Newsletter sign-up, end of page'],
  ] as const) {
    // Two bands, two landmark names: a screen reader's list of regions tells them apart.
    await expect(page.getByRole('region', { name, exact: true })).toHaveAttribute('id', id);
    const band = page.locator(`#${id}`);
    await expect(band).toContainText('50,000+ readers');
    const area = band.locator('[data-newsletter]');
    expect((await area.boundingBox())!.height).toBe(52);
    // No embed URL is configured in this build: a plain subscribe link, never a broken frame.
    await expect(band.locator('iframe')).toHaveCount(0);
    await expect(band.getByRole('link', { name: 'Subscribe to the newsletter' })).toHaveAttribute(
      'href',
      /^https:/,
    );
  }
});

test('the virtual office lists its six features and four images at 400 and 800 wide', async ({ page }) => {
  const section = page.locator('#virtual-office');
  for (const feature of [
    'Private office',
    'Meeting scheduling and calendar',
    'Drop-in knock access',
    'Shared conference rooms',
    'AI summaries',
    'Community access',
  ]) {
    await expect(section.getByRole('heading', { name: feature })).toBeVisible();
  }
  const pictures = section.locator('picture');
  await expect(pictures).toHaveCount(4);
  for (const picture of await pictures.all()) {
    const types = await picture.locator('source').evaluateAll((s) => s.map((el) => el.getAttribute('type')));
    expect(types).toEqual(['image/avif', 'image/webp']);
    for (const srcset of await picture
      .locator('source')
      .evaluateAll((s) => s.map((el) => el.getAttribute('srcset')))) {
      expect(srcset).toMatch(/ 400w, .* 800w$/);
    }
    const img = picture.locator('img');
    await expect(img).toHaveAttribute('width', '800');
    await expect(img).toHaveAttribute('height', '500');
    await expect(img).toHaveAttribute('alt', /.{20,}/);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
});

test('benefits, features and how-it-works carry the offer: five benefits, onboarding, four steps', async ({
  page,
}) => {
  const benefits = page.locator('#benefits li');
  await expect(benefits).toHaveCount(5);
  await expect(page.locator('#benefits')).toContainText('30-day onboarding');
  await expect(page.locator('#benefits')).toContainText('4-6 founders at your stage, meeting monthly');
  for (const [index, move] of [
    'Organize around profit',
    'Standardize the offer',
    'Simplify operations',
    'Optimize the team',
  ].entries()) {
    const card = page.locator('#features ol > li').nth(index);
    await expect(card.getByRole('heading', { name: move })).toBeVisible();
    // "Move" is the owner's word (community.yaml features.moveLabel); the number is the card's place.
    await expect(card).toContainText(`Move ${index + 1}`);
  }
  const steps = page.locator('#how-it-works ol > li');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('Step 1');
  await expect(steps.nth(0)).toContainText('Join the community');
  await expect(steps.nth(3)).toContainText('Hit milestones, unlock capital');
});

test('three testimonials with five stars each, marked as samples', async ({ page }) => {
  const items = page.locator('#testimonials li');
  await expect(items).toHaveCount(3);
  await expect(page.locator('#testimonials').getByText('5 out of 5 stars')).toHaveCount(3);
  await expect(page.locator('#testimonials')).toContainText('(sample)');
});

test.describe('join now', () => {
  test('plans are the default tab, each plan with its price, period, badge and terms', async ({ page }) => {
    const section = page.locator('#join-now');
    const tabs = section.getByRole('tab');
    await expect(tabs).toHaveText(['Membership Plans', 'Compare Features']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const panel = section.getByRole('tabpanel');
    const free = panel.locator('article').filter({ hasText: 'Free membership' });
    await expect(free).toContainText('$0');
    await expect(free).toContainText('per month');
    await expect(free).toContainText('Popular');
    await expect(free).toContainText('No credit card required');
    await expect(free).toContainText('Log in at least once a week');
    await expect(free).toContainText('Basic Equity Management System tools');
    const paid = panel.locator('article').filter({ hasText: 'Paid membership' });
    await expect(paid).toContainText('$100');
    await expect(paid).toContainText('Billed quarterly ($300)');
    await expect(paid).toContainText('30-day money-back guarantee');
    await expect(paid).toContainText('No platform commitments. Cancel anytime.');
    await expect(paid).toContainText('1:1 advisory sessions');
    for (const plan of [free, paid]) {
      for (const shared of ['Exit Studio Program', 'Profitability Score tracking', 'A Peer Advisory Board']) {
        await expect(plan).toContainText(shared);
      }
      await expect(plan.getByRole('link', { name: 'Yes, help me' })).toHaveAttribute('href', AUTH_URL_RE);
    }
  });

  test('the comparison lists the six services, the $412 total and the savings', async ({ page }) => {
    const section = page.locator('#join-now');
    await hydrated(page, '#join-now');
    await section.getByRole('tab', { name: 'Compare Features' }).click();
    const table = section.getByRole('table');
    await expect(table).toBeVisible();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('th, td')].slice(0, 2).map((c) => c.textContent?.trim())),
      );
    expect(rows).toEqual([
      ['Co-working space', '$300'],
      ['Video calls', '$15'],
      ['Calendar booking', '$12'],
      ['Peer networking groups', '$50'],
      ['AI note taker', '$20'],
      ['Whiteboard', '$15'],
    ]);
    await expect(table.locator('tbody')).toContainText('Included');
    await expect(table.locator('[data-total]')).toHaveText('$412/mo');
    await expect(section).toContainText('$312');
    await expect(section).toContainText('$3,744');
  });
});

test('the FAQ opens one answer at a time, and an open answer closes again', async ({ page }) => {
  const items = page.locator('#faq details');
  expect(await items.count()).toBeGreaterThanOrEqual(6);
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
  await expect(page.locator('#faq')).toContainText('weekly');
});

test('the footer links are placeholders and the copyright names the brand', async ({ page }) => {
  const footer = page.locator('body > footer');
  for (const label of [
    'EMS Framework',
    'Profitability Guide',
    'Capital Access',
    'Blog',
    'About Us',
    'Contact',
    'Terms of Service',
    'Privacy Policy',
    'Twitter',
    'LinkedIn',
    'Facebook',
  ]) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', '#');
  }
  await expect(footer).toContainText(/© \d{4} Build Equity\. All rights reserved\./);
});

// One scan per state, each its own test (a scan takes one to two seconds on a small machine). The
// page as loaded, with the default tabs and every answer closed, is scanned in a11y.spec.ts.
const dashboardTabs = textsInBuild('/community', '#target-audience [role="tab"]').slice(1);
const pricingTabs = textsInBuild('/community', '#join-now [role="tab"]').slice(1);
for (const [section, tabs] of [
  ['target-audience', dashboardTabs],
  ['join-now', pricingTabs],
] as const) {
  for (const name of tabs) {
    test(`axe finds nothing with the ${section} tab "${name}" selected`, async ({ page }) => {
      await revealAll(page);
      await hydrated(page, `#${section}`);
      const tab = page.locator(`#${section}`).getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolations(page, `#${section}`);
    });
  }
}

textsInBuild('/community', '#faq summary').forEach((question, index) => {
  test(`axe finds nothing with the FAQ answer to "${question}" open`, async ({ page }) => {
    await revealAll(page);
    const summary = page.locator('#faq summary').nth(index);
    await expect(summary).toHaveText(question);
    await summary.click();
    await expect(summary.locator('..')).toHaveJSProperty('open', true);
    await expectNoAxeViolations(page, '#faq');
  });
});

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
    expect([...seen].some((k) => k.includes('Next dashboard'))).toBe(true);
    expect([...seen].some((k) => k.startsWith('BUTTON:Membership Plans'))).toBe(true);
    expect([...seen].some((k) => k.startsWith('SUMMARY:'))).toBe(true);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page reads completely: every tab panel, every slide, every answer', async ({ page }) => {
    await page.goto('/community');
    for (const text of [
      'North Star Strategy Dashboard',
      'Financial Engine Dashboard',
      'Advisory Board Dashboard',
      '17 founders online',
      '$3,744',
      'Whiteboard',
      'No credit card required',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    // The controls that need JavaScript step aside.
    await expect(page.locator('[role="tablist"]').first()).toBeHidden();
    if (width(page) < 1024) {
      const slides = page.locator('[aria-roledescription="slide"]');
      await expect(slides).toHaveCount(6);
      await slides.last().scrollIntoViewIfNeeded();
      await expect(slides.last()).toBeInViewport();
    }
    const answers = page.locator('#faq details');
    await answers.first().locator('summary').click();
    await expect(answers.first()).toHaveAttribute('open', '');
  });
});
