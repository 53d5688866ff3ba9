/**
 * The owner's results in the editor (`npm run edit` with Plausible and a key, a split test
 * running): one click from the editor's navigation shows each variant's rate and the verdict, the
 * calls to action by section and real visitors' speed, at a phone's width and a laptop's with no
 * sideways scroll; the key reaches no page and no answer; Promote writes the winner's words and
 * ends the test, the diff just those lines. Plausible's API is the stand-in answering from one
 * synthetic log (tests/support/analytics-api.ts), whose own counts the figures are checked against.
 * Runs in a copy of the project (a git repository of its own), so the working tree is never touched.
 *
 * With RESULTS_SCREENSHOTS=1 it also writes the view at both widths into docs/images/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../scripts/lib/project-copy.ts';
import { runSampleExperiment, SAMPLE_EXPERIMENT } from '../../scripts/lib/sample-experiment.ts';
import { expectNoAxeViolations } from '../e2e/fixtures.ts';
import type { AnalyticsApi } from '../support/analytics-api.ts';
import { sampleAnalyticsApi } from '../support/analytics-log.ts';
import { startEditorCopy, type EditorCopy } from '../support/editor-copy.ts';

// One port past the editor test's own, so both can run at once.
const PORT = Number(process.env['EDITOR_PORT'] ?? 4331) + 1;
const EDITOR = `http://127.0.0.1:${PORT}`;
const KEY = 'plausible-stand-in-key-5ac1e';
const DAY = 86_400_000;
const control = SAMPLE_EXPERIMENT.variants[0]!;
const challenger = SAMPLE_EXPERIMENT.variants[1]! as { id: string; fields: Record<string, string> };

let editor: EditorCopy;
let analytics: AnalyticsApi;

// Guards against a hang, not speed claims: the app loads and draws in seconds, a minute or more on a
// 2-core machine shared with other builds.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

test.beforeAll(async () => {
  // A copy of the project, and the editor's app built if its sources changed since the last run.
  test.setTimeout(360_000);
  analytics = await sampleAnalyticsApi(KEY);
  editor = await startEditorCopy('editor-results', PORT, {
    prepare: runSampleExperiment,
    env: {
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
      ANALYTICS_API_KEY: KEY,
      ANALYTICS_API_URL: analytics.origin,
    },
  });
});

test.afterAll(async () => {
  await editor?.stop();
  await analytics?.close();
  // What the editor's server printed carries no key (it ran with one).
  expect(editor?.log() ?? '').not.toContain(KEY);
});

const form = (page: Page) => page.locator('#singleton-form');

/** Visitors of `variant` in the log over the view's 90 days (Plausible counts whole dates), and those of them who clicked. */
function logged(variant: string) {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  const since = day(Date.now() - 90 * DAY);
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

/** Opens the editor and follows its navigation to Results (a phone opens the navigation first). */
async function openResults(page: Page, phone: boolean) {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/keystatic/'))
      void response.text().then(
        (text) => answers.push(text),
        () => {},
      );
  });
  await page.goto(`${EDITOR}/keystatic`, { timeout: 180_000 });
  if (phone) await page.getByRole('button', { name: 'Open app navigation' }).click();
  // The navigation's group "Results" and its one item (the dashboard lists it too).
  await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: 'Results' }).click();
  await expect(form(page).getByRole('heading', { name: 'Split tests' })).toBeVisible({ timeout: 180_000 });
  return answers;
}

test('each variant’s rate, the verdict, sections and speed, one click from the navigation, at 375 and 1280 px', async ({
  page,
}) => {
  for (const [width, phone] of [
    [375, true],
    [1280, false],
  ] as const) {
    await test.step(`at ${width} px: each variant’s rate, the verdict, sections and speed, one click from the navigation`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const answers = await openResults(page, phone);
      const view = form(page);
      for (const variant of [control.id, challenger.id]) {
        const row = view.getByRole('row', { name: new RegExp(`^${variant}\\b`) });
        const { visitors, converted } = logged(variant);
        await expect(row.getByRole('cell').nth(0)).toHaveText(visitors);
        await expect(row.getByRole('cell').nth(1)).toHaveText(converted);
        await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+\.\d% \(\d+\.\d% to \d+\.\d%\)$/);
      }
      await expect(view.getByText(`${challenger.id} converts better`)).toBeVisible();
      await expect(
        view.getByRole('table', { name: 'Calls to action on the kit page (/), by section' }),
      ).toBeVisible();
      for (const device of ['phones', 'desktops'])
        await expect(
          view
            .getByRole('table', { name: `The kit page (/), on ${device}` })
            .getByRole('row', { name: /^LCP/ }),
        ).toBeVisible();
      // The view's own markup passes axe's WCAG 2.2 A and AA rules (names, contrast, tables).
      await expectNoAxeViolations(page, 'section[aria-label="Results"]');
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

test('Promote writes the winner’s words into the page and ends the test, the diff just those lines', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openResults(page, false);
  await form(page)
    .getByRole('button', { name: `Promote ${challenger.id}` })
    .click();
  // The files are written, and the page opens afresh with them: the view shows the test ended and says what was done.
  await expect(form(page).getByRole('heading', { name: `${SAMPLE_EXPERIMENT.id} on /, ended` })).toBeVisible({
    timeout: 180_000,
  });
  await expect(
    form(page)
      .getByRole('status')
      .filter({ hasText: `Promoted ${challenger.id}` }),
  ).toBeVisible();
  await expect(form(page).getByRole('button', { name: /^Promote/ })).toHaveCount(0);
  const [field, words] = Object.entries(challenger.fields)[0]!;
  const kit = parse(readFileSync(join(editor.project.root, 'src/content/kit.yaml'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const [section, key] = field.split('.') as [string, string];
  expect(kit[section]![key]).toBe(words);
  const experiments = parse(
    readFileSync(join(editor.project.root, 'src/content/experiments.yaml'), 'utf8'),
  ) as {
    experiments: { running: boolean }[];
  };
  expect(experiments.experiments[0]!.running).toBe(false);
  expect(editor.git('diff', '--numstat').trim().split('\n').sort()).toEqual(
    ['1\t1\tsrc/content/experiments.yaml', '1\t1\tsrc/content/kit.yaml'].sort(),
  );
});
