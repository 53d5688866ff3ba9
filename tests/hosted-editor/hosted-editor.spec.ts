/**
 * The hosted editor, end to end, in a real Chromium against the production server (`npm run
 * serve`) of a build made in GitHub mode: the owner signs in with GitHub, starts a draft branch,
 * changes the kit's price and the hero's headline, saves, sees the draft's preview link, opens a
 * pull request and merges it. GitHub is a stand-in (harness/github-stand-in.ts) over a real git
 * repository on disk: the test then reads the commits there, and builds the merged commit to see
 * the new price on the pages. Runs in a copy of the project: the working tree is never touched.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import { consoleViolations, previewFrame } from '../support/csp-violations.ts';
import { parse } from 'yaml';
import { STATE_COOKIE } from '../../editor/api/editor-api.ts';
import { EDITOR_FOLDER, editorHeaders } from '../../runtime/editor.ts';
import { hsts } from '../../runtime/rules.ts';
import { contentFiles, contentPath } from '../../src/content/schemas.ts';
import { DRAFT_VERSION } from '../../editor/preview/drafts.ts';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { linkModules, PROJECT_ROOT } from '../../harness/project-copy.ts';
import { astroBuild } from '../support/campaign-build.ts';
import { skipWhereMissing } from '../support/installed.ts';
import { startWrangler, wranglerMissing } from '../support/wrangler.ts';
import {
  browserToStandIn,
  PREVIEW_URL,
  run,
  SITE_EDITOR_ENV,
  startGitHubSite,
  type GitHubSite,
} from '../../harness/github-site.ts';
import { pressSave } from '../support/editor-save.ts';
import { axeViolations } from '../support/axe.ts';

const PORT = Number(process.env['HOSTED_EDITOR_PORT'] ?? 4632);
const STAND_IN_PORT = Number(process.env['GITHUB_STAND_IN_PORT'] ?? 4641);
const SITE = `http://127.0.0.1:${PORT}`;
/** Screenshots for the owner's guide (docs/images/) and the requests Keystatic made to GitHub, kept after the run. */
const SHOTS = join(PROJECT_ROOT, 'test-results/hosted-editor');

let setting: GitHubSite;
const git = (...args: string[]) => setting.git(...args);

test.describe.configure({ mode: 'serial', timeout: 240_000 });
// A guard against a hang: the app draws a long form in seconds, many on a busy 2-core machine.
test.use({ actionTimeout: 60_000, ...browserToStandIn(STAND_IN_PORT) });

test.beforeAll(async () => {
  // Two builds of the site (here, or by publish.spec.ts and waited for) and a server start: minutes
  // on a machine shared with other builds.
  test.setTimeout(400_000);
  mkdirSync(SHOTS, { recursive: true });
  setting = await startGitHubSite({
    name: 'hosted-editor',
    port: PORT,
    standInPort: STAND_IN_PORT,
    env: SITE_EDITOR_ENV,
    logLevel: 'warn',
    buildWithoutEditor: true,
  });
});

test.afterAll(async () => {
  await setting?.stop();
});

