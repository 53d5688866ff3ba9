/**
 * The owner's results in the editor (`npm run edit` with Plausible and a key, a split test
 * running), in the page's words, at a phone's width and a laptop's: one click from the editor's
 * navigation shows each variant's rate with the words it tests, the verdict, the calls to action
 * by section (each by the title the owner gave it, with its name in the page's form) and real
 * visitors' speed, each measure explained in a sentence and the share of good visits against the
 * pass mark in words; no Save, Reset, Copy or Paste; axe clean, no sideways scroll; the key reaches
 * no page and no answer. Promote keeps the view drawn (the page is not loaded again), says what it
 * is doing and what it did, writes the winner's words and ends the test (the diff just those
 * lines), and the page's form then shows the promoted words. No owner's visit is counted: with the
 * analytics host set to a stand-in collector (tests/support/collector.ts), the editor's pages and
 * the live preview send it nothing (the development server's pages are tests/unit/owners-visits.test.ts's).
 *
 * Plausible's API is the stand-in answering from one synthetic log (tests/support/analytics-api.ts),
 * whose own counts the figures are checked against; expected words come from the copy's
 * src/content/. Runs in a copy of the project (a git repository of its own), so the working tree is
 * never touched. Then four tests whose logs give each verdict (tests/support/verdict-cases.ts) show
 * each in the owner's words, read from the code's words for the log's own counts, and Promote before
 * a verdict asks first. With RESULTS_SCREENSHOTS=1 it also writes the view, and the four verdicts,
 * at both widths into docs/images/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { parse, stringify } from 'yaml';
import type { EditorField } from '../../src/content/fields.ts';
import { PAGES } from '../../src/content/pages.ts';
import { contentPath } from '../../src/content/schemas.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { runSampleExperiment, SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { testVerdict } from '../../editor/api/results/sequential.ts';
import { keepGoing, testSaid, variantName } from '../../editor/api/results/verdict-words.ts';
import { expectNoAxeViolations } from '../e2e/fixtures.ts';
import type { AnalyticsApi } from '../support/analytics-api.ts';
import { sampleAnalyticsApi } from '../support/analytics-log.ts';
import { startCollector, type Collector } from '../support/collector.ts';
import { startEditorCopy, type EditorCopy } from '../../harness/editor-copy.ts';
// The editor tests' own `test` (its worker's shared copy unused here): one kind of worker runs them all.
import { test } from '../support/editor-shared.ts';
import { contentOf } from '../../harness/site-content.ts';
import { verdictCases, verdictLog, type VerdictCase } from '../support/verdict-cases.ts';

// One port past the editor test's own, so both can run at once.
const PORT = Number(process.env['EDITOR_PORT'] ?? 4331) + 1;
/**
 * The collector's own port, fixed: the editor's app is built with the analytics host in its
 * settings, so a new port each run would build it again each run.
 */
const COLLECTOR_PORT = Number(process.env['EDITOR_PORT'] ?? 4331) + 5;
const KEY = 'plausible-stand-in-key-5ac1e';
const [control, challenger] = SAMPLE_EXPERIMENT.variants as unknown as [
  { id: string },
  { id: string; fields: Record<string, string> },
];
const [FIELD, WORDS] = Object.entries(challenger.fields)[0]!;
const LABEL = testable['/'].find((entry) => entry.key === FIELD)!.label;

let editor: EditorCopy;
let analytics: AnalyticsApi;
let collector: Collector;

// Guards against a hang, not speed claims: the app loads and draws in seconds, a minute or more on a
// 2-core machine shared with other builds.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  // A copy of the project, and the editor's app built if its sources changed since the last run.
  test.setTimeout(360_000);
  analytics = await sampleAnalyticsApi(KEY);
  collector = await startCollector(COLLECTOR_PORT);
  editor = await startEditorCopy('editor-results', PORT, {
    prepare: runSampleExperiment,
    env: {
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
      // Where a page would send its events: the stand-in collector, which must hear nothing.
      PUBLIC_ANALYTICS_HOST: collector.origin,
      ANALYTICS_API_KEY: KEY,
      ANALYTICS_API_URL: analytics.origin,
    },
  });
});

test.afterAll(async () => {
  await editor?.stop();
  await analytics?.close();
  await collector?.close();
  // What the editor's server printed carries no key (it ran with one).
  expect(editor?.log() ?? '').not.toContain(KEY);
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run edit printed', { body: editor?.log() ?? '' });
});

const view = (page: Page) => page.locator('section[aria-label="Results"]');

