/**
 * The campaign page's form in `npm run edit`, as the owner works it: based on `/` it offers only
 * the kit page's words, each box showing the kit page's own ("as on /: …"), and based on
 * `/community` only the community page's; a refused Create says to press Create again, and the
 * draft Keystatic brings back the next time is not stuck (its address follows a new name); a made
 * page says "Entry created" once (no "Saved" beside it) and links to the page, which answers with
 * its words, and to its live preview. The form passes axe. Expected words come from the copy's
 * src/content/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { PAGES, type PagePath } from '../../src/content/pages.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/schemas/campaigns.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import { expectNoAxeViolations } from '../e2e/fixtures.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import { startEditorCopy, type EditorCopy } from '../support/editor-copy.ts';
import { contentOf } from '../support/site-content.ts';

// Past the other editor tests' ports, so all can run at once.
const PORT = Number(process.env['EDITOR_PORT'] ?? 4331) + 3;
const CREATE = '/keystatic/collection/campaigns/create';

let editor: EditorCopy;

test.describe.configure({ mode: 'serial', timeout: 360_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  editor = await startEditorCopy('campaign-form', PORT);
  // The editor's interface is bundled on its first load: once here, before the tests.
  const page = await browser.newPage();
  await page.goto(`${editor.origin}${CREATE}`);
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible({ timeout: 180_000 });
  await page.close();
});

test.afterAll(async () => editor?.stop());

/** Each test leaves its tab on a blank page: a reload the dev server asked for cannot hold its closing. */
test.afterEach(async ({ page }) => {
  await page.goto('about:blank', { timeout: 30_000 }).catch(() => undefined);
});

const words = (page: Page) => page.getByRole('group', { name: 'Words of this page' });

/**
 * Opens a new campaign page's form. The dev server sends the editor's modules one by one: a
 * page load takes seconds on a quiet machine and over a minute on one shared with other builds.
 */
async function openCreate(page: Page) {
  await page.goto(`${editor.origin}${CREATE}`);
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible({ timeout: 150_000 });
}

/** A word of `page` as the page shows it (figures written out), from the copy's content. */
function shownWords(page: PagePath, key: string): string {
  const [section, field] = key.split('.') as [string, string];
  const data = contentOf(editor.project.root)[PAGES[page].name] as unknown as Record<
    string,
    Record<string, string>
  >;
  return data[section]![field]!;
}

/** Each word box of the form, in label order: its label and what it shows while empty. */
const boxes = async (page: Page) =>
  (
    await words(page)
      .locator('input, textarea')
      .evaluateAll((inputs) =>
        inputs.map((input) => [
          document.getElementById(input.getAttribute('aria-labelledby')!.split(' ')[0]!)!.textContent!,
          input.getAttribute('placeholder')!,
        ]),
      )
  ).sort();

/** The words each field of `page` offers, as the form should show them. */
const offered = (page: PagePath) =>
  testable[page]
    .map(({ key, label }) => {
      const only = Object.keys(PAGES).filter((path) =>
        testable[path as PagePath].some((field) => field.key === key),
      );
      const labelled = only.length === 1 ? `${label} (${PAGES[page].label})` : label;
      return [labelled, `as on ${page}: ${shownWords(page, key)}`];
    })
    .sort();

test('based on a page, the form offers only that page’s words, each showing them as on the page', async ({
  page,
}) => {
  await openCreate(page);
  await expect.poll(() => boxes(page)).toEqual(offered('/'));
  // The picker is named by its value, then its label.
  await page.getByRole('button', { name: '/ Based on the page' }).click();
  await page.getByRole('option', { name: '/community' }).click();
  await expect.poll(() => boxes(page)).toEqual(offered('/community'));
  await expectNoAxeViolations(page, 'body');
});

test('a refused Create says to press Create again, and its draft comes back with its address following its name', async ({
  page,
}) => {
  await openCreate(page);
  const name = page.getByRole('textbox', { name: 'Name' });
  const address = page.getByRole('textbox', { name: 'Address' });
  await name.fill('Community');
  await expect(address).toHaveValue('community');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Not saved: fix this field, then press Create again')).toBeVisible();
  // Left, and a new page's form opened again: Keystatic brings the draft back from the browser's storage.
  await page.goto('about:blank');
  await openCreate(page);
  await expect(name).toHaveValue('Community', { timeout: 60_000 });
  await name.fill('Podcast');
  await expect(address).toHaveValue(SAMPLE_CAMPAIGN.name);
});

test('made: "Entry created" once, and links to the page, which answers with its words, and to its live preview', async ({
  page,
}) => {
  const headline = SAMPLE_CAMPAIGN.file.fields['hero.headline'];
  const file = join(editor.project.root, CAMPAIGN_FOLDER, `${SAMPLE_CAMPAIGN.name}.yaml`);
  await openCreate(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Podcast');
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(SAMPLE_CAMPAIGN.name);
  await words(page).getByRole('textbox', { name: 'Hero → Headline' }).fill(headline);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect
    .poll(() => (existsSync(file) ? parse(readFileSync(file, 'utf8')) : null), { timeout: 15_000 })
    .toMatchObject({ page: '/', fields: { 'hero.headline': headline } });
  await expect(page.getByText('Entry created', { exact: true })).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
  const address = `/${SAMPLE_CAMPAIGN.name}`;
  const open = page.getByRole('link', { name: `Open the page (${address})` });
  await expect(open).toHaveAttribute('href', address, { timeout: 60_000 });
  await expect(page.getByRole('link', { name: `Live preview of ${address}` })).toHaveAttribute(
    'href',
    `/keystatic/preview?page=${address}`,
  );
  // The page answers at its address with its own words.
  const shown = async () => {
    const answer = await fetch(`${editor.origin}${address}`).catch(() => null);
    return answer?.ok ? /<h1[^>]*>([^<]*)<\/h1>/.exec(await answer.text())?.[1] : undefined;
  };
  await expect.poll(shown, { timeout: 30_000 }).toBe(headline);
});
