/**
 * The Results view in the page's words, in `npm run edit` with the sample split test running and
 * Plausible answered by the stand-in (tests/support/analytics-api.ts): each section by the title
 * the owner gave it with its name in the page's form, each variant with the words it tests, each
 * measure explained in a sentence, the share of good visits against the pass mark in words, no
 * Save, Reset, Copy or Paste, at a laptop's width and a phone's, axe clean; Promote keeps the view
 * drawn (no reload), says what it did, and the page's form then shows the promoted words. And no
 * owner's visit is counted: with the analytics host set to a stand-in collector
 * (tests/support/collector.ts), the pages, a variant's preview and the editor send it nothing.
 * Expected words come from the copy's src/content/.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import type { EditorField } from '../../src/content/fields.ts';
import { PAGES } from '../../src/content/pages.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import { runSampleExperiment, SAMPLE_EXPERIMENT } from '../../scripts/lib/sample-experiment.ts';
import { expectNoAxeViolations } from '../e2e/fixtures.ts';
import type { AnalyticsApi } from '../support/analytics-api.ts';
import { sampleAnalyticsApi } from '../support/analytics-log.ts';
import { startCollector, type Collector } from '../support/collector.ts';
import { startEditorCopy, type EditorCopy } from '../support/editor-copy.ts';
import { contentOf } from '../support/site-content.ts';

// Past the other editor tests' ports (editor.spec.ts's, results.spec.ts's), so all can run at once.
const PORT = Number(process.env['EDITOR_PORT'] ?? 4331) + 2;
const KEY = 'plausible-stand-in-key-93d0e';
const [control, challenger] = SAMPLE_EXPERIMENT.variants as unknown as [
  { id: string },
  { id: string; fields: Record<string, string> },
];

let editor: EditorCopy;
let analytics: AnalyticsApi;
let collector: Collector;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  analytics = await sampleAnalyticsApi(KEY);
  collector = await startCollector();
  editor = await startEditorCopy('results-words', PORT, {
    prepare: runSampleExperiment,
    env: {
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
      // Where the pages would send their events: the stand-in collector, which must hear nothing.
      PUBLIC_ANALYTICS_HOST: collector.origin,
      ANALYTICS_API_KEY: KEY,
      ANALYTICS_API_URL: analytics.origin,
    },
  });
  // The editor's interface is bundled on its first load: once here, before the tests.
  const page = await browser.newPage();
  await page.goto(`${editor.origin}/keystatic/singleton/results`);
  await expect(view(page).getByRole('heading', { name: 'Split tests' })).toBeVisible({ timeout: 180_000 });
  await page.close();
});

test.afterAll(async () => {
  await editor?.stop();
  await analytics?.close();
  await collector?.close();
});

/** Each test leaves its tab on a blank page: a reload the dev server asked for cannot hold its closing. */
test.afterEach(async ({ page }) => {
  await page.goto('about:blank', { timeout: 30_000 }).catch(() => undefined);
});

const view = (page: Page) => page.locator('section[aria-label="Results"]');

/** A section of the kit page as the view names it: the eyebrow or heading the owner wrote, then its name in the form. */
function kitSection(key: string): string {
  const words = (contentOf(editor.project.root).kit as unknown as Record<string, Record<string, string>>)[
    key
  ]!;
  const own = words['eyebrow'] ?? words['title'] ?? words['headline']!;
  const label = (PAGES['/'].schema.editor as Extract<EditorField, { kind: 'object' }>).fields[key]!.label;
  return `“${own.length > 60 ? `${own.slice(0, 59).trimEnd()}…` : own}” (${label})`;
}

/** Opens the editor and follows its navigation to Results (a phone opens the navigation first). */
async function openResults(page: Page, phone: boolean) {
  await page.goto(`${editor.origin}/keystatic`);
  if (phone) await page.getByRole('button', { name: 'Open app navigation' }).click();
  await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: 'Results' }).click();
  await expect(view(page).getByRole('heading', { name: 'Split tests' })).toBeVisible({ timeout: 60_000 });
}

