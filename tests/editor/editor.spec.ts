/**
 * The owner's loop, end to end: `npm run edit` starts the browser editor on 127.0.0.1 (the
 * production build of its app, on our own server), the owner changes the kit's price, an FAQ
 * answer and a testimonial in its forms and saves, the data files change by just those lines, and
 * a production build carries it everywhere; what the build would refuse is refused in the editor,
 * by the field's name; a section hidden in the editor leaves the page and comes back. Runs in a
 * copy of the project (a git repository of its own, so each save is a diff), so the working tree
 * is never touched.
 *
 * Each edit's pages are read from one production build of the copy, near the end, served by the
 * site's own server: the editor's server serves the editor, not the site's pages.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { parse, stringify } from 'yaml';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/schemas/campaigns.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import { contentOf } from '../../harness/site-content.ts';
import { contentFiles } from '../../src/content/schemas.ts';
import { testable } from '../../src/content/schemas/experiments.ts';
import { pressSave } from '../support/editor-save.ts';
import { axeViolations } from '../support/axe.ts';
import { startEditorCopy, type EditorCopy } from '../../harness/editor-copy.ts';
// The editor tests' own `test` (its worker's shared copy unused here): one kind of worker runs them all.
import { test } from '../support/editor-shared.ts';

const PORT = Number(process.env['EDITOR_PORT'] ?? 4331);
const EDITOR = `http://127.0.0.1:${PORT}`;
/** The copy's production build, served by the site's own server: two ports past the editor's (the results test has the next). */
const SITE = `http://127.0.0.1:${PORT + 2}`;
// The words the test types in the editor (its own input, not the owner's).
const NEW_ANSWER = 'Yes: thirty days, no questions asked. Write to us and we refund you the same week.';
const NEW_QUOTE = 'The kit found the two risks my accountant never mentioned.';
const NEW_HEADLINE = 'Could your business survive a bad month?';
const NEW_BUTTON = 'Plan my exit';
/** The picture the test uploads as a video's poster (one of the project's own). */
const POSTER = 'src/assets/uploads/office-floor.png';
/** What the test adds to the owner's kit price: a price that shows nowhere yet. */
const PRICE_STEP = 101;
/** The two widths a form is checked at: a laptop's and a phone's. */
const WIDTHS = [1280, 375] as const;

let editor: EditorCopy;
/** The offer's data as the owner left it, before the first test edits the price. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let ownersOffer: any;
/** The campaign page's file as the editor wrote it, kept for the production build. */
let campaignAsSaved = '';

const git = (...args: string[]) => editor.git(...args);
const commitAll = () => editor.commitAll();

/** Where a data file of the copy is. */
const dataPath = (name: string): string => join(editor.project.root, 'src/content', `${name}.yaml`);

/** A data file as the editor left it (read while a save is being written, it may be empty for a moment). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dataFile = (name: string): any => parse(readFileSync(dataPath(name), 'utf8')) ?? {};

/** Every number in the offer's data but the kit's price: a figure the old price may still equal. */
function otherOfferNumbers(value: unknown, path = ''): number[] {
  if (typeof value === 'number') return path === '.kit.price' ? [] : [value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => otherOfferNumbers(inner, `${path}.${key}`));
}

/** Lines added and removed in a file since the last commit of the copy. */
function changedLines(file: string): { added: number; removed: number } {
  const [added = '0', removed = '0'] = git('diff', '--numstat', '--', file).trim().split(/\s+/);
  return { added: Number(added), removed: Number(removed) };
}

/** The split tests' file of the split tests' test: two tests on the kit page, the first running. */
const twoTestsOnKit = () =>
  stringify({
    experiments: ['kit-headline', 'kit-button'].map((id, index) => ({
      id,
      page: '/',
      running: index === 0,
      variants: [
        { id: 'control', weight: 50 },
        {
          id: 'challenger',
          weight: 50,
          fields: index === 0 ? { 'hero.headline': NEW_HEADLINE } : { 'hero.cta': NEW_BUTTON },
        },
      ],
    })),
  });

/** Opens a form of the editor (a fresh load of its address) and waits until it is drawn. */
async function open(page: Page, path: string, button = 'Save') {
  // Guards against a hang: the app loads and draws a long form in seconds, a minute or more on a
  // 2-core machine shared with other builds.
  await page.goto(`${EDITOR}${path}`, { timeout: 180_000 });
  await expect(page.getByRole('button', { name: button })).toBeVisible({ timeout: 180_000 });
}

/**
 * Moves to another data file's form by the editor's navigation (at a laptop's width, where it
 * shows), as the owner does, and waits until it is drawn: the editor's app stays loaded (a long
 * form's fresh load takes seconds) unless a save has written the files since it loaded, when the
 * editor loads the form afresh (editor/app/page.ts).
 */
async function go(page: Page, form: keyof typeof contentFiles) {
  const { label } = contentFiles[form].editor as { label: string };
  await page.getByRole('link', { name: label, exact: true }).first().click();
  await expect(page).toHaveURL(`${EDITOR}/keystatic/singleton/${form}`, { timeout: 180_000 });
  await expect(page.getByRole('heading', { level: 1, name: label, exact: true })).toBeVisible({
    timeout: 180_000,
  });
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 180_000 });
}

