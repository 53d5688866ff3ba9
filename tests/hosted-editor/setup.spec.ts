/**
 * The owner sets the hosted editor up alone, from a fresh deploy with one value: the production
 * server of a build with no editor, started with EDITOR_SETUP_CODE only, from its own clone with
 * the deploy hook on; GitHub is the stand-in (./github-stand-in.ts and its App-manifest flow,
 * ./github-apps.ts). The owner opens /keystatic, gives the code, creates the app on GitHub's page,
 * installs it on the site's repository, and once the server has built the committed credentials
 * in, signs in, saves a first change and publishes it. Nothing is copied from GitHub by hand, and
 * no answer of the site nor a line of its log holds the code or the app's secrets. The time it
 * took is printed (the owner's guide quotes it), never asserted.
 */
import { copyFileSync, cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { axeViolations } from '../support/axe.ts';
import { pressSave } from '../support/editor-save.ts';
import { skipWhereMissing } from '../support/installed.ts';
import { startWrangler, wranglerMissing } from '../support/wrangler.ts';
import { browserToStandIn, run, startGitHubSite, type GitHubSite } from '../../harness/github-site.ts';

// Four past the hosted editor spec's own ports (publish.spec.ts and results.spec.ts take one and two).
const PORT = Number(process.env['HOSTED_EDITOR_PORT'] ?? 4632) + 4;
const STAND_IN_PORT = Number(process.env['GITHUB_STAND_IN_PORT'] ?? 4641) + 4;
const SITE = `http://127.0.0.1:${PORT}`;
const CODE = 'maple river lantern seven orbit';
const SECRET = 'setup-deploy-hook-secret-0123456789';
const SHOTS = join(PROJECT_ROOT, 'test-results/hosted-editor');
/** `SETUP_SCREENSHOTS=docs/images npx playwright test tests/hosted-editor/setup.spec.ts`: the owner's guide's pictures. */
const DOCS_IMAGES = process.env['SETUP_SCREENSHOTS'];
const OFFER = 'src/content/offer.yaml';

let setting: GitHubSite;

test.describe.configure({ mode: 'serial', timeout: 900_000 });
test.use({ actionTimeout: 60_000, ...browserToStandIn(STAND_IN_PORT) });

test.beforeAll(async () => {
  test.setTimeout(400_000);
  mkdirSync(SHOTS, { recursive: true });
  setting = await startGitHubSite({
    name: 'setup',
    port: PORT,
    standInPort: STAND_IN_PORT,
    // A fresh deploy: the setup code alone, at build (as a host has it) and at run.
    env: { EDITOR_SETUP_CODE: CODE },
    deployHook: { secret: SECRET },
    logLevel: 'info',
  });
  // The fresh deploy's build, kept for Cloudflare's runtime (the server replaces its own).
  cpSync(join(setting.project.root, 'dist'), join(setting.project.root, 'dist.fresh'), { recursive: true });
  setting.standIn.rest.requiredChecks = ['gate'];
  setting.standIn.mainProtectedBy = ['gate'];
  setting.standIn.rest.gate = { conclusion: 'success', seconds: 3 };
});

test.afterAll(async () => {
  await setting?.stop();
});

async function shot(page: Page, name: string, widths: readonly number[] = [1280, 375]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: join(SHOTS, file), fullPage: true });
    if (DOCS_IMAGES) copyFileSync(join(SHOTS, file), join(DOCS_IMAGES, file));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function expectAccessible(page: Page) {
  const violations = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

const offerAt = (ref: string) => parse(setting.git('show', `${ref}:${OFFER}`)) as { kit: { price: number } };

test('from a fresh deploy with the setup code alone, the owner sets the editor up, saves and publishes', async ({
  page,
}) => {
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(SITE))
      void response.text().then(
        (text) => bodies.push(`${JSON.stringify(response.headers())}\n${text}`),
        () => undefined,
      );
  });
  const started = Date.now();

  await test.step('the setup page asks for the code, and refuses a wrong one', async () => {
    await page.goto(`${SITE}/keystatic`);
    await expect(page).toHaveURL(`${SITE}/keystatic/setup`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Set up the site's editor");
    await expectAccessible(page);
    await shot(page, 'setup-code');
    await page.getByLabel('Setup code').fill('not the code, not at all');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('That is not this site’s setup code');
    await page.getByRole('link', { name: 'Start the setup again' }).click();
  });

  await test.step('the code leads to GitHub, which creates the app and sends the owner back', async () => {
    await page.getByLabel('Setup code').fill(CODE);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Create the editor's app on GitHub");
    await page.getByRole('button', { name: 'Continue to GitHub' }).click();
    await page.getByRole('link', { name: 'Create GitHub App' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Install the app on the site’s repository',
    );
    await shot(page, 'setup-install');
  });

  await test.step('one click installs it on the site’s repository, and the checklist checks itself', async () => {
    await page.getByRole('link', { name: 'Install on GitHub' }).click();
    await page.getByRole('link', { name: 'Install on the site’s repository only' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The editor is set up');
    await expect(page.getByRole('listitem').filter({ hasText: 'is protected' })).toHaveClass('done');
    await expectAccessible(page);
    await shot(page, 'setup-done');
    expect(setting.git('log', '-1', '--format=%s', 'main')).toBe(
      "The site editor's GitHub App, sealed with the setup code",
    );
  });

  const setUp = Date.now();
  await test.step('once the server has built the credentials in, the owner signs in and saves', async () => {
    // The server pulls and builds the commit (a real build: minutes on a busy machine).
    await expect
      .poll(async () => (await fetch(`${SITE}/keystatic`, { redirect: 'manual' })).status, {
        timeout: 420_000,
        intervals: [2000],
      })
      .toBe(200);
    await page.goto(`${SITE}/keystatic/branch/main/singleton/offer`);
    await page.getByRole('button', { name: 'Log in with GitHub' }).click();
    await page.getByRole('link', { name: 'Authorize' }).click();
    await page.getByRole('button', { name: 'git actions' }).click();
    await page.getByRole('menuitem', { name: /New branch/ }).click();
    await page.getByRole('textbox', { name: /Branch name/i }).fill('first-save');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/keystatic\/branch\/edit-first-save\/singleton\/offer/);
    await expect(page.getByRole('combobox', { name: 'Current branch' })).toHaveValue('edit-first-save', {
      timeout: 30_000,
    });
    const price = offerAt('main').kit.price + 7;
    const field = page.getByRole('textbox', { name: 'Price (one-time, USD)' });
    // The form is drawn from the branch's files first: typed before, the value would be drawn over.
    await expect(field).toHaveValue(String(price - 7));
    await field.fill(String(price));
    await pressSave(page);
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => offerAt('edit-first-save').kit.price, { timeout: 60_000 }).toBe(price);
  });
  const saved = Date.now();

  await test.step('and publishes it', async () => {
    const panel = page.getByRole('region', { name: 'Publishing' });
    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(panel.getByRole('status')).toContainText(`Live at ${SITE}/: published in`, {
      timeout: 420_000,
    });
  });
  const live = Date.now();

  const seconds = (from: number, to: number) => Math.round((to - from) / 1000);
  console.log(
    `setup timed: the owner's setup ${seconds(started, setUp)} s; the server's build of it and the first Save ${seconds(setUp, saved)} s; Publish to live ${seconds(saved, live)} s; in all ${seconds(started, live)} s`,
  );

  // Nothing secret in any answer of the site, nor in its log.
  const app = setting.standIn.apps.apps.at(-1)!;
  for (const text of [...bodies, setting.log()]) {
    expect(text).not.toContain(CODE);
    expect(text).not.toContain(app.clientSecret);
    expect(text).not.toMatch(/PRIVATE KEY/);
  }
});

