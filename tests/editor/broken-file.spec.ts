/**
 * A data file the build refuses (a price written as words by a hand edit) opens in `npm run edit`
 * as its form: every other field as the file holds it, the bad one saying what the file holds and
 * what to type; Save is refused until a number is typed there, and then writes the one line. Runs
 * in the worker's copy of the project (tests/support/editor-shared.ts); the hosted editor's own is
 * in tests/hosted-editor/publish.spec.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parse } from 'yaml';
import type { EditorCopy } from '../../harness/editor-copy.ts';
import { pressSave } from '../support/editor-save.ts';
import { startFresh, test } from '../support/editor-shared.ts';
import { contentOf } from '../../harness/site-content.ts';

/** What the hand edit wrote where the kit's price was (the test's own input). */
const WORDS = 'four ninety-seven';
const OFFER = 'src/content/offer.yaml';

let editor: EditorCopy;

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(({ sharedEditor }) => {
  editor = startFresh(sharedEditor);
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run edit printed', { body: editor?.log() ?? '' });
});

for (const width of [1440, 375]) {
  test(`a price the build refuses opens in its form with every field, named, and a number typed there fixes the file, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const file = join(editor.project.root, OFFER);
    const good = readFileSync(file, 'utf8');
    const offer = contentOf(editor.project.root).offer;
    const price = offer.kit.price;
    writeFileSync(file, good.replace(`price: ${price}\n`, `price: ${WORDS}\n`));
    expect(readFileSync(file, 'utf8')).toContain(WORDS);
    editor.commitAll();

    await page.goto(`${editor.origin}/keystatic/singleton/offer`, { timeout: 180_000 });
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText('Field validation failed')).toHaveCount(0);
    // The fields that are fine hold the file's values.
    await expect(page.getByRole('textbox', { name: 'Lifeline subscription, per year' })).toHaveValue(
      String(offer.kit.lifelineYearly),
    );
    // The bad one shows what the file holds, and what to type.
    const field = page.getByRole('textbox', { name: 'Price (one-time, USD)' });
    await expect(field).toHaveValue(WORDS);
    const note = page.locator('[data-unreadable-note]');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(`"${WORDS}"`);
    await expect(note).toContainText('type a number');

    await pressSave(page);
    await expect(page.getByText(/Price \(one-time, USD\): the file holds/).first()).toBeVisible();
    expect(readFileSync(file, 'utf8'), 'a refused save writes nothing').toContain(WORDS);

    await field.fill(String(price + 1));
    await expect(note).toHaveCount(0);
    await pressSave(page);
    await expect
      .poll(() => (parse(readFileSync(file, 'utf8')) as typeof offer).kit.price, { timeout: 30_000 })
      .toBe(price + 1);
    expect(editor.git('diff', '--numstat', '--', OFFER).trim().split(/\s+/).slice(0, 2)).toEqual(['1', '1']);
    // Back as it was, for the next width.
    writeFileSync(file, good);
    editor.commitAll();
  });
}
