/** The boxed-product page (/): every section, widget and business figure, at 375, 800 and 1280 px. */
import type { Page } from '@playwright/test';
import { textsInBuild } from './built-pages.ts';
import { AUTH_URL_RE, expect, expectNoAxeViolations, test } from './fixtures.ts';

const SECTION_IDS = [
  'hero',
  'kit-intro',
  'box',
  'platform-video',
  'cash-flow-machine',
  'risk-dashboard',
  'community',
  'whats-inside',
  'why-this-works',
  'bundles',
  'movement',
  'roi',
  'testimonials',
  'final-cta',
];
const VIDEO_HOSTS = /youtube|ytimg|vimeo|vimeocdn|googlevideo/;
const width = (page: Page) => page.viewportSize()!.width;

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('sections come in their fixed order (their ids are link targets)', async ({ page }) => {
  const ids = await page.locator('main > section[id]').evaluateAll((els) => els.map((el) => el.id));
  expect(ids).toEqual(SECTION_IDS);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('#hero')).toContainText('Bonus kit included');
});

test('every buy link leads to the auth page', async ({ page }) => {
  const hrefs = await page
    .locator('a[data-auth-link]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThanOrEqual(4);
  for (const href of hrefs) expect(href).toMatch(AUTH_URL_RE);
});

test('from 1024 px the hero shows the box beside the headline; narrower, the call to action comes first', async ({
  page,
}) => {
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
  await expect(page.locator('#hero').getByRole('link', { name: /Get the kit/ })).toBeInViewport();
  // The headline stays the largest thing painted on arrival, the image does not take its place.
  const largest = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        new PerformanceObserver((list) =>
          resolve((list.getEntries().at(-1) as LargestContentfulPaint).element?.id ?? ''),
        ).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  expect(largest).toBe('hero-title');
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
  // On arrival the hero and its "Bonus kit included" card are uncovered: no bar.
  await expect(heroCta).toBeInViewport();
  await expect(bar).toBeHidden();
  await page.locator('#kit-intro').scrollIntoViewIfNeeded();
  await expect(heroCta).not.toBeInViewport();
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', AUTH_URL_RE);
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
    await expect(buttons).toHaveCount(3);
    const first = page.locator('#kit-intro [data-video]');
    await first.getByRole('button', { name: 'Play video: What is in The Oh Sh*t Kit' }).click();
    const frame = first.locator('iframe');
    await expect(frame).toHaveAttribute('title', 'What is in The Oh Sh*t Kit');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    const box = (await frame.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await expect(first.getByRole('status')).toHaveCount(0);

    const vimeo = page.locator('#platform-video [data-video]');
    await vimeo.getByRole('button').click();
    await expect(vimeo.locator('iframe')).toHaveAttribute('src', /^https:\/\/player\.vimeo\.com\/video\//);
  });

  test('every video poster is 16:9 at this width', async ({ page }) => {
    for (const video of await page.locator('[data-video]').all()) {
      const box = (await video.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    }
  });
});

test.describe('accordions', () => {
  test('the cash flow machine has 7 items, one open at a time, each closable', async ({ page }) => {
    const items = page.locator('#cash-flow-machine details');
    await expect(items).toHaveCount(7);
    await expect(items.last()).toContainText('Quick-start checklist');
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).toHaveAttribute('open', '');
    expect(await items.evaluateAll((d) => d.filter((el) => (el as HTMLDetailsElement).open).length)).toBe(1);
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2)).not.toHaveAttribute('open');
  });

  test('the risk dashboard has 4 items, operable from the keyboard, beside the overall score', async ({
    page,
  }) => {
    await expect(
      page.locator('#risk-dashboard').getByRole('heading', { name: 'Your overall score' }),
    ).toBeVisible();
    const items = page.locator('#risk-dashboard details');
    await expect(items).toHaveCount(4);
    await expect(items.locator('summary')).toHaveText([
      'Why it works',
      'What it is',
      'How we do it',
      'The payoff',
    ]);
    await items.nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await items.nth(3).locator('summary').focus();
    await page.keyboard.press('Space');
    await expect(items.nth(3)).toHaveAttribute('open', '');
    await expect(items.nth(1)).not.toHaveAttribute('open');
  });

  test('every cash-flow target and risk figure is on the page', async ({ page }) => {
    for (const details of await page.locator('details').all())
      await details.evaluate((d) => ((d as HTMLDetailsElement).open = true));
    const text = (await page.locator('main').textContent())!;
    for (const figure of [
      'at least 30% of revenue',
      'at most 40% of revenue',
      'Sales and marketing at most 15%',
      'overhead at most 15%',
      'run 30 days with the owner absent',
      'Under 2 months of expenses in cash means you are exposed',
      '90-minute review by the 10th',
      'a 10% price rise gives a 25% profit increase',
      '$3-5',
      'Profit Engine',
      'Value Engine',
      '5 drivers each, scored 1-5',
      'Risk Map',
      '90-day sprint exit plan',
      're-run quarterly',
      '5-day profit sprints',
      '90-day cash map by week',
      'Green, Yellow or Red',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });
});

test('the community button is a plain button that goes nowhere', async ({ page }) => {
  const button = page.locator('#community').getByRole('button', { name: 'Yes, help me' });
  await expect(button).toHaveAttribute('type', 'button');
  await expect(page.locator('#community a', { hasText: 'Yes, help me' })).toHaveCount(0);
  const url = page.url();
  await button.click();
  await page.waitForTimeout(200);
  expect(page.url()).toBe(url);
});

test('beside that button, a text link leads to the community page', async ({ page }) => {
  const link = page.locator('#community').getByRole('link', { name: 'See the community' });
  await expect(link).toHaveAttribute('href', '/community');
  const [button, box] = await Promise.all([
    page.locator('#community').getByRole('button', { name: 'Yes, help me' }).boundingBox(),
    link.boundingBox(),
  ]);
  // Beside it: on the same row, or just below it on a narrow screen.
  expect(box!.y).toBeLessThan(button!.y + button!.height + 24);
  expect(box!.height).toBeGreaterThanOrEqual(24);
  await link.click();
  await expect(page).toHaveURL(/\/community$/);
});

test('cards are lists: 6 inside, 3 reasons, 8 bundle items, 4 movement cards', async ({ page }) => {
  await expect(page.locator('#whats-inside li')).toHaveCount(6);
  await expect(page.locator('#why-this-works li')).toHaveCount(3);
  await expect(page.locator('#bundles li')).toHaveCount(8);
  await expect(page.locator('#movement li')).toHaveCount(4);
  const bundles = page.locator('#bundles');
  await expect(bundles).toContainText('About $588');
  await expect(bundles).toContainText('$997/yr');
  await expect(bundles).toContainText('About $100, then $100/mo unless cancelled');
});

test('the ROI section weighs the costs against a price card that stays in view', async ({ page }) => {
  const roi = page.locator('#roi');
  await expect(roi).toContainText('Lost revenue');
  await expect(roi).toContainText('$50,000+');
  await expect(roi).toContainText('Emergency consultants');
  await expect(roi).toContainText('$25,000+');
  const card = roi.locator('[data-price-card]');
  await expect(card).toContainText('$497');
  await expect(card).toContainText('30-day peace-of-mind guarantee');
  await expect(card).toContainText('Ships within 24 hours');
  await expect(card).toContainText('under 10 minutes');
  await expect(card.getByRole('link', { name: 'Buy now' })).toHaveAttribute('href', AUTH_URL_RE);
  await expect(card).toContainText('renews at $100/mo after 30 days unless cancelled');
  const position = await card.evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe(width(page) >= 1024 ? 'sticky' : 'static');
});

test('three sample testimonials with five stars each', async ({ page }) => {
  await expect(page.locator('#testimonials li')).toHaveCount(3);
  await expect(page.locator('#testimonials').getByText('5 out of 5 stars')).toHaveCount(3);
});

test('the Product structured data matches the offer', async ({ page }) => {
  const records = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>),
    );
  const product = records.find((r) => r['@type'] === 'Product') as
    { name: string; image: string[]; offers: { url: string } } | undefined;
  expect(product).toBeDefined();
  expect(product?.name).toBe('The Oh Sh*t Kit');
  expect(product?.offers).toMatchObject({
    priceCurrency: 'USD',
    price: '497.00',
    availability: 'https://schema.org/InStock',
  });
  expect(new URL(product!.offers.url).pathname).toBe('/');
  expect(product!.image[0]).toMatch(/^https?:\/\/.+\/og\/kit\.png$/);
});