test('on Cloudflare’s runtime, the editor’s paths lead to the setup before it, and the committed credentials open with the code after', async ({
  request,
}) => {
  skipWhereMissing(wranglerMissing());
  const clone = setting.project.root;
  // The fresh deploy's build has its worker from its own build; the one the setup's commit brought
  // gets it as a Pages build writes it (the server's publish builds no host's config).
  run(process.execPath, [join(clone, 'scripts/deploy-configs.ts'), join(clone, 'dist')], clone);
  const before = await startWrangler(join(clone, 'dist.fresh'), { bindings: { EDITOR_SETUP_CODE: CODE } });
  try {
    const cloudflare = before.origin;
    const opened = await request.get(`${cloudflare}/keystatic`, { maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    expect(opened.headers()['location']).toBe('/keystatic/setup');
    expect(await (await request.get(`${cloudflare}/keystatic/setup`)).text()).toContain('Setup code');
    const post = (code: string) =>
      request.post(`${cloudflare}/keystatic/setup`, { form: { code, organisation: '' }, maxRedirects: 0 });
    const wrong = await post('not the code, not at all');
    expect(wrong.status()).toBe(401);
    const right = await post(CODE);
    expect(right.status()).toBe(200);
    const manifest = /name="manifest" value="([^"]+)"/.exec(await right.text())![1]!.replace(/&#34;/g, '"');
    expect(JSON.parse(manifest)).toMatchObject({
      callback_urls: [`${cloudflare}/api/keystatic/github/oauth/callback`],
      redirect_url: `${cloudflare}/keystatic/setup/created`,
    });
  } finally {
    await before.stop();
  }
  const after = await startWrangler(join(clone, 'dist'), { bindings: { EDITOR_SETUP_CODE: CODE } });
  try {
    const login = await request.get(`${after.origin}/api/keystatic/github/login`, { maxRedirects: 0 });
    expect(login.status()).toBe(307);
    const authorize = new URL(login.headers()['location']!);
    expect(authorize.searchParams.get('client_id')).toBe(setting.standIn.apps.apps.at(-1)!.clientId);
  } finally {
    await after.stop();
  }
});