/**
 * Puts the topmost dialog away by Escape, as the owner does, leaving `left` open. The key goes to
 * the dialog that holds the focus: once a dialog on top closes, the focus goes back into the one
 * under it a moment later, and an Escape sent before that (on a busy machine) landed on no dialog.
 */
async function escapeDialog(page: Page, left: number) {
  const top = page.getByRole('dialog').last();
  await expect.poll(() => top.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(left);
}

test.describe.configure({ mode: 'serial' });
// Each test drives real forms of the editor, one after another: more time than a page test (a
// guard against a hang, not a speed claim).
test.describe.configure({ timeout: 600_000 });

test.beforeAll(async () => {
  // A copy of the project, and the editor's app built if its sources changed since the last run.
  test.setTimeout(360_000);
  editor = await startEditorCopy('editor', PORT);
  ownersOffer = dataFile('offer');
});

test.afterEach(async ({ page: _page }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run edit printed', { body: editor?.log() ?? '' });
});

test.afterAll(async () => {
  await editor?.stop();
});

/** Presses Save and waits until the file on disk holds the change. */
async function save(page: Page, saved: () => unknown, expected: Record<string, unknown>) {
  await pressSave(page);
  await expect.poll(saved).toMatchObject(expected);
}

test('the owner edits the price, an FAQ answer and a testimonial, and the files and pages follow', async ({
  page,
}) => {
  const offer = ownersOffer;
  const newPrice = offer.kit.price + PRICE_STEP;
  const faqItems = dataFile('faq').items as { question: string }[];
  const { question } = faqItems[0]!;
  const { author } = dataFile('testimonials').kit.items[0] as { author: string };

  await open(page, '/keystatic/singleton/offer');
  // A figure shows the name copy quotes it by.
  await expect(page.getByText('In copy: {kit.price}')).toBeVisible();
  await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).fill(String(newPrice));
  await save(page, () => dataFile('offer').kit, { price: newPrice });
  // One field saved: one line of its file changed, nothing else.
  expect(changedLines('src/content/offer.yaml')).toEqual({ added: 1, removed: 1 });
  expect(git('status', '--porcelain')).toBe(' M src/content/offer.yaml\n');
  commitAll();
  // The next form, reached from the editor's navigation, is loaded afresh: its checks read the new price.
  await page.getByRole('link', { name: 'The kit page', exact: true }).first().click();
  await expect(page).toHaveURL(`${EDITOR}/keystatic/singleton/kit`);
  await expect(page.getByText(`{kit.price} = ${formatUsd(newPrice)}`, { exact: true })).toBeAttached();

  await go(page, 'faq');
  await page.getByText(question, { exact: true }).click();
  const faqItem = page.getByRole('dialog');
  await faqItem.getByLabel('Answer').fill(NEW_ANSWER);
  await faqItem.getByRole('button', { name: 'Done' }).click();
  await save(
    page,
    () => dataFile('faq').items?.find((item: { question: string }) => item.question === question),
    { answer: NEW_ANSWER },
  );

  await go(page, 'testimonials');
  await page.getByText(author, { exact: true }).click();
  const testimonial = page.getByRole('dialog');
  await testimonial.getByLabel('Quote').fill(NEW_QUOTE);
  await testimonial.getByRole('button', { name: 'Done' }).click();
  await save(page, () => dataFile('testimonials').kit?.items[0], { author, quote: NEW_QUOTE });
  // A testimonials save renames no photo: the one changed line is the quote.
  expect(git('status', '--porcelain')).toBe(' M src/content/faq.yaml\n M src/content/testimonials.yaml\n');
  expect(changedLines('src/content/testimonials.yaml')).toEqual({ added: 1, removed: 1 });
  expect(changedLines('src/content/faq.yaml')).toEqual({ added: 1, removed: 1 });
  commitAll();

  // The data files stay plain YAML the build reads: nothing else in them changed.
  expect(otherOfferNumbers(dataFile('offer'))).toEqual(otherOfferNumbers(offer));
  expect(dataFile('faq').items).toHaveLength(faqItems.length);
  // The pages follow: read in the production build (the build's test below, its first step).
});

/** A figure token, as copy quotes a figure: `{kit.price}`. */
const TOKEN = /\{[A-Za-z][\w.]*\}/;