/** Visitors of `variant` in the log since the test started (Plausible counts whole dates), and those of them who clicked. */
function logged(variant: string) {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  const since = SAMPLE_EXPERIMENT.started;
  const events = analytics.log.filter(
    (event) => day(event.at.getTime()) >= since && event.props['variant'] === variant,
  );
  const visitors = (list: typeof events) =>
    new Set(list.map((event) => event.visitor)).size.toLocaleString('en-US');
  return {
    visitors: visitors(events),
    converted: visitors(events.filter((event) => event.name === 'cta_click')),
  };
}

/** A section of the kit page as the view names it: the eyebrow or heading the owner wrote, then its name in the form. */
function kitSection(key: string): string {
  const words = (contentOf(editor.project.root).kit as unknown as Record<string, Record<string, string>>)[
    key
  ]!;
  const own = words['eyebrow'] ?? words['title'] ?? words['headline']!;
  const label = (PAGES['/'].schema.editor as Extract<EditorField, { kind: 'object' }>).fields[key]!.label;
  return `“${own.length > 60 ? `${own.slice(0, 59).trimEnd()}…` : own}” (${label})`;
}

/** The texts of the answers the editor's API sends `page` from now on. */
function apiAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/keystatic/'))
      void response.text().then(
        (text) => answers.push(text),
        () => {},
      );
  });
  return answers;
}

/**
 * Opens the editor's dashboard (a fresh load, or by the navigation of the editor already loaded,
 * at a laptop's width) and follows its navigation to Results (a phone opens the navigation first).
 */
async function openResults(page: Page, phone: boolean, { loaded = false } = {}) {
  if (loaded) {
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await expect(page).toHaveURL(`${editor.origin}/keystatic`);
  } else await page.goto(`${editor.origin}/keystatic`);
  if (phone) await page.getByRole('button', { name: 'Open app navigation' }).click();
  // The navigation's group "Results" and its one item (the dashboard lists it too).
  await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: 'Results' }).click();
  await expect(view(page).getByRole('heading', { name: 'Split tests' })).toBeVisible();
}

/** Each variant's visitors, clicks and rate as the log counts them, and the verdict. */
async function expectFigures(page: Page) {
  const variants = view(page).getByRole('table', {
    name: `${SAMPLE_EXPERIMENT.id}: each variant since the test started`,
  });
  for (const variant of [control.id, challenger.id]) {
    const row = variants.getByRole('row', { name: new RegExp(`^${variant}\\b`) });
    const { visitors, converted } = logged(variant);
    await expect(row.getByRole('cell').nth(0)).toHaveText(visitors);
    await expect(row.getByRole('cell').nth(1)).toHaveText(converted);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d% \(\d+\.\d% to \d+\.\d%\)$/);
  }
  // The log's challenger sells better by a margin its days tell: the verdict names it by its words.
  await expect(
    view(page).getByText(`${variantName(SAMPLE_EXPERIMENT.variants, challenger.id)} sells better`, {
      exact: true,
    }),
  ).toBeVisible();
}

/** Sections by their titles, variants with their words, each measure in a sentence, headings above what they head. */
async function expectPagesWords(page: Page) {
  const results = view(page);
  // Each section as the owner titled it, with its name in the page's form.
  const sections = results.getByRole('table', { name: 'Calls to action on the kit page (/), by section' });
  for (const key of ['hero', 'bundles', 'finalCta'])
    await expect(sections.getByRole('rowheader', { name: kitSection(key), exact: true })).toBeVisible();
  // Each variant with the words it tests beside its id.
  const variants = results.getByRole('table', {
    name: `${SAMPLE_EXPERIMENT.id}: each variant since the test started`,
  });
  await expect(variants.getByRole('rowheader', { name: `${control.id} the page as written` })).toBeVisible();
  await expect(
    variants.getByRole('rowheader', { name: `${challenger.id} ${LABEL}: “${WORDS}”` }),
  ).toBeVisible();
  // Real visitors' speed on each device; each measure in one plain sentence; the share of good
  // visits against the pass mark in words.
  for (const device of ['phones', 'desktops'])
    await expect(
      results
        .getByRole('table', { name: `The kit page (/), on ${device}` })
        .getByRole('row', { name: /^LCP/ }),
    ).toBeVisible();
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
}

