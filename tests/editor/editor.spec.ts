/**
 * The owner's loop, end to end: `npm run edit` starts the browser editor on 127.0.0.1, the owner
 * changes the kit's price, an FAQ answer and a testimonial in its forms and saves, the data files
 * change on disk, the pages show the change, and a production build carries it everywhere. Runs in
 * a copy of the project, so the working tree is never touched.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { copyProject, type ProjectCopy } from '../support/project-copy.ts';

const PORT = Number(process.env['EDITOR_PORT'] ?? 4331);
const EDITOR = `http://127.0.0.1:${PORT}`;
const NEW_ANSWER = 'Yes: thirty days, no questions asked. Write to us and we refund you the same week.';
const NEW_QUOTE = 'The kit found the two risks my accountant never mentioned.';

let project: ProjectCopy;
let server: ChildProcess;
let serverLog = '';

/** A data file as the editor left it (read while a save is being written, it may be empty for a moment). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dataFile = (name: string): any =>
  parse(readFileSync(join(project.root, 'src/content', `${name}.yaml`), 'utf8')) ?? {};

/**
 * Opens a page of the editor and waits until its form is there. The dev server may reload or
 * re-bundle right after a data file changed; a page caught in that moment is opened again.
 */
async function open(page: Page, path: string) {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await page.goto(`${EDITOR}${path}`);
    const ready = await page
      .getByRole('button', { name: 'Save' })
      .waitFor({ timeout: 45_000 })
      .then(() => true)
      .catch(() => false);
    if (ready) return;
  }
  throw new Error(`The editor did not show ${path}:\n${serverLog.slice(-2000)}`);
}

