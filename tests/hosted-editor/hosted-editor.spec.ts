/**
 * The hosted editor, end to end, in a real Chromium against the production server (`npm run
 * serve`) of a build made in GitHub mode: the owner signs in with GitHub, starts a draft branch,
 * changes the kit's price and the hero's headline, saves, sees the draft's preview link, opens a
 * pull request and merges it. GitHub is a stand-in (./github-stand-in.ts) over a real git
 * repository on disk: the test then reads the commits there, and builds the merged commit to see
 * the new price on the pages. Runs in a copy of the project: the working tree is never touched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { STATE_COOKIE } from '../../runtime/editor-api.ts';
import { editorHeaders } from '../../runtime/editor.ts';
import { hsts } from '../../runtime/rules.ts';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { linkModules, PROJECT_ROOT } from '../../scripts/lib/project-copy.ts';
import { startWrangler } from '../support/wrangler.ts';
import { editorEnv, routeGitHub as routeTo, run, startGitHubSite, type GitHubSite } from './github-site.ts';
import { pressSave } from '../support/editor-save.ts';

const PORT = Number(process.env['HOSTED_EDITOR_PORT'] ?? 4632);
const STAND_IN_PORT = Number(process.env['GITHUB_STAND_IN_PORT'] ?? 4641);
const SITE = `http://127.0.0.1:${PORT}`;
const PREVIEW = 'https://{branch}--build-equity.netlify.app/';
const EDITOR_ENV = { ...editorEnv('Iv1.standin0000000001'), KEYSTATIC_PREVIEW_URL: PREVIEW };
/** Screenshots for the owner's guide (docs/images/) and the requests Keystatic made to GitHub, kept after the run. */
const SHOTS = join(PROJECT_ROOT, 'test-results/hosted-editor');

let setting: GitHubSite;
const git = (...args: string[]) => setting.git(...args);
const routeGitHub = (context: BrowserContext) => routeTo(context, STAND_IN_PORT);

test.describe.configure({ mode: 'serial', timeout: 240_000 });
// A guard against a hang: the app draws a long form in seconds, many on a busy 2-core machine.
test.use({ actionTimeout: 60_000 });

test.beforeAll(async () => {
  // Two builds of the site and a server start: minutes on a machine shared with other builds.
  test.setTimeout(400_000);
  mkdirSync(SHOTS, { recursive: true });
  setting = await startGitHubSite({
    name: 'hosted-editor',
    port: PORT,
    standInPort: STAND_IN_PORT,
    env: EDITOR_ENV,
    logLevel: 'warn',
  });
});

test.afterAll(async () => {
  await setting?.stop();
});

/** Every policy violation the page reports, for the test to expect none. */
function policyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function signIn(page: Page) {
  await page.goto(`${SITE}/keystatic`);
  await page.getByRole('button', { name: 'Log in with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Authorize the site editor' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE}/keystatic`));
}

const dataAt = (ref: string, name: string) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  parse(git('show', `${ref}:src/content/${name}.yaml`)) as any;

test('the owner signs in, edits on a draft branch, previews and publishes; the repository has exactly those commits', async ({
  context,
  page,
}, testInfo) => {
  await routeGitHub(context);
  const violations = policyViolations(page);
  const base = git('rev-parse', 'main');
  const price = (dataAt('main', 'offer').kit.price as number) + 100;
  const headline = 'Would your business survive a bad month? Find out in ten minutes.';

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

  // A draft: a new branch from main.
  await page.goto(`${SITE}/keystatic/branch/main/singleton/offer`);
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
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveAttribute(
    'href',
    PREVIEW.replace('{branch}', 'edit-new-price'),
  );

  await page.goto(`${SITE}/keystatic/branch/edit-new-price/singleton/kit`);
  await page.getByRole('textbox', { name: 'Headline' }).first().fill(headline);
  await pressSave(page);
  await expect.poll(() => dataAt('edit-new-price', 'kit').hero.headline, { timeout: 60_000 }).toBe(headline);
  expect(dataAt('main', 'offer').kit.price).not.toBe(price);

  // Publish: a pull request from the branch, merged on GitHub's page.
  await page.getByRole('button', { name: 'git actions' }).click();
  await page.screenshot({ path: join(SHOTS, 'hosted-editor-publish.png') });
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

  // A build of the merged commit shows the new price on every page that quotes it.
  const published = mkdtempSync(join(tmpdir(), 'be-published-'));
  try {
    run(
      'sh',
      ['-c', `git --git-dir="${setting.repository}" archive main | tar -x -C "${published}"`],
      tmpdir(),
    );
    linkModules(published);
    run('npm', ['run', 'build'], published);
    const home = run('cat', [join(published, 'dist/index.html')], tmpdir());
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
  await routeGitHub(context);
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
  const dist = join(setting.project.root, 'dist');
  const wrangler = await startWrangler(dist, { bindings: EDITOR_ENV });
  try {
    test.skip(wrangler.origin === null, wrangler.whyNot);
    const cloudflare = wrangler.origin!;
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
    expect(authorize.searchParams.get('client_id')).toBe(EDITOR_ENV.KEYSTATIC_GITHUB_CLIENT_ID);
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