test('one click from the navigation, at 375 and 1280 px: each variant’s rate with its words, the verdict, sections by their titles, speed explained, no Save', async ({
  page,
}) => {
  const answers = apiAnswers(page);
  // One load of the editor, at a phone's width; a laptop's by a resize, the view opened again
  // from the navigation.
  for (const [width, phone] of [
    [375, true],
    [1280, false],
  ] as const) {
    await test.step(`at ${width} px, one click from the navigation: each variant’s rate with its words, the verdict, sections by their titles, speed explained, no Save`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await openResults(page, phone, { loaded: !phone });
      await expectFigures(page);
      await expectPagesWords(page);
      // Nothing to save: no Save, Reset, Copy or Paste (nor the menu that gathers them on a phone).
      for (const name of ['Save', 'Reset', 'Copy entry', 'Paste entry', 'More actions'])
        await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
      // The whole page against WCAG 2.2 A and AA (names, contrast, tables).
      await expectNoAxeViolations(page, 'body');
      // Readable at this width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The key stays on the server: in no answer the page got, and nowhere in the page.
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) expect(answer).not.toContain(KEY);
      expect(await page.content()).not.toContain(KEY);
      if (process.env['RESULTS_SCREENSHOTS'])
        await page.screenshot({ path: join(PROJECT_ROOT, `docs/images/editor-results-${width}.png`) });
    });
  }
});

/** The kit page's headline as the copy's kit.yaml holds it. */
const kitHeadline = () =>
  (contentOf(editor.project.root).kit as unknown as Record<string, Record<string, string>>)['hero']![
    'headline'
  ]!;