// One scan per state, each its own test: a scan takes one to two seconds on a small machine, so a
// test that walked every item would sit near its timeout. The page as loaded (every accordion at
// rest) is scanned in a11y.spec.ts.
for (const section of ['cash-flow-machine', 'risk-dashboard']) {
  textsInBuild('/', `#${section} summary`).forEach((title, index) => {
    test(`axe finds nothing with the ${section} item "${title}" open`, async ({ page }) => {
      const summary = page.locator(`#${section} summary`).nth(index);
      await expect(summary).toHaveText(title);
      const open = await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
      if (!open) await summary.click();
      await expect(summary.locator('..')).toHaveJSProperty('open', true);
      await expectNoAxeViolations(page, `#${section}`);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page reads completely, the buy links work and videos link out', async ({ page }) => {
    await page.goto('/');
    for (const id of SECTION_IDS) await expect(page.locator(`#${id}`)).toBeVisible();
    const hrefs = await page
      .locator('a[data-auth-link]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(AUTH_URL_RE);
    await expect(page.getByRole('button', { name: /^Play video/ })).toHaveCount(0);
    const watch = page.getByRole('link', { name: /^Play video: What is in The Oh Sh\*t Kit/ });
    await expect(watch).toBeVisible();
    await expect(watch).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
  });
});