for (const [width, phone] of [
  [1280, false],
  [375, true],
] as const) {
  test(`at ${width} px: sections by their titles, variants with their words, each measure in a sentence, no Save`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openResults(page, phone);
    const results = view(page);
    // Each section as the owner titled it, with its name in the page's form.
    const sections = results.getByRole('table', { name: 'Calls to action on the kit page (/), by section' });
    for (const key of ['hero', 'bundles', 'finalCta'])
      await expect(sections.getByRole('rowheader', { name: kitSection(key), exact: true })).toBeVisible();
    // Each variant with the words it tests beside its id.
    const variants = results.getByRole('table', {
      name: `${SAMPLE_EXPERIMENT.id}: each variant over the last 90 days`,
    });
    await expect(
      variants.getByRole('rowheader', { name: `${control.id} the page as written` }),
    ).toBeVisible();
    const [field, words] = Object.entries(challenger.fields)[0]!;
    const label = testable['/'].find((entry) => entry.key === field)!.label;
    await expect(
      variants.getByRole('rowheader', { name: `${challenger.id} ${label}: “${words}”` }),
    ).toBeVisible();
    // Each measure in one plain sentence; the share of good visits against the pass mark in words.
    await expect(
      results.getByText('LCP: how long the main content takes to show; good is under 2.5 s.'),
    ).toBeVisible();
    await expect(
      results.getByText('INP: how fast the page answers a tap or a click; good is under 200 ms.'),
    ).toBeVisible();
    await expect(
      results.getByText(/^CLS: how much things jump about as the page loads, a score; good is under 0\.1\.$/),
    ).toBeVisible();
    const phones = results.getByRole('table', { name: 'The kit page (/), on phones' });
    await expect(
      phones.getByRole('cell', { name: /^\d+% of visits good: (passes|below) the 75% mark$/ }).first(),
    ).toBeVisible();
    // Every heading sits above what it heads: the sections' heading above its chart and table.
    const heading = await results
      .getByRole('heading', { name: 'Calls to action on the kit page (/), by section' })
      .boundingBox();
    expect(heading!.y).toBeLessThan((await sections.boundingBox())!.y);
    // Nothing to save: no Save, Reset, Copy or Paste (nor the menu that gathers them on a phone).
    for (const name of ['Save', 'Reset', 'Copy entry', 'Paste entry', 'More actions'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    // The whole page against WCAG 2.2 A and AA (Keystatic's own chrome, its pane's resize handle
    // outside any landmark, fails axe's best-practice "region" rule, which is not WCAG's).
    await expectNoAxeViolations(page, 'body');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

/** When the dev server last wrote its content store (the pages read the data files from it). */
const storeWritten = () =>
  statSync(join(editor.project.root, '.astro/data-store.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0;

test('Promote keeps the view drawn, says what it did, and the page’s form then shows the new words', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  let reloadAsked = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"full-reload"')) reloadAsked = true;
    }),
  );
  await openResults(page, false);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await view(page)
    .getByRole('button', { name: `Promote ${challenger.id}` })
    .click();
  const [field, words] = Object.entries(challenger.fields)[0]!;
  const label = testable['/'].find((entry) => entry.key === field)!.label;
  await expect(
    view(page)
      .getByRole('status')
      .filter({ hasText: `Promoted ${challenger.id}: ${label} is now “${words}”` }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    view(page).getByRole('heading', { name: `${SAMPLE_EXPERIMENT.id} on /, ended` }),
  ).toBeVisible();
  const kitFile = join(editor.project.root, 'src/content/kit.yaml');
  expect(
    (parse(readFileSync(kitFile, 'utf8')) as Record<string, Record<string, string>>)['hero']!['headline'],
  ).toBe(words);
  // The dev server takes the written files in and asks every open page to reload: this one stays drawn.
  await expect.poll(() => storeWritten() > statSync(kitFile).mtimeMs, { timeout: 30_000 }).toBe(true);
  await expect.poll(() => reloadAsked, { timeout: 30_000 }).toBe(true);
  await page.evaluate(() => new Promise((done) => setTimeout(done, 1000)));
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(view(page).getByRole('heading', { name: 'Split tests' })).toBeVisible();
  // The page's form, opened from the message, holds the promoted words. (Loaded afresh, its
  // modules changed by the promotion: the dev server bundles them again, a minute on a busy machine.)
  await view(page).getByRole('link', { name: 'open the form of the kit page (/)' }).click();
  await expect(
    page.getByRole('group', { name: 'Hero' }).getByRole('textbox', { name: 'Headline' }),
  ).toHaveValue(words, { timeout: 150_000 });
});

test('no owner’s visit is counted: the pages, a variant’s preview and the editor send the analytics host nothing', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/community',
    `/variants/${SAMPLE_EXPERIMENT.id}/${challenger.id}/`,
    '/keystatic',
  ]) {
    await page.goto(`${editor.origin}${path}`);
    await page.mouse.wheel(0, 2000);
    if (path !== '/keystatic')
      // The page's own analytics ran (its events are in its dataLayer): none of them left it.
      await expect
        .poll(() =>
          page.evaluate(() =>
            ((window as unknown as { dataLayer?: { event: string }[] }).dataLayer ?? []).map(
              (entry) => entry.event,
            ),
          ),
        )
        .toContain('page_view');
  }
  // Time for a provider's queue to have flushed, had there been one.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 2000)));
  expect(collector.requests).toEqual([]);
});