test('no owner’s visit is counted: the editor’s pages and the live preview send the analytics host nothing', async ({
  page,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== editor.origin) elsewhere.push(request.url());
  });
  // The live preview's page alone: the community page, and the split test's variant of the kit page.
  const community = contentOf(editor.project.root).community as unknown as Record<
    string,
    Record<string, string>
  >;
  for (const [path, headline] of [
    ['/keystatic/preview?page=/community', community['hero']!['headline']!],
    [`/keystatic/preview?page=/&test=${SAMPLE_EXPERIMENT.id}&variant=${challenger.id}`, WORDS],
  ] as const) {
    await page.goto(`${editor.origin}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
    await page.mouse.wheel(0, 2000);
  }
  // The kit page's form, and its live preview beside it, drawn with the page's words.
  await page.goto(`${editor.origin}/keystatic/singleton/kit`);
  await page.getByRole('button', { name: 'Live preview', exact: true }).click();
  const framed = page.frameLocator('iframe[title^="Live preview"]');
  await expect(framed.getByRole('heading', { level: 1 })).toHaveText(kitHeadline());
  await page.mouse.wheel(0, 2000);
  // The editor's dashboard and the results view, by its navigation.
  await openResults(page, false, { loaded: true });
  // Time for a provider's queue to have flushed, had there been one.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 2000)));
  expect(collector.requests).toEqual([]);
  // Nor did anything else leave the editor's own origin.
  expect(elsewhere).toEqual([]);
});

test('Promote keeps the view drawn, says what it is doing and what it did, writes just the winner’s words and ends the test; the page’s form then shows them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Any load of a page in this tab from here on (the editor's own moves between forms are not loads).
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await openResults(page, false);
  loads.length = 0;
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  // The promotion is held on its way to the server, so the view can be seen while it works.
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/keystatic/promote', async (route) => {
    await held;
    await route.continue();
  });
  await view(page)
    .getByRole('button', { name: `Promote ${challenger.id}` })
    .click();
  await expect(
    view(page)
      .getByRole('status')
      .filter({
        hasText: `Promoting ${challenger.id}: writing its words into ${contentPath('kit')} and ending ${SAMPLE_EXPERIMENT.id}…`,
      }),
  ).toBeVisible();
  await expect(view(page).getByRole('heading', { name: 'Split tests' })).toBeVisible();
  await expect(
    view(page).getByRole('table', { name: `${SAMPLE_EXPERIMENT.id}: each variant since the test started` }),
  ).toBeVisible();
  release();
  await expect(
    view(page)
      .getByRole('status')
      .filter({ hasText: `Promoted ${challenger.id}: ${LABEL} is now “${WORDS}”` }),
  ).toBeVisible();
  await expect(
    view(page).getByRole('heading', { name: `${SAMPLE_EXPERIMENT.id} on /, ended` }),
  ).toBeVisible();
  await expect(view(page).getByRole('button', { name: /^Promote/ })).toHaveCount(0);
  // The files hold the winner's words and the test ended, the diff just those two lines.
  const kit = parse(readFileSync(join(editor.project.root, 'src/content/kit.yaml'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const [section, key] = FIELD.split('.') as [string, string];
  expect(kit[section]![key]).toBe(WORDS);
  const experiments = parse(
    readFileSync(join(editor.project.root, 'src/content/experiments.yaml'), 'utf8'),
  ) as {
    experiments: { running: boolean; ended?: string }[];
  };
  expect(experiments.experiments[0]!.running).toBe(false);
  // The day it ended is recorded: the Results count the test's own days.
  expect(experiments.experiments[0]!.ended).toBe(new Date().toISOString().slice(0, 10));
  expect(editor.git('diff', '--numstat').trim().split('\n').sort()).toEqual(
    ['2\t1\tsrc/content/experiments.yaml', '1\t1\tsrc/content/kit.yaml'].sort(),
  );
  // The view stayed drawn all along: the same page, never loaded again.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(loads).toEqual([]);
  await expect(view(page).getByRole('heading', { name: 'Split tests' })).toBeVisible();
  // The page's form, opened from the message, holds the promoted words.
  await view(page).getByRole('link', { name: 'open the form of the kit page (/)' }).click();
  await expect(
    page.getByRole('group', { name: 'Hero' }).getByRole('textbox', { name: 'Headline' }),
  ).toHaveValue(WORDS);
});

/** The owner's guide's picture of the split tests' part of the view at `width` (a tall window, so all of it shows). */
async function shootSplitTests(page: Page, width: number) {
  await page.setViewportSize({ width, height: 4000 });
  const top = await view(page).getByRole('heading', { name: 'Split tests' }).boundingBox();
  const next = await view(page).getByRole('heading', { name: 'Which section’s button sells' }).boundingBox();
  await page.screenshot({
    path: join(PROJECT_ROOT, `docs/images/verdicts-${width}.png`),
    clip: { x: 0, y: top!.y - 8, width, height: next!.y - top!.y },
  });
  await page.setViewportSize({ width, height: 900 });
}

/** What the case's log counts for each variant, and the verdict the code gives those counts over its days. */
function expectedSaid(entry: VerdictCase, log: typeof analytics.log) {
  const arms = entry.test.variants.map((variant) => {
    const own = log.filter(
      (event) => event.props['experiment'] === entry.test.id && event.props['variant'] === variant.id,
    );
    return {
      id: variant.id,
      weight: variant.weight,
      visitors: new Set(own.map((event) => event.visitor)).size,
      conversions: own.filter((event) => event.name === 'cta_click').length,
    };
  });
  const days = entry.startedAgo - (entry.endedAgo ?? 0) + (entry.endedAgo === undefined ? 0.5 : 1);
  const verdict = testVerdict({ arms, days });
  return { verdict, ...testSaid(entry.test, { verdict, days, smallestLift: 0.2 }) };
}

test('each verdict in the owner’s words, at 375 and 1280 px: a winner, no difference, keep going with the days, a split not as set; Promote asks first before a verdict', async ({
  page,
}) => {
  // Four tests, two running and two ended, and a log that gives each its verdict.
  const cases = verdictCases();
  writeFileSync(
    join(editor.project.root, 'src/content/experiments.yaml'),
    stringify({ experiments: cases.map((entry) => entry.test) }),
  );
  analytics.log.splice(0, analytics.log.length, ...verdictLog(cases));
  for (const [width, phone] of [
    [375, true],
    [1280, false],
  ] as const) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await openResults(page, phone);
      for (const entry of cases) {
        const said = expectedSaid(entry, analytics.log);
        // The counts give the case's own outcome (the log is drawn for it).
        expect(said.verdict.outcome).toBe(entry.outcome);
        const verdict = view(page).getByRole('group', { name: `Verdict on ${entry.test.id}` });
        // Keep going's days count from the hour the page asked: read as the code words any count.
        const headline =
          entry.outcome === 'keep-going'
            ? new RegExp(`^${keepGoing(999).replace('999', '\\d+')}$`)
            : said.headline;
        await expect(verdict.getByText(headline, { exact: true })).toBeVisible();
        // Every sentence of an ended test's verdict; a running one's range moves with the hour, its days counted do not.
        for (const sentence of entry.test.running ? said.details.slice(-1) : said.details)
          await expect(verdict.getByText(sentence, { exact: true })).toBeVisible();
      }
      await expectNoAxeViolations(page, 'body');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (process.env['RESULTS_SCREENSHOTS']) await shootSplitTests(page, width);
    });
  }
  // Before a verdict, Promote asks first: no winner is known yet, and what promoting now risks.
  const running = cases.find((entry) => entry.outcome === 'keep-going')!;
  const challengerId = running.test.variants[1]!.id;
  const article = view(page).getByRole('article', { name: new RegExp(`^${running.test.id} `) });
  await article.getByRole('button', { name: `Promote ${challengerId} anyway…` }).click();
  const dialog = article.getByRole('alertdialog', { name: 'No winner is known yet' });
  await expect(dialog).toContainText('Promoting ' + challengerId + ' now ends the test on early figures');
  await expect(dialog.getByRole('button', { name: 'Keep the test running' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(article.getByRole('button', { name: `Promote ${challengerId} anyway…` })).toBeFocused();
});