/** Opens the editor's home signed out, signs in with GitHub there, and is sent back to it. */
async function signIn(page: Page) {
  const at = `${SITE}/keystatic`;
  await page.goto(at);
  await page.getByRole('button', { name: 'Log in with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize the site editor' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(new RegExp(`^${at}`));
}

/**
 * The owner's cookies after the first test's sign-in: the later tests start signed in with them,
 * in a browser of their own (its own storage, so Keystatic keeps no draft from a test before),
 * rather than drawing Keystatic's sign-in page and then their form again. Signing in itself is
 * proved by the first two tests.
 */
let ownersCookies: Cookie[] = [];

/** Opens the editor's page `path` with the owner's cookies from the first test's sign-in. */
async function signedIn(page: Page, path: string) {
  expect(ownersCookies, 'the first test signed the owner in').not.toEqual([]);
  await page.context().addCookies(ownersCookies);
  await page.goto(`${SITE}/keystatic/${path}`);
}

/**
 * Moves to data file `name`'s form by the editor's navigation, as the owner does: the app stays
 * loaded (a fresh load of a long form takes seconds) and draws the form on the same branch.
 */
async function go(page: Page, branch: string, name: keyof typeof contentFiles) {
  const { label } = contentFiles[name].editor as { label: string };
  await page.getByRole('link', { name: label, exact: true }).first().click();
  await expect(page).toHaveURL(`${SITE}/keystatic/branch/${branch}/singleton/${name}`);
}

const dataAt = (ref: string, name: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  parse(git('show', `${ref}:src/content/${name}.yaml`)) as any;

test('the owner signs in, edits on a draft branch, previews and publishes; the repository has exactly those commits', async ({
  context,
  page,
}, testInfo) => {
  const violations = consoleViolations(page);
  const base = git('rev-parse', 'main');
  const price = (dataAt('main', 'offer').kit.price as number) + 100;
  const headline = 'Would your business survive a bad month? Find out in ten minutes.';

  // Signed in on the editor's home: a sign-in begun on a form leaves Keystatic's note of that form
  // (a cookie `ks-<state>`, kept a day), which the list below would hold too.
  await signIn(page);
  // The access token is the one cookie the app reads; every cookie is Secure and SameSite.
  const cookies = await context.cookies(SITE);
  expect(cookies.map((cookie) => cookie.name).sort()).toEqual([
    'keystatic-gh-access-token',
    'keystatic-gh-refresh-token',
  ]);
  for (const cookie of cookies) {
    expect(cookie.secure, cookie.name).toBe(true);
    expect(cookie.sameSite, cookie.name).toBe('Lax');
  }
  expect(cookies.find((cookie) => cookie.name === 'keystatic-gh-refresh-token')?.httpOnly).toBe(true);
  ownersCookies = cookies;

  // A draft: a new branch from main.
  await go(page, 'main', 'offer');
  await expect(page.getByRole('combobox', { name: 'Current branch' })).toHaveValue('main');
  await page.getByRole('button', { name: 'git actions' }).click();
  await page.getByRole('menuitem', { name: /New branch/ }).click();
  await page.getByRole('textbox', { name: /Branch name/i }).fill('new-price');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/keystatic\/branch\/edit-new-price\/singleton\/offer/);
  // The branch menu shows the new branch once Keystatic has fetched the repository's branches again
  // (seconds on a busy machine; the address above already names it).
  await expect(page.getByRole('combobox', { name: 'Current branch' })).toHaveValue('edit-new-price', {
    timeout: 30_000,
  });

  await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).fill(String(price));
  // For the owner's guide: the draft branch, its Preview button and the edited price, before the save.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, 'hosted-editor-draft.png') });
  await pressSave(page);
  // Saved, in GitHub mode too: said once the commit has landed.
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => dataAt('edit-new-price', 'offer').kit.price, { timeout: 60_000 }).toBe(price);
  // The draft's preview, at the host's address for the branch.
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toHaveAttribute(
    'href',
    PREVIEW_URL.replace('{branch}', 'edit-new-price'),
  );

  await go(page, 'edit-new-price', 'kit');
  await page.getByRole('textbox', { name: 'Headline' }).first().fill(headline);
  await pressSave(page);
  await expect.poll(() => dataAt('edit-new-price', 'kit').hero.headline, { timeout: 60_000 }).toBe(headline);
  expect(dataAt('main', 'offer').kit.price).not.toBe(price);

  // A pull request from the branch, merged on GitHub's page (the editor's own Publish is publish.spec.ts's).
  await page.getByRole('button', { name: 'git actions' }).click();
  const pullPage = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: /Create pull request/ }).click();
  const github = await pullPage;
  await github.getByRole('button', { name: 'Create pull request' }).click();
  await github.getByRole('button', { name: 'Merge pull request' }).click();
  await expect(github.getByText('Pull request successfully merged and closed')).toBeVisible();

  // The repository: two commits by the editor, each one line of one file, merged into main.
  const commits = git('log', '--format=%s', `${base}..main`).split('\n');
  expect(commits).toEqual([
    expect.stringMatching(/^Merge pull request #1 from .*edit-new-price$/),
    'Update src/content/kit',
    'Update src/content/offer',
  ]);
  const changed = git('diff', '--numstat', base, 'main');
  expect(changed.split('\n').sort()).toEqual(['1\t1\tsrc/content/kit.yaml', '1\t1\tsrc/content/offer.yaml']);
  expect(git('diff', '-U0', base, 'main', '--', 'src/content/offer.yaml')).toContain(`+  price: ${price}`);

  expect(violations).toEqual([]);
  const requests = JSON.stringify(setting.standIn.requests, null, 2);
  await testInfo.attach('github-requests.json', { body: requests, contentType: 'application/json' });
  writeFileSync(join(SHOTS, 'github-requests.json'), requests);

  // A build of the merged commit shows the new price on every page that quotes it (Astro's build
  // makes the pages; what `npm run build` does after it, compressed copies and host configs, no page).
  const published = mkdtempSync(join(tmpdir(), 'be-published-'));
  try {
    run(
      'sh',
      ['-c', `git --git-dir="${setting.repository}" archive main | tar -x -C "${published}"`],
      tmpdir(),
    );
    linkModules(published);
    await astroBuild(published);
    const home = readFileSync(join(published, 'dist/index.html'), 'utf8');
    expect(home).toContain(formatUsd(price));
    expect(home).toContain(headline);
    expect(home).not.toContain(formatUsd(price - 100));
  } finally {
    rmSync(published, { recursive: true, force: true });
  }
});