test('the owner reads the words as the page prints them, the figures hint once, at 1280 and 375 px', async ({
  page,
}) => {
  await open(page, '/keystatic/singleton/kit');
  const { kit } = contentOf(editor.project.root);
  const price = formatUsd(dataFile('offer').kit.price);
  for (const width of WIDTHS) {
    await test.step(`the owner reads the words as the page prints them, the figures hint once, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      // How figures are quoted, said once at the top, with each figure's current value.
      await expect(page.getByText('Figures by name', { exact: true })).toHaveCount(1);
      await expect(page.getByText(`write {kit.price}, not ${price}`)).toHaveCount(1);
      await expect(page.getByText(`{kit.price} = ${price}`, { exact: true })).toBeAttached();
      // Each field holding a token shows its words as the page prints them.
      const hero = page.getByRole('group', { name: 'Hero' });
      await expect(hero.getByText(`Shows as: ${kit.hero.lede}`, { exact: true })).toBeVisible();
      const quoting = await page
        .locator('input, textarea')
        .evaluateAll(
          (inputs, token) =>
            inputs.filter((input) => new RegExp(token).test((input as HTMLInputElement).value)).length,
          TOKEN.source,
        );
      expect(quoting).toBeGreaterThan(0);
      await expect(page.getByText(/^Shows as: /)).toHaveCount(quoting);
      // List rows are titled by the words, never by tokens.
      const rows = await page
        .getByRole('row')
        .evaluateAll((found) => found.map((row) => row.getAttribute('aria-label') ?? ''));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => TOKEN.test(row))).toEqual([]);
      await expect(page.getByRole('row', { name: kit.intro.paragraphs[0], exact: true })).toBeVisible();
      // The words follow the typing.
      await hero.getByRole('textbox', { name: 'Button' }).fill(`Only {kit.price} today, at ${width} px`);
      await expect(
        hero.getByText(`Shows as: Only ${price} today, at ${width} px`, { exact: true }),
      ).toBeVisible();
    });
  }
});

test("a save keeps the owner's place in the form and says Saved, at 1280 and 375 px", async ({ page }) => {
  await open(page, '/keystatic/singleton/kit');
  // Set once: a reload of the page would lose it.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  // The last section's switch: the bottom of a form thousands of pixels long.
  const toggle = page.getByRole('checkbox', { name: 'Hide this section' }).last();
  for (const width of WIDTHS) {
    await test.step(`a save keeps the owner's place in the form and says Saved, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      // The owner turns the wheel over the form on the way to its foot: a move of the owner's own,
      // which ends the last save's watch over the form's place (editor/app/page.ts). Playwright's
      // scroll to the switch is a script's, which that watch puts back until then: the click on
      // the switch then landed beside it, or the save kept the place the last width had.
      await page.mouse.move(width / 2, 450);
      await page.mouse.wheel(0, 100);
      const hidden = !(await toggle.isChecked());
      // The last save's note put away: this save must show its own.
      await page.evaluate(() => document.querySelector('[data-editor-saved]')?.setAttribute('hidden', ''));
      await toggle.setChecked(hidden);
      await pressSave(page);
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
      await expect.poll(() => git('status', '--porcelain')).toBe(' M src/content/kit.yaml\n');
      // Keystatic draws the form afresh from the saved file; given the time to, the page stays put.
      await page.evaluate(() => new Promise((done) => setTimeout(done, 1000)));
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      // Where the owner left it: the switch's label (its box is drawn over a zero-size input) in view.
      await expect(toggle.locator('xpath=ancestor::label[1]')).toBeInViewport();
      expect(await toggle.isChecked()).toBe(hidden);
      commitAll();
    });
  }
});

/**
 * What axe finds against WCAG 2.1 A and AA on the page, or in its open dialog: one line a finding.
 * axe is put into the page once and kept for the next scans of it (tests/support/axe.ts): the
 * package's legacy mode put its script in twice a scan and took four times as long on a long form
 * (the same findings, rule by rule, on each state scanned here).
 */
async function axeFindings(page: Page, dialog = false): Promise<string[]> {
  const violations = await axeViolations(page, {
    tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    include: dialog ? '[role="dialog"]' : undefined,
  });
  return violations.flatMap(({ id, nodes }) => nodes.map(({ html }) => `${id}: ${html}`));
}

/**
 * Waits until what moves on the page has come to rest (a dialog fades in as it opens): axe reads
 * the colours as drawn, and a button's words half faded in once read as too faint. Animations that
 * never end (a spinner) are not waited for.
 */
async function atRest(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** What axe finds in the state the page is in, at each width: one load of the page, one scan a width. */
async function axeAtBothWidths(page: Page, what: string, dialog = false) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await atRest(page);
    expect(await axeFindings(page, dialog), `${what} at ${width} px`).toEqual([]);
  }
}

