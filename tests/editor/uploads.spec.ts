/**
 * Uploads checked like words, in `npm run edit` in a real browser (the canvas that scales a picture
 * down is the browser's): a camera's photo (6000 × 4000 px, about 9 MB) chosen for a picture of
 * the community page is scaled down to 4000 px on its longer side before it is saved, with a
 * sentence saying so, and its description is asked for again; a file the browser cannot read is
 * refused with a sentence saying what to do, the picture before it kept. The verdicts and their
 * words are tests/unit/picture-check.test.tsx's; the pages' budgets with such a photo, and no
 * original in dist/, are the owner-edits proof's (tests/owner-edits/) and
 * tests/unit/unused-images.test.ts's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { parse } from 'yaml';
import { contentPath } from '../../src/content/schemas.ts';
import { MAX_BYTES, MAX_SIDE } from '../../editor/app/picture-check.ts';
import type { EditorCopy } from '../../harness/editor-copy.ts';
import { startFresh, test } from '../support/editor-shared.ts';
import { pressSave } from '../support/editor-save.ts';

const MB = 1024 * 1024;
const PHOTO = { width: 6000, height: 4000 };
const NEW_DESCRIPTION = 'The owner’s own photo of the office, taken with a camera.';

let editor: EditorCopy;
/** The camera's photo and a file no browser can draw, in a folder of their own (not the copy's). */
let files = '';
let photo = '';
let unreadable = '';
/**
 * One tab for both tests, as the owner's: the community page's form loaded once (a long form's
 * fresh load takes seconds), the second test going on where the first left it.
 */
let page: Page;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ sharedEditor, browser }) => {
  // The worker's copy of the project (tests/support/editor-shared.ts), as committed.
  editor = startFresh(sharedEditor);
  const { viewport, reducedMotion, actionTimeout, navigationTimeout } = test.info().project.use;
  page = await browser.newPage({ viewport, reducedMotion });
  page.setDefaultTimeout(actionTimeout ?? 0);
  page.setDefaultNavigationTimeout(navigationTimeout ?? 0);
  // A camera's photo: grain drawn small and scaled up, for a photo's weight rather than a flat colour's.
  const grain = { type: 'gaussian', mean: 128, sigma: 60 } as const;
  files = mkdtempSync(join(tmpdir(), 'be-uploads-'));
  photo = join(files, 'camera-photo.jpg');
  await sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#806040', noise: grain } })
    .resize(PHOTO.width, PHOTO.height)
    .jpeg({ quality: 88 })
    .toFile(photo);
  unreadable = join(files, 'not-a-picture.jpg');
  writeFileSync(unreadable, 'These bytes are no picture at all.');
});

test.afterAll(async () => {
  await page?.context().close();
  if (files) rmSync(files, { recursive: true, force: true });
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run edit printed', { body: editor?.log() ?? '' });
});

type OfficeImage = { src: string; alt: string };
const officeImages = () =>
  (
    parse(readFileSync(join(editor.project.root, contentPath('community')), 'utf8')) as {
      virtualOffice: { images: OfficeImage[] };
    }
  ).virtualOffice.images;

/** The community page's form (loaded when the tab shows another page), with the dialog of its first office picture open. */
async function openFirstPicture() {
  const form = `${editor.origin}/keystatic/singleton/community`;
  if (page.url() !== form) await page.goto(form);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByText(officeImages()[0]!.alt, { exact: true }).click();
  return page.getByRole('dialog');
}

/** Chooses `file` for the picture in `dialog`, as the owner's click on Keystatic's button does. */
async function choose(dialog: ReturnType<Page['getByRole']>, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(file);
}

test('a file the browser cannot read is refused with what to do, the picture before it kept', async () => {
  const before = officeImages()[0]!;
  const dialog = await openFirstPicture();
  // The picture the field shows: the one in the file, drawn from its own bytes.
  const shown = dialog.locator('img');
  await expect(shown).toHaveJSProperty('complete', true);
  const src = await shown.getAttribute('src');
  const { width } = await sharp(join(editor.project.root, before.src)).metadata();
  await choose(dialog, unreadable);
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Not taken: the editor cannot read this picture .*save it as a JPEG or PNG first\. The picture before it is kept\.$/,
  );
  // The picture before it is kept, and so is its description; nothing is written.
  await expect(shown).toHaveAttribute('src', src!);
  await expect(shown).toHaveJSProperty('naturalWidth', width);
  await expect(dialog.getByRole('textbox', { name: 'Description (for screen readers)' })).toHaveValue(
    before.alt,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(officeImages()[0]).toEqual(before);
  expect(editor.git('status', '--porcelain')).toBe('');
});

test('a camera’s 9 MB photo is scaled down to 4000 px before it is saved, with a sentence saying so, and its description is asked again', async () => {
  const bytes = readFileSync(photo).byteLength;
  // The photo is a camera's: over the weight and the size a picture may be.
  expect(bytes).toBeGreaterThan(MAX_BYTES);
  const dialog = await openFirstPicture();
  await choose(dialog, photo);
  const saved = { width: MAX_SIDE, height: Math.round((PHOTO.height * MAX_SIDE) / PHOTO.width) };
  await expect(dialog.getByRole('status').filter({ hasText: /^This picture was/ })).toHaveText(
    new RegExp(
      `^This picture was ${PHOTO.width} × ${PHOTO.height} px and ${(bytes / MB).toFixed(1)} MB: the editor scaled down to ${saved.width} × ${saved.height} px, \\d+\\.\\d MB as JPG, before saving it \\(the pages show it at most 1600 px wide\\)\\.$`,
    ),
  );
  // A new picture: its description is emptied and asked for again.
  const description = dialog.getByRole('textbox', { name: 'Description (for screen readers)' });
  await expect(description).toHaveValue('');
  await expect(dialog.getByText('A new picture: describe it for screen readers.')).toBeVisible();
  await description.fill(NEW_DESCRIPTION);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await pressSave(page);
  await expect.poll(() => officeImages()[0]!.alt).toBe(NEW_DESCRIPTION);
  // The file saved is the scaled-down JPEG, within the weight a picture may be.
  const { src } = officeImages()[0]!;
  expect(src).toMatch(/^\/src\/assets\/uploads\/.+\.jpg$/);
  const file = join(editor.project.root, src);
  expect(readFileSync(file).byteLength).toBeLessThanOrEqual(MAX_BYTES);
  expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', ...saved });
});