test('a sign-in callback that was not started here, or is used twice, is refused with a page that says so', async ({
  context,
  page,
}) => {
  // Forged: a code and a state this browser never asked for.
  const forged = await page.goto(`${SITE}/api/keystatic/github/oauth/callback?code=abc123&state=0123456789`);
  expect(forged?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This sign-in link is not valid here' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
    'href',
    '/api/keystatic/github/login',
  );
  expect(await context.cookies(SITE)).toEqual([]);

  // Replayed: the callback of a finished sign-in, opened again.
  let callback = '';
  page.on('request', (request) => {
    if (request.url().includes('/oauth/callback')) callback = request.url();
  });
  await signIn(page);
  expect(callback).toContain('state=');
  const replayed = await page.goto(callback);
  expect(replayed?.status()).toBe(400);
  await expect(page.getByRole('heading', { name: 'This sign-in link is not valid here' })).toBeVisible();
});

test('the editor is its own: noindex, its own policy; visitors pages keep theirs', async ({ request }) => {
  const editor = await request.get(`${SITE}/keystatic/branch/main/singleton/offer`);
  expect(editor.status()).toBe(200);
  expect(editor.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(editor.headers()['content-security-policy']).toContain("script-src 'self';");
  expect(editor.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const home = await request.get(`${SITE}/`);
  expect(home.headers()['content-security-policy']).not.toContain('github');
  expect(home.headers()['x-robots-tag']).toBeUndefined();
  expect(await home.text()).not.toMatch(/keystatic/i);
  expect(await (await request.get(`${SITE}/sitemap.xml`)).text()).not.toMatch(/keystatic/i);
  // Its API's paths and methods and the sign-in's redirect to GitHub are tests/unit/editor-api.test.ts's
  // (the code this server runs), a POST elsewhere is the site's 405 (tests/unit/server/routes.test.ts);
  // the owner's sign-in above goes through them here.
});

test('Cloudflare Pages on its own runtime (wrangler, workerd) serves the same editor from the generated worker', async ({
  request,
}) => {
  skipWhereMissing(wranglerMissing());
  const dist = join(setting.project.root, 'dist');
  const wrangler = await startWrangler(dist, { bindings: SITE_EDITOR_ENV });
  try {
    const cloudflare = wrangler.origin;
    const pageHtml = readFileSync(join(dist, 'keystatic/index.html'), 'utf8');
    const script = /src="(\/keystatic\/assets\/[^"]+\.js)"/.exec(pageHtml)?.[1];
    expect(script, 'the editor page names its script').toBeTruthy();
    for (const path of ['/keystatic', '/keystatic/branch/main/singleton/offer', script!]) {
      const [node, worker] = await Promise.all([
        request.get(`${SITE}${path}`),
        request.get(`${cloudflare}${path}`),
      ]);
      expect(worker.status(), path).toBe(200);
      expect(await worker.text(), path).toBe(await node.text());
      // The editor's headers for a site served over https, as every host sends them (a build without HSTS_PRELOAD).
      for (const [name, value] of Object.entries(editorHeaders(path, hsts(false))))
        expect(worker.headers()[name.toLowerCase()], `${name} of ${path}`).toBe(value);
      for (const name of ['x-robots-tag', 'cache-control'])
        expect(worker.headers()[name], `${name} of ${path}`).toBe(node.headers()[name]);
    }
    const login = await request.get(`${cloudflare}/api/keystatic/github/login`, { maxRedirects: 0 });
    expect(login.status()).toBe(307);
    const authorize = new URL(login.headers()['location']!);
    expect(authorize.origin + authorize.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(SITE_EDITOR_ENV.KEYSTATIC_GITHUB_CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${cloudflare}/api/keystatic/github/oauth/callback`,
    );
    const stateCookie = login
      .headersArray()
      .find(
        (header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith(`${STATE_COOKIE}=`),
      );
    expect(stateCookie?.value).toMatch(/HttpOnly.*Secure.*SameSite=Lax|Secure.*HttpOnly/);
    const forged = await request.get(
      `${cloudflare}/api/keystatic/github/oauth/callback?code=abc&state=forged`,
    );
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain('This sign-in link is not valid here');
    expect((await request.get(`${cloudflare}/api/keystatic/tree`)).status()).toBe(404);
    expect((await request.post(`${cloudflare}/api/keystatic/github/login`)).status()).toBe(405);
    // The visitors' pages beside it keep their own policy and are not the worker's.
    const home = await request.get(`${cloudflare}/`);
    expect(home.status()).toBe(200);
    expect(home.headers()['content-security-policy']).not.toContain('github');
    expect(home.headers()['x-robots-tag']).toBeUndefined();
  } finally {
    await wrangler.stop();
  }
});

test('the visitors’ pages of a build with the editor carry exactly the headers of one without it', async ({
  request,
}) => {
  // The project's own build, served by the suite's server (no editor), against the editor's build.
  const volatile = new Set(['date', 'etag', 'last-modified', 'content-length', 'keep-alive', 'connection']);
  const headersOf = (answer: Awaited<ReturnType<typeof request.get>>) =>
    Object.fromEntries(Object.entries(answer.headers()).filter(([name]) => !volatile.has(name)));
  for (const path of ['/', '/community', '/no-such-page', '/oh-shit-kit?ref=x', '/favicon.svg']) {
    const [without, withEditor] = await Promise.all([
      request.get(path, { maxRedirects: 0 }),
      request.get(`${SITE}${path}`, { maxRedirects: 0 }),
    ]);
    expect(withEditor.status(), path).toBe(without.status());
    expect(headersOf(withEditor), path).toEqual(headersOf(without));
  }
});

/** The label the editor gives part `key` of data file `name` (a section's group in its form). */
function contentLabel(name: 'kit', key: string): string {
  const form = contentFiles[name].editor;
  if (form.kind !== 'object') throw new Error(`${name} is a file of named parts`);
  return form.fields[key]!.label;
}

/**
 * Guards against a hang, not speed claims (the time from a keystroke to the preview is measured by
 * `npm run bench:preview`): the first drawing reads the branch from GitHub and draws the whole page,
 * seconds on a busy 2-core machine; a redraw after a keystroke, a fraction of that.
 */
const FIRST_DRAW = { timeout: 60_000 };
const REDRAW = { timeout: 20_000 };

/** A draft branch of the owner's, made on GitHub from main (as the editor's New branch makes one). */
function draftBranch(name: string): string {
  git('branch', '-f', name, 'main');
  return git('rev-parse', name);
}

/** Waits until the editor's form is drawn. */
const formDrawn = (page: Page) =>
  expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 60_000 });

/** Moves to data file `name`'s form by the editor's navigation (`go`) and waits until it is drawn. */
async function openForm(page: Page, branch: string, name: keyof typeof contentFiles) {
  await go(page, branch, name);
  await formDrawn(page);
}

/** Opens form `path` of the editor on `branch` signed in (`signedIn`) and waits until it is drawn. */
async function signedInToForm(page: Page, branch: string, path: string) {
  await signedIn(page, `branch/${branch}/${path}`);
  await formDrawn(page);
}

test('the live preview draws the draft branch as the owner types, beside the form: words, a figure, a hidden section, an unsaved picture, a refused value', async ({
  page,
}) => {
  const violations = consoleViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const head = draftBranch('edit-live-preview');
  // The draft starts from main as the tests before left it (the first one publishes a headline).
  const content = { kit: dataAt(head, 'kit'), offer: dataAt(head, 'offer') };
  await signedInToForm(page, 'edit-live-preview', 'singleton/kit');

  await test.step('it opens beside the form and reads as the page: the same headings, in order', async () => {
    await page.getByRole('button', { name: 'Live preview' }).click();
    const frame = previewFrame(page);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(content.kit.hero.headline, FIRST_DRAW);
    const built = await (await fetch(`${SITE}/`)).text();
    const builtHeadings = [...built.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((match) =>
      match[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
    await expect
      .poll(async () =>
        (await frame.locator('body h2').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim()),
      )
      .toEqual(builtHeadings);
    // The form stays usable beside it: its fields are in view, not under the preview.
    const field = page.getByRole('textbox', { name: 'Headline' }).first();
    const fieldBox = (await field.boundingBox())!;
    const paneBox = (await page.locator('section[aria-label="Live preview"]').boundingBox())!;
    expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(paneBox.x);
  });

  await test.step('a headline typed, not saved, shows in the preview; nothing is committed', async () => {
    const typed = 'Could your business take a bad month? Find out tonight.';
    await page.getByRole('textbox', { name: 'Headline' }).first().fill(typed);
    await expect(previewFrame(page).getByRole('heading', { level: 1 })).toHaveText(typed, REDRAW);
    expect(git('rev-parse', 'edit-live-preview')).toBe(head);
    // For the owner's guide: the form and the preview beside it, the typed headline in both.
    await page.screenshot({ path: join(SHOTS, 'live-preview-1280.png') });
  });

  await test.step('a refused value keeps the page drawn, its section marked with the refusal', async () => {
    const field = page.getByRole('textbox', { name: 'Headline' }).first();
    const typed = await field.inputValue();
    await field.fill('');
    const frame = previewFrame(page);
    await expect(frame.getByRole('note').filter({ hasText: 'Headline' })).toBeVisible(REDRAW);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(typed);
    await field.fill(typed);
    await expect(frame.getByRole('note').filter({ hasText: 'Headline' })).toHaveCount(0, REDRAW);
  });

  await test.step('a section hidden with its switch leaves the preview', async () => {
    const section = page.getByRole('group', { name: contentLabel('kit', 'bundles') });
    await section.getByRole('checkbox', { name: 'Hide this section' }).setChecked(true);
    await expect(previewFrame(page).locator('#bundles')).toHaveCount(0, REDRAW);
  });

  await test.step('a figure changed in Prices and figures shows wherever the page quotes it', async () => {
    const price = content.offer.kit.price + 7;
    await page.getByRole('button', { name: 'Close preview' }).click();
    await openForm(page, 'edit-live-preview', 'offer');
    await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).fill(String(price));
    await page.getByRole('button', { name: 'Live preview' }).click();
    const frame = previewFrame(page);
    await expect(frame.locator('#hero').getByText(formatUsd(price)).first()).toBeVisible(FIRST_DRAW);
    await expect(frame.locator('#roi').getByText(formatUsd(price)).first()).toBeVisible();
    // The kit page's draft (the headline typed above) is drawn with it.
    await expect(frame.locator('#bundles')).toHaveCount(0);
  });

  await test.step('a picture chosen but not saved shows from the page’s own memory', async () => {
    await page.getByRole('button', { name: 'Close preview' }).click();
    await openForm(page, 'edit-live-preview', 'videos');
    const label = (contentFiles.videos.editor as { fields: Record<string, { label: string }> }).fields[
      'kitIntro'
    ]!.label;
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('group', { name: label }).getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles(join(setting.project.root, 'src/assets/uploads/office-floor.png'));
    await page.getByRole('button', { name: 'Live preview' }).click();
    await expect(previewFrame(page).locator('#kit-intro img[src^="blob:"]')).toBeVisible(FIRST_DRAW);
    expect(git('rev-parse', 'edit-live-preview')).toBe(head);
  });
  expect(violations).toEqual([]);
});

test('on a phone the live preview fills the screen, fits its width, and goes back to the field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  draftBranch('edit-phone-preview');
  await signedInToForm(page, 'edit-phone-preview', 'singleton/kit');
  const field = page.getByRole('textbox', { name: 'Headline' }).first();
  await field.focus();
  await page.getByRole('button', { name: 'Live preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live preview' });
  await expect(dialog).toBeVisible();
  const frame = previewFrame(page);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible(FIRST_DRAW);
  const sideways = await frame.locator('html').evaluate((root) => root.scrollWidth - root.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  // For the owner's guide: the preview filling a phone's screen, with its way back.
  await page.screenshot({ path: join(SHOTS, 'live-preview-375.png') });
  const findings = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'], include: '[data-live-preview]' });
  expect(findings.map((violation) => violation.id)).toEqual([]);
  await page.getByRole('button', { name: 'Back to the form' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(field).toBeFocused();
});

test('Keystatic keeps an unsaved form as the live preview reads it (its draft record: version 1, the files a Save would write)', async ({
  page,
}) => {
  draftBranch('edit-draft-record');
  await signedInToForm(page, 'edit-draft-record', 'singleton/faq');
  const field = page.getByRole('textbox').first();
  await field.fill(`${await field.inputValue()} (draft)`);
  const record = await page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const opening = indexedDB.open('keystatic');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction('items').objectStore('items').get(['singleton', 'faq']);
          read.onsuccess = () => {
            const value = read.result as { version: unknown; savedAt: unknown; files: unknown } | undefined;
            resolve(
              value && {
                version: value.version,
                savedAt: value.savedAt instanceof Date,
                files:
                  value.files instanceof Map
                    ? [...value.files].map(([path, bytes]) => [path, bytes instanceof Uint8Array])
                    : String(value.files),
              },
            );
          };
        };
      }),
  );
  expect(record, 'Keystatic changed how it keeps unsaved forms: the live preview must follow').toEqual({
    version: DRAFT_VERSION,
    savedAt: true,
    files: [[contentPath('faq'), true]],
  });
});

test('the visitors’ pages of a build with the editor and its live preview are byte for byte those of one without', () => {
  const files = (root: string) =>
    readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => !file.startsWith(`${EDITOR_FOLDER}/`) && file !== EDITOR_FOLDER)
      .filter((file) => statSync(join(root, file)).isFile())
      .sort();
  const withEditor = join(setting.project.root, 'dist');
  const without = join(setting.project.root, 'dist-without-editor');
  expect(readdirSync(join(withEditor, EDITOR_FOLDER))).toContain('preview.html');
  // The host configs list the editor's routes (that is how hosts answer them); every other file is the same.
  const hostConfigs = new Set(['_headers', '_redirects', '_routes.json', '_worker.js']);
  const visitors = files(without).filter((file) => !hostConfigs.has(file));
  expect(visitors.length).toBeGreaterThan(10);
  expect(files(withEditor).filter((file) => !hostConfigs.has(file))).toEqual(visitors);
  for (const file of visitors)
    expect(readFileSync(join(withEditor, file)).equals(readFileSync(join(without, file))), file).toBe(true);
});