test.describe.configure({ mode: 'serial' });
// Starting the editor compiles its interface once (about 20 s on a small machine); each test then
// drives a real form, so the group gets more time than a page test.
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  project = copyProject('editor');
  server = spawn('npm', ['run', 'edit', '--', '--port', String(PORT)], {
    cwd: project.root,
    env: { ...process.env, BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${EDITOR}/keystatic`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
    })
    .toBe(200);
  // Load the editor and the page once, so the dev server has bundled everything before the tests.
  const page = await browser.newPage();
  await page.goto(`${EDITOR}/keystatic/singleton/offer`);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 120_000 });
  await page.goto(`${EDITOR}/`);
  await page.goto(`${EDITOR}/keystatic/singleton/faq`);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 60_000 });
  await page.close();
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  project?.remove();
});

/**
 * Presses Save, waits until the file on disk holds the change, then lets the dev server's reload
 * (it reloads open pages when a data file changes) finish before the next step.
 */
async function save(page: Page, saved: () => unknown, expected: Record<string, unknown>) {
  const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => null);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(saved, { timeout: 15_000 }).toMatchObject(expected);
  await reloaded;
}

test('the owner edits the price, an FAQ answer and a testimonial, and the files and pages follow', async ({
  page,
}) => {
  await open(page, '/keystatic/singleton/offer');
  await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).fill('597');
  await save(page, () => dataFile('offer').kit, { price: 597 });

  await open(page, '/keystatic/singleton/faq');
  await page.getByText('Is there a guarantee?').click();
  const faqItem = page.getByRole('dialog');
  await faqItem.getByLabel('Answer').fill(NEW_ANSWER);
  await faqItem.getByRole('button', { name: 'Done' }).click();
  await save(
    page,
    () =>
      dataFile('faq').items?.find((item: { question: string }) => item.question === 'Is there a guarantee?'),
    { answer: NEW_ANSWER },
  );

  await open(page, '/keystatic/singleton/testimonials');
  await page.getByText('Tom Brennan').click();
  const testimonial = page.getByRole('dialog');
  await testimonial.getByLabel('Quote').fill(NEW_QUOTE);
  await testimonial.getByRole('button', { name: 'Done' }).click();
  await save(page, () => dataFile('testimonials').kit?.items[0], { author: 'Tom Brennan', quote: NEW_QUOTE });

  // The data files stay plain YAML the build reads: nothing else in them changed.
  expect(dataFile('offer').kit.lifelineYearly).toBe(997);
  expect(dataFile('faq').items).toHaveLength(7);

  // A fresh tab: the editor's tab may still get the dev server's reload from the last save.
  const site = await page.context().newPage();
  await showsAfterReload(site, '/', async () => {
    await expect(site.locator('#hero')).toContainText('Get the kit for $597', { timeout: 1000 });
    await expect(site.locator('#roi')).toContainText('$597', { timeout: 1000 });
    await expect(site.locator('#testimonials')).toContainText(NEW_QUOTE, { timeout: 1000 });
    await expect(site.locator('main')).not.toContainText('$497', { timeout: 1000 });
  });
  await showsAfterReload(site, '/community', async () => {
    await expect(site.locator('#faq')).toContainText(NEW_ANSWER, { timeout: 1000 });
  });
});

/**
 * Opens a page of the site and checks it, reloading until the check holds (at most 30 s). The dev
 * server re-reads a changed data file a moment after the save, so a page requested in between
 * still shows the old copy, exactly as the owner would see before pressing reload once more.
 */
async function showsAfterReload(page: Page, path: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(`${EDITOR}${path}`);
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

test('the editor refuses what the build would refuse, naming the field, and writes nothing', async ({
  page,
}) => {
  const before = readFileSync(join(project.root, 'src/content/offer.yaml'), 'utf8');
  await open(page, '/keystatic/singleton/offer');
  await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Price (one-time, USD) must be at least 0')).toBeVisible();

  const faqBefore = readFileSync(join(project.root, 'src/content/faq.yaml'), 'utf8');
  await open(page, '/keystatic/singleton/faq');
  await page.getByRole('textbox', { name: 'Title' }).fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title: must not be empty')).toBeVisible();

  // Inside a list item too: six stars and an empty quote keep the whole file from being written.
  await open(page, '/keystatic/singleton/testimonials');
  await page.getByText('Elena Vasquez').click();
  const testimonial = page.getByRole('dialog');
  await testimonial.getByRole('textbox', { name: 'Stars' }).fill('6');
  await testimonial.getByLabel('Quote').fill('');
  await testimonial.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Unsaved')).toBeVisible();

  expect(readFileSync(join(project.root, 'src/content/faq.yaml'), 'utf8')).toBe(faqBefore);
  expect(readFileSync(join(project.root, 'src/content/offer.yaml'), 'utf8')).toBe(before);
  expect(dataFile('testimonials').kit.items[1]).toMatchObject({ stars: 5 });
});

test('the editor writes only its data files, over loopback only', async ({ request }) => {
  const update = (path: string) =>
    request.post(`${EDITOR}/api/keystatic/update`, {
      headers: { 'no-cors': '1', 'content-type': 'application/json' },
      data: { additions: [{ path, contents: 'aGk' }], deletions: [] },
    });
  for (const path of [
    '../outside.txt',
    'src/content/../../package.json',
    'package.json',
    'src/pages/x.astro',
  ]) {
    expect((await update(path)).status(), path).toBe(400);
  }
  const blob = await request.get(`${EDITOR}/api/keystatic/blob/x/../../package.json`, {
    headers: { 'no-cors': '1' },
  });
  expect(blob.status()).toBeGreaterThanOrEqual(400);

  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  if (outside) {
    const reached = await fetch(`http://${outside.address}:${PORT}/keystatic`, {
      signal: AbortSignal.timeout(3000),
    })
      .then(() => true)
      .catch(() => false);
    expect(reached, `the editor answered on ${outside.address}`).toBe(false);
  }
  const log = stripVTControlCharacters(serverLog);
  expect(log).toContain(`http://127.0.0.1:${PORT}/`);
  expect(log).not.toMatch(/Network\s+http/);
});

test('a production build of the edited content carries the new price everywhere', async () => {
  test.setTimeout(150_000); // a whole production build of the copy, on a small machine
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: project.root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    timeout: 140_000,
  });
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
  const html = readFileSync(join(project.root, 'dist/index.html'), 'utf8');
  expect(html).toContain('Get the kit for $597');
  expect(html).toContain('"price":"597.00"');
  expect(html).not.toContain('$497');
  expect(html).toContain(NEW_QUOTE);
  expect(readFileSync(join(project.root, 'dist/community/index.html'), 'utf8')).toContain(NEW_ANSWER);
});