test("the forms and their items' dialogs pass axe, ask nothing of another site, and a list item's delete and Reset ask first, at 1280 and 375 px", async ({
  page,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== EDITOR) elsewhere.push(request.url());
  });
  await test.step('the forms pass axe at both widths', async () => {
    // One load of the editor; the next forms by its navigation (nothing is saved in this test).
    await open(page, '/keystatic/singleton/kit');
    await axeAtBothWidths(page, 'kit');
    for (const form of ['testimonials', 'experiments'] as const) {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await go(page, form);
      await axeAtBothWidths(page, form);
    }
  });
  await test.step("a split test's dialog, and its variant's on top of it, pass axe at both widths", async () => {
    // The page's words to change: a variant's dialog opens on top of its test's.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await axeAtBothWidths(page, 'a split test', true);
    await page
      .getByRole('dialog')
      .getByRole('group', { name: /^Variants/ })
      .getByRole('button', { name: 'Add', exact: true })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(2);
    await axeAtBothWidths(page, 'a variant', true);
    // Both put away, one at a time.
    await escapeDialog(page, 1);
    await escapeDialog(page, 0);
  });
  await test.step("a testimonial's dialog passes axe at both widths", async () => {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await go(page, 'testimonials');
    await page.getByRole('row').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axeAtBothWidths(page, 'a testimonial', true);
    await escapeDialog(page, 0);
  });
  // Keystatic's page links its typeface from Google Fonts: the editor draws it from its own origin.
  expect(elsewhere, 'requests to another site').toEqual([]);

  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await go(page, 'faq');
  const { items } = contentOf(editor.project.root).faq;
  const { question } = items[0]!;
  const row = page.getByRole('row', { name: question, exact: true });
  const remove = page.getByRole('button', { name: `Delete ${question}`, exact: true });
  for (const width of WIDTHS) {
    await test.step(`the forms and their items' dialogs pass axe, ask nothing of another site, and a list item's delete and Reset ask first, at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await remove.click();
      await expect.poll(() => asked).toContain(question);
      await expect(row).toBeVisible();
      page.once('dialog', (dialog) => void dialog.accept());
      await remove.click();
      await expect(row).toHaveCount(0);
      // Reset asks too (a menu item on a phone), then puts the item back.
      asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      const reset = page.getByRole('button', { name: 'Reset' });
      if (await reset.isVisible()) await reset.click();
      else {
        await page
          .getByRole('button', { name: /more|actions/i })
          .last()
          .click();
        await page.getByRole('menuitem', { name: 'Reset' }).click();
      }
      await expect.poll(() => asked).toContain('Reset this form?');
      await expect(row).toBeVisible();
      expect(git('status', '--porcelain')).toBe('');
    });
  }
});

test('a video takes its own poster, uploaded in the editor, served through the image pipeline', async ({
  page,
}) => {
  await open(page, '/keystatic/singleton/videos');
  const videosForm = contentFiles.videos.editor as { fields: Record<string, { label: string }> };
  const key = 'kitIntro';
  const video = page.getByRole('group', { name: videosForm.fields[key]!.label });
  // Keystatic asks the browser for a file (its own passing input), as the owner's click does.
  const chooser = page.waitForEvent('filechooser');
  await video.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles(join(editor.project.root, POSTER));
  // The field shows the chosen picture once the editor has checked and taken it: a Save pressed
  // before that saved the form without it.
  const { width } = await sharp(join(editor.project.root, POSTER)).metadata();
  await expect(video.locator('img')).toHaveJSProperty('naturalWidth', width);
  await save(page, () => dataFile('videos')[key], {
    poster: expect.stringMatching(/^\/src\/assets\/uploads\/office-floor-[a-z0-9]+\.png$/),
  });
  // The picture itself, beside the data files.
  const poster = (dataFile('videos')[key] as { poster: string }).poster;
  expect(readFileSync(join(editor.project.root, poster))).toEqual(
    readFileSync(join(editor.project.root, POSTER)),
  );
  commitAll();
  // Served through the image pipeline, asking nothing of the video host before play: the production build's test below.
});

test('the editor refuses what the build would refuse, naming the field, and writes nothing', async ({
  page,
}) => {
  await open(page, '/keystatic/singleton/offer');
  await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).fill('-5');
  await pressSave(page);
  // At the field, and in the list of what stopped the Save, after the field's place.
  const refused = 'Price (one-time, USD) must be at least 0';
  await expect(page.getByText(refused, { exact: true })).toBeVisible();
  await expect(page.getByText(`→ ${refused}`)).toBeVisible();

  // A figure typed as it shows, and a name that is no figure: refused where they are typed.
  // (Nothing is saved in this test: each next form is reached by the editor's navigation.)
  const price = formatUsd(dataFile('offer').kit.price);
  await go(page, 'kit');
  const hero = page.getByRole('group', { name: 'Hero' });
  await expect(page.getByText(`write {kit.price}, not ${price}`)).toBeVisible();
  await hero.getByRole('textbox', { name: 'Headline' }).fill(`Yours for ${price} today`);
  await hero.getByRole('textbox', { name: 'Button' }).fill('Get it for {kit.prize}');
  await pressSave(page);
  await expect(
    hero.getByText(`Headline: "${price}" is typed as a figure; write {kit.price} instead`),
  ).toBeVisible();
  await expect(hero.getByText('Button: {kit.prize} names no figure')).toBeVisible();

  // A list item's dialog stays open on a bad link, with the field's message.
  await go(page, 'footer');
  const { label: socialLink } = (dataFile('footer').social as { label: string }[])[0]!;
  await page.getByText(socialLink, { exact: true }).click();
  const link = page.getByRole('dialog');
  await link.getByRole('textbox', { name: 'Address' }).fill('javascript:alert(1)');
  await link.getByRole('button', { name: 'Done' }).click();
  await expect(link.getByText('Address: must be a site path')).toBeVisible();
  await expect(link).toBeVisible();

  // A mistake left in a closed item: its row says so, and Save names the item by position and title.
  await escapeDialog(page, 0);
  await expect(link).toBeHidden();
  await go(page, 'testimonials');
  const items = dataFile('testimonials').kit.items as { author: string }[];
  const { author } = items.at(-1)!;
  await page.getByText(author, { exact: true }).click();
  const testimonial = page.getByRole('dialog');
  await testimonial.getByRole('textbox', { name: 'Stars' }).fill('6');
  await testimonial.getByRole('button', { name: 'Done' }).click();
  await expect(testimonial).toBeVisible();
  await escapeDialog(page, 0);
  await expect(testimonial).toBeHidden();
  const row = page.getByRole('row', {
    name: new RegExp(`^${author} ⚠ Needs a fix: Stars must be at most 5`),
  });
  await expect(row).toBeVisible();
  await pressSave(page);
  await expect(page.getByText('Not saved: fix this field, then press Save again')).toBeVisible();
  await expect(
    page.getByText(
      `Testimonials → On the kit page → item ${items.length}, ${author} → Stars must be at most 5`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(row).toBeVisible();

  // A pasted video address becomes its id.
  const { id } = dataFile('videos').movement as { id: string };
  await go(page, 'videos');
  const videoId = page.getByRole('group', { name: 'Kit intro' }).getByRole('textbox', { name: 'Video id' });
  await videoId.fill(`https://www.youtube.com/watch?v=${id}&t=42s`);
  await expect(videoId).toHaveValue(id);

  expect(git('status', '--porcelain'), 'nothing refused was written').toBe('');
});

