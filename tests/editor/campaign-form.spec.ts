/**
 * The campaign page's form in `npm run edit`, as the owner works it: based on `/` it offers only
 * the kit page's words, each box showing the kit page's own ("as on /: …"), and based on
 * `/community` only the community page's; a refused Create says to press Create again, and the
 * draft Keystatic brings back the next time is not stuck (its address follows a new name); a made
 * page says "Entry created" once (no "Saved" beside it) and links to its live preview, which draws
 * it with its words, and to its address on the site (`npm run edit` serves the editor only: the
 * page answers there once published). The form passes axe. Expected words come from the copy's
 * src/content/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { DEFAULT_SITE_URL, readSettings } from '../../runtime/settings.ts';
import { PAGES, type PagePath } from '../../src/content/pages.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/schemas/campaigns.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import { expectNoAxeViolations } from '../e2e/fixtures.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import type { EditorCopy } from '../../harness/editor-copy.ts';
import { startFresh, test } from '../support/editor-shared.ts';
import { contentOf } from '../../harness/site-content.ts';

const CREATE = '/keystatic/collection/campaigns/create';

/**
 * The site's address as `npm run edit` reads it: the copy has no .env file, so from the
 * environment the tests hand it, as here.
 */
const SITE_URL = readSettings(process.env, ['PUBLIC_SITE_URL']).PUBLIC_SITE_URL.replace(/\/+$/, '');

let editor: EditorCopy;

// Guards against a hang, not speed claims: a form loads and draws in seconds, a minute or more on a
// 2-core machine shared with other builds.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

// The worker's copy of the project (tests/support/editor-shared.ts), as committed.
test.beforeAll(({ sharedEditor }) => {
  editor = startFresh(sharedEditor);
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run edit printed', { body: editor?.log() ?? '' });
});

const words = (page: Page) => page.getByRole('group', { name: 'Words of this page' });

/** Opens a new campaign page's form. */
async function openCreate(page: Page) {
  await page.goto(`${editor.origin}${CREATE}`);
  await expect(page.getByRole('button', { name: 'Create' })).toBeVisible();
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

test('made: "Entry created" once, and links to its live preview, which draws it with its words, and to its address on the site', async ({
  page,
  context,
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
  // The page's own form, loaded afresh with the files as saved, says so once.
  const address = `/${SAMPLE_CAMPAIGN.name}`;
  await expect(page).toHaveURL(
    `${editor.origin}/keystatic/collection/campaigns/item/${SAMPLE_CAMPAIGN.name}`,
  );
  await expect(page.getByText('Entry created', { exact: true })).toBeVisible();
  await expect(page.getByText('Entry created', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
  // Where the page will answer once published: its address on the site; without the site's
  // address set, the placeholder's would be the editor's own port (no page there), so no link.
  const onTheSite = `${SITE_URL}${address}`;
  if (SITE_URL === DEFAULT_SITE_URL) {
    await expect(page.getByText(`${address} of your site’s address`)).toBeVisible();
    await expect(page.getByRole('link', { name: onTheSite, exact: true })).toHaveCount(0);
  } else {
    await expect(page.getByRole('link', { name: onTheSite, exact: true })).toHaveAttribute('href', onTheSite);
  }
  // Its live preview, opened from the link, draws the page with its own words.
  const preview = page.getByRole('link', { name: `Live preview of ${address}` });
  await expect(preview).toHaveAttribute('href', `/keystatic/preview?page=${address}`);
  const [opened] = await Promise.all([context.waitForEvent('page'), preview.click()]);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText(headline);
  await opened.close();
});