test('a video address for the other host is refused as it is pasted and by Save, naming the video, at 1280 and 375 px', async ({
  page,
}) => {
  const videos = dataFile('videos') as Record<string, { provider: string; id: string }>;
  const [vimeoKey] = Object.entries(videos).find(([, video]) => video.provider === 'vimeo')!;
  const youtubeId = Object.values(videos).find((video) => video.provider === 'youtube')!.id;
  const videosForm = contentFiles.videos.editor as {
    label: string;
    fields: Record<string, { label: string }>;
  };
  // One load of the editor (nothing is saved in this test).
  await open(page, '/keystatic/singleton/videos');
  for (const width of WIDTHS) {
    await test.step(`a video address for the other host is refused as it is pasted and by Save, naming the video, at ${width} px`, async () => {
      if (width !== WIDTHS[0]) {
        // The form drawn afresh, by the editor's navigation away and back (at a laptop's width,
        // where it shows): the list of what stopped the last Save is gone.
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await go(page, 'footer');
        await go(page, 'videos');
        await expect(page.getByText('Not saved: fix this field, then press Save again')).toHaveCount(0);
      }
      await page.setViewportSize({ width, height: 900 });
      const vimeoVideo = page.getByRole('group', { name: videosForm.fields[vimeoKey]!.label });
      const videoId = vimeoVideo.getByRole('textbox', { name: 'Video id' });
      const wrongHost = `Video id: is a YouTube video's id, but the Host is vimeo`;
      await videoId.fill(`https://youtu.be/${youtubeId}`);
      await expect(videoId).toHaveValue(youtubeId);
      await expect(vimeoVideo.getByText(wrongHost)).toBeVisible();
      expect(await videoId.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
      await pressSave(page);
      // The browser's own check of the refused field does not stop the Save unseen: the editor's list says why.
      await expect(page.getByText('Not saved: fix this field, then press Save again')).toBeVisible();
      await expect(
        page.getByText(`${videosForm.label} → ${videosForm.fields[vimeoKey]!.label} → ${wrongHost}`),
      ).toBeVisible();
      expect(git('status', '--porcelain'), 'nothing refused was written').toBe('');
    });
  }
});

test('the editor refuses split tests the build would refuse: two running on one page', async ({ page }) => {
  // Two tests on the kit page, one running: the owner starts the second without ending the first.
  const file = dataPath('experiments');
  const owners = readFileSync(file, 'utf8');
  writeFileSync(file, twoTestsOnKit());
  commitAll();
  try {
    await open(page, '/keystatic/singleton/experiments');
    // A test's dialog links to its page's live preview; a variant's offers only that page's words,
    // and its live preview, which draws the page with the variant's words.
    await page.getByText('kit-headline', { exact: true }).click();
    const testDialog = page.getByRole('dialog');
    await expect(testDialog.getByRole('link', { name: 'Live preview of the page (/)' })).toHaveAttribute(
      'href',
      `/keystatic/preview?${new URLSearchParams({ page: '/' })}`,
    );
    await testDialog.getByText('challenger', { exact: true }).click();
    const variantDialog = page.getByRole('dialog').last();
    const variantLink = variantDialog.getByRole('link', {
      name: 'Live preview of this variant (challenger on /)',
    });
    const preview = `/keystatic/preview?${new URLSearchParams({ page: '/', test: 'kit-headline', variant: 'challenger' })}`;
    await expect(variantLink).toHaveAttribute('href', preview);
    const drawn = await page.context().newPage();
    await drawn.goto(`${EDITOR}${preview}`);
    // A fresh page the editor's server draws: a guard against a hang, as for a form's load.
    await expect(drawn.getByRole('heading', { level: 1 })).toHaveText(NEW_HEADLINE, { timeout: 180_000 });
    await drawn.close();
    const kitKeys = new Set(testable['/'].map(({ key }) => key));
    const communityOnly = testable['/community'].find(({ key }) => !kitKeys.has(key))!;
    await expect(
      variantDialog.getByLabel(new RegExp(`^${communityOnly.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    ).toHaveCount(0);
    await expect(variantDialog.getByLabel(testable['/'][0]!.label, { exact: false }).first()).toBeVisible();
    // One dialog at a time: the variant's by Escape, then the test's own Done.
    await escapeDialog(page, 1);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByText('kit-button', { exact: true }).click();
    const test2 = page.getByRole('dialog');
    await test2.getByRole('checkbox', { name: /^Running/ }).check();
    // The dialog checks its own fields only: it closes, and the Save that follows is refused.
    await test2.getByRole('button', { name: 'Done' }).click();
    await expect(test2).toBeHidden();
    await pressSave(page);
    const rule = 'Split test 2 (kit-button): kit-headline is already running on /: end it first';
    await expect(page.getByText('Not saved: fix this field, then press Save again')).toBeVisible();
    await expect(page.getByText(`Split tests → ${rule}`)).toBeVisible();
    await expect(page.getByText(rule, { exact: true })).toBeVisible();
    expect(git('status', '--porcelain'), 'nothing refused was written').toBe('');

    // Ending the first test is one switch; then the Save goes through, and the file says so.
    await page.getByText('kit-headline', { exact: true }).click();
    const test1 = page.getByRole('dialog');
    await test1.getByRole('checkbox', { name: /^Running/ }).uncheck();
    await test1.getByRole('button', { name: 'Done' }).click();
    await expect(test1).toBeHidden();
    await pressSave(page);
    await expect
      .poll(() => (dataFile('experiments').experiments as { id: string; running: boolean }[]) ?? [])
      .toEqual([
        expect.objectContaining({ id: 'kit-headline', running: false }),
        expect.objectContaining({ id: 'kit-button', running: true }),
      ]);
    commitAll();

    // Promoting the winner is one action: tick Promote on it and save the split tests (in the
    // same form, which Keystatic drew afresh from the file as saved).
    await page.getByText('kit-button', { exact: true }).click();
    await page.getByRole('dialog').getByText('challenger', { exact: true }).click();
    const winner = page.getByRole('dialog').last();
    await winner.getByRole('checkbox', { name: /^Promote/ }).check();
    await winner.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await pressSave(page);
    await expect.poll(() => dataFile('kit').hero?.cta).toBe(NEW_BUTTON);
    await expect
      .poll(() => dataFile('experiments').experiments?.[1])
      .toMatchObject({ id: 'kit-button', running: false });
    const written = readFileSync(file, 'utf8');
    expect(written).not.toContain('promote');
    // One value a line, as the owner's guide shows the file.
    expect(written).toMatch(/^experiments:\n {2}- id: kit-headline\n {4}page: \/$/m);
    expect(changedLines('src/content/kit.yaml')).toEqual({ added: 1, removed: 1 });
  } finally {
    writeFileSync(file, owners);
    writeFileSync(dataPath('kit'), git('show', 'HEAD:src/content/kit.yaml'));
    commitAll();
  }
});

test('the editor writes only its data files, over loopback only', async ({ request }) => {
  const update = (path: string, headers: Record<string, string> = {}) =>
    request.post(`${EDITOR}/api/keystatic/update`, {
      headers: { 'no-cors': '1', 'content-type': 'application/json', ...headers },
      data: { additions: [{ path, contents: 'aGk' }], deletions: [] },
    });
  for (const path of [
    '../outside.txt',
    'src/content/../../package.json',
    'package.json',
    'src/pages/x.astro',
    // Keystatic's own view of the project would let this one by (the Results item's file).
    'editor/app/results/results.yaml',
  ]) {
    expect((await update(path)).status(), path).toBe(400);
  }
  const blob = await request.get(`${EDITOR}/api/keystatic/blob/x/../../package.json`, {
    headers: { 'no-cors': '1' },
  });
  expect(blob.status()).toBeGreaterThanOrEqual(400);
  // A page of another site, or one whose name merely points here, gets nothing written.
  expect((await update('src/content/faq.yaml', { origin: 'https://elsewhere.example' })).status()).toBe(403);
  expect((await update('src/content/faq.yaml', { host: 'elsewhere.example' })).status()).toBe(403);
  expect(git('status', '--porcelain'), 'nothing was written').toBe('');
  // The editor's page: its own policy, framed by nothing, kept out of search engines.
  const page = await request.get(`${EDITOR}/keystatic`);
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers()['x-robots-tag']).toBe('noindex, nofollow');

  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  if (outside) {
    // Refused at once when nothing listens there; the bound only guards against a hang, long
    // enough that a busy machine's slow answer still counts as an answer.
    const reached = await fetch(`http://${outside.address}:${PORT}/keystatic`, {
      signal: AbortSignal.timeout(60_000),
    })
      .then(() => true)
      .catch(() => false);
    expect(reached, `the editor answered on ${outside.address}`).toBe(false);
  }
  const log = stripVTControlCharacters(editor.log());
  expect(log).toContain(`The editor: http://127.0.0.1:${PORT}/keystatic`);
  expect(log).not.toMatch(/Network\s+http/);
  // A project with no campaign page yet (no src/content/campaigns/) starts without a warning about it.
  expect(log).not.toMatch(/campaigns.* does not exist|No files found matching/);
});

/** Ticks or unticks a section's switch in the kit page's form and saves. */
async function setHidden(page: Page, section: string, hidden: boolean) {
  await open(page, '/keystatic/singleton/kit');
  const toggle = page
    .getByRole('group', { name: section })
    .getByRole('checkbox', { name: 'Hide this section' });
  await toggle.setChecked(hidden);
  await pressSave(page);
  await expect.poll(() => git('status', '--porcelain')).toBe(hidden ? ' M src/content/kit.yaml\n' : '');
}

test('"Campaign pages": the owner makes one, sees it at its address, edits it and deletes it; a name the site answers is refused', async ({
  page,
}) => {
  const folder = join(editor.project.root, CAMPAIGN_FOLDER);
  const file = join(folder, `${SAMPLE_CAMPAIGN.name}.yaml`);
  const headline = SAMPLE_CAMPAIGN.file.fields['hero.headline'];
  const words = () => page.getByRole('group', { name: 'Words of this page' });
  // A new entry's form has Create where the others have Save.
  await open(page, '/keystatic/collection/campaigns/create', 'Create');
  const create = page.getByRole('button', { name: 'Create' });

  // A name whose address the site already answers: refused by the field, nothing written.
  await page.getByRole('textbox', { name: 'Name' }).fill('Community');
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue('community');
  await create.click();
  await expect(page.getByText('Address: /community is already a page of the site').first()).toBeVisible();
  expect(existsSync(folder), 'nothing refused was written').toBe(false);

  // Made: its file is its address, holding the words the owner typed.
  await page.getByRole('textbox', { name: 'Name' }).fill('Podcast');
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(SAMPLE_CAMPAIGN.name);
  await words().getByRole('textbox', { name: 'Hero → Headline' }).fill(headline);
  await create.click();
  await expect
    .poll(() => (existsSync(file) ? parse(readFileSync(file, 'utf8')) : null))
    .toMatchObject({ name: 'Podcast', page: '/', fields: { 'hero.headline': headline } });
  // It hides no section: the file says so by leaving `hide` out (never an empty `hide: []`).
  expect(parse(readFileSync(file, 'utf8'))).not.toHaveProperty('hide');
  // The new page's own form opens (loaded afresh, as every form after a save).
  await page.waitForURL(`${EDITOR}/keystatic/collection/campaigns/item/${SAMPLE_CAMPAIGN.name}`);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();

  // A split test may run on it: the split tests' Page shows its address and offers it beside the site's pages.
  const experiments = dataPath('experiments');
  const owners = readFileSync(experiments, 'utf8');
  const address = `/${SAMPLE_CAMPAIGN.name}`;
  writeFileSync(
    experiments,
    stringify({
      experiments: [
        {
          id: 'podcast-headline',
          page: address,
          running: false,
          variants: [
            { id: 'control', weight: 50 },
            { id: 'challenger', weight: 50, fields: { 'hero.headline': NEW_HEADLINE } },
          ],
        },
      ],
    }),
  );
  try {
    // Opened afresh, the editor reads the campaign pages as they now are.
    await open(page, '/keystatic/singleton/experiments');
    await page.getByText('podcast-headline', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: `Live preview of the page (${address})` })).toHaveAttribute(
      'href',
      `/keystatic/preview?${new URLSearchParams({ page: address })}`,
    );
    // The picker is named by its value, then its label.
    await dialog.getByRole('button', { name: `${address} Page` }).click();
    await expect(page.getByRole('option', { name: address })).toBeVisible();
    await expect(page.getByRole('option', { name: '/community' })).toBeVisible();
    await page.getByRole('option', { name: address }).click();
    await expect(page.getByRole('option')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    writeFileSync(experiments, owners);
  }

  // Edited: its headline changed, in the file. Its form reached by the editor's navigation (the
  // split tests' form saved nothing): the list of campaign pages, then the page.
  await page.getByRole('link', { name: 'Campaign pages', exact: true }).first().click();
  await page.getByText(SAMPLE_CAMPAIGN.name, { exact: true }).first().click();
  await expect(page).toHaveURL(`${EDITOR}/keystatic/collection/campaigns/item/${SAMPLE_CAMPAIGN.name}`);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await words().getByRole('textbox', { name: 'Hero → Headline' }).fill(NEW_HEADLINE);
  await pressSave(page);
  await expect
    .poll(() => parse(readFileSync(file, 'utf8')) as unknown)
    .toMatchObject({ fields: { 'hero.headline': NEW_HEADLINE } });
  // Seen at its address, with the headline as edited: in the production build below, from this very file.
  campaignAsSaved = readFileSync(file, 'utf8');

  // Deleted: the file goes (and with it the page: a build makes a page of each file there is).
  await page.getByRole('button', { name: 'Delete entry…' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect.poll(() => existsSync(file)).toBe(false);
  expect(git('status', '--porcelain'), 'no other file was written').toBe('');
  // Back to the list of campaign pages, which has none left.
  await page.waitForURL(`${EDITOR}/keystatic/collection/campaigns`);
  await expect(page.getByText('Empty collection')).toBeVisible();
});

test('a section hidden in the editor leaves the page, and comes back when shown', async ({ page }) => {
  await setHidden(page, 'Bundles', true);
  // One line: `hidden: true` at the top of the section.
  await expect.poll(() => changedLines('src/content/kit.yaml')).toEqual({ added: 1, removed: 0 });
  expect(dataFile('kit').bundles).toMatchObject({ hidden: true });
  // It leaves the page: the production build below; it comes back when shown: the build's last step.
});

/** The copy's production build, served by the site's own server (`npm run serve`) until `stop`. */
async function serveBuild(root: string): Promise<{ stop: () => Promise<void> }> {
  const server: ChildProcess = spawn(process.execPath, ['server/index.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT + 2), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${SITE}/`).catch(() => null))?.status ?? 0, { timeout: 180_000 })
    .toBe(200);
  return {
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

test('a production build of the edited content carries the new price everywhere, without the hidden section', async ({
  page,
}) => {
  test.setTimeout(900_000); // a whole production build of the copy, on a small machine
  const root = editor.project.root;
  // Beside the edits on disk: the campaign page as the editor saved it before it was deleted, and
  // the split tests as the split tests' test had them (the first running), to read both pages built.
  const campaign = join(root, CAMPAIGN_FOLDER, `${SAMPLE_CAMPAIGN.name}.yaml`);
  mkdirSync(join(root, CAMPAIGN_FOLDER), { recursive: true });
  writeFileSync(campaign, campaignAsSaved);
  writeFileSync(dataPath('experiments'), twoTestsOnKit());
  try {
    const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      timeout: 600_000,
    });
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  } finally {
    rmSync(campaign);
    writeFileSync(dataPath('experiments'), git('show', 'HEAD:src/content/experiments.yaml'));
  }
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  const price: number = dataFile('offer').kit.price;
  expect(price).not.toBe(ownersOffer.kit.price);
  expect(html).toContain(contentOf(root).kit.hero.cta);
  expect(html).toContain(`"price":"${price.toFixed(2)}"`);
  if (!otherOfferNumbers(ownersOffer).includes(ownersOffer.kit.price)) {
    expect(html).not.toContain(formatUsd(ownersOffer.kit.price));
  }
  expect(html).toContain(NEW_QUOTE);
  // The video's uploaded poster, made by the image pipeline (which names its output after the
  // image's content, so a copy of an office picture comes out under that picture's name).
  expect(html).toMatch(/\/_astro\/office-floor[^"\s]*\.(avif|webp)/);
  expect(html).not.toContain('id="bundles"');
  expect(html).toContain('id="movement"');
  expect(readFileSync(join(root, 'dist/community/index.html'), 'utf8')).toContain(NEW_ANSWER);

  const site = await serveBuild(root);
  try {
    await test.step('the owner edits the price, an FAQ answer and a testimonial, and the files and pages follow: the pages', async () => {
      const { kit } = contentOf(root);
      await page.goto(`${SITE}/`);
      await expect(page.locator('#hero')).toContainText(kit.hero.cta);
      await expect(page.locator('#roi')).toContainText(formatUsd(price));
      await expect(page.locator('#testimonials')).toContainText(NEW_QUOTE);
      if (!otherOfferNumbers(ownersOffer).includes(ownersOffer.kit.price)) {
        await expect(page.locator('main')).not.toContainText(formatUsd(ownersOffer.kit.price));
      }
      await page.goto(`${SITE}/community`);
      await expect(page.locator('#faq')).toContainText(NEW_ANSWER);
    });
    await test.step('a video takes its own poster, uploaded in the editor, served through the image pipeline: the page', async () => {
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).hostname !== '127.0.0.1') elsewhere.push(request.url());
      });
      await page.goto(`${SITE}/`);
      await expect(page.locator('#kit-intro [data-video] img')).toHaveAttribute('src', /office-floor/);
      expect(elsewhere, 'nothing is asked of the video host before play').toEqual([]);
    });
    await test.step('a section hidden in the editor leaves the page, and comes back when shown: it leaves', async () => {
      await page.goto(`${SITE}/`);
      await expect(page.locator('#movement')).toHaveCount(1);
      await expect(page.locator('#bundles')).toHaveCount(0);
    });
    await test.step('"Campaign pages": the owner makes one, sees it at its address, with the headline as edited', async () => {
      await page.goto(`${SITE}/${SAMPLE_CAMPAIGN.name}`);
      await expect(page.locator('h1')).toHaveText(NEW_HEADLINE);
    });
  } finally {
    await site.stop();
  }
  await test.step("the editor refuses split tests the build would refuse: the variant's preview address shows its words", async () => {
    // The address the variant's dialog links to (the site's server gives a visitor the variant at the page's own address).
    const variant = readFileSync(join(root, 'dist/variants/kit-headline/challenger/index.html'), 'utf8');
    expect(variant).toContain(NEW_HEADLINE);
  });

  await test.step('a section hidden in the editor leaves the page, and comes back when shown: shown again, the file is as it was', async () => {
    await setHidden(page, 'Bundles', false);
    expect(git('status', '--porcelain')).toBe('');
  });
});
