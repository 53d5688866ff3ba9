/**
 * Publish and Undo in the hosted editor, end to end: a real Chromium on the production server of a
 * build made in GitHub mode, the server running from its own clone with the deploy hook on, and
 * GitHub a stand-in (harness/github-stand-in.ts) over a real git repository on disk, whose `gate` check
 * the test sets green or red and which sends the server GitHub's signed push webhook after a merge.
 *
 * The owner presses Publish on a draft: the pull request opens, the check runs ("Checking your
 * change…" with a clock), the change is merged as one commit, the server pulls and builds it, and
 * the editor says it is live, where, and how long it took; the page then shows the new price. A red
 * check is not merged and the editor says why, naming the file and field, with the check's link.
 * Undo takes the last publish back through the same road. A user without write access cannot
 * publish. Hosts that report to GitHub (a commit status as Netlify's, a deployment as Vercel's)
 * are followed to Live too. Nothing is ever force-pushed.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import type { GatePlan } from '../../harness/github-rest.ts';
import {
  browserToStandIn,
  SITE_EDITOR_ENV,
  startGitHubSite,
  type GitHubSite,
} from '../../harness/github-site.ts';
import { axeViolations } from '../support/axe.ts';

// One port past the hosted editor spec's own, and one past its stand-in's.
const PORT = Number(process.env['HOSTED_EDITOR_PORT'] ?? 4632) + 1;
const STAND_IN_PORT = Number(process.env['GITHUB_STAND_IN_PORT'] ?? 4641) + 1;
const SITE = `http://127.0.0.1:${PORT}`;
const ADDRESS = `${SITE}/`;
const SECRET = 'publish-deploy-hook-secret-0123456789';
const SHOTS = join(PROJECT_ROOT, 'test-results/hosted-editor');
/** `npm run screenshot:publish` sets this: the owner's guide's pictures are written there too. */
const DOCS_IMAGES = process.env['PUBLISH_SCREENSHOTS'];
const OFFER = 'src/content/offer.yaml';
/** What a hand edit wrote where the kit's price was (the test's own input). */
const PRICE_IN_WORDS = 'four ninety-seven';

const GREEN: GatePlan = { conclusion: 'success', seconds: 4 };
/** A check that runs until the test has seen it run (and taken its picture, in the first test), then passes. */
const HELD_GREEN: GatePlan = { conclusion: 'success', seconds: 3600 };
/** The check's own words for a price typed as text, as the content check annotates the file. */
const RED: GatePlan = {
  conclusion: 'failure',
  seconds: 2,
  title: 'The content check found 1 problem',
  summary: 'src/content/offer.yaml: 1 field',
  annotations: [
    {
      path: OFFER,
      start_line: 3,
      end_line: 3,
      annotation_level: 'failure',
      title: 'Invalid content',
      message: 'Prices and figures → The Oh Sh*t Kit → Price (kit.price): Expected number, received string',
    },
    {
      path: '.github',
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure',
      message: 'Process completed with exit code 1.',
    },
  ],
};

let setting: GitHubSite;
let original: number;
const git = (...args: string[]) => setting.git(...args);
const offerAt = (ref: string) => parse(git('show', `${ref}:${OFFER}`)) as { kit: { price: number } };
const home = async () => (await fetch(ADDRESS)).text();

test.describe.configure({ mode: 'serial', timeout: 480_000 });
test.use({ actionTimeout: 60_000, ...browserToStandIn(STAND_IN_PORT) });

test.beforeAll(async () => {
  // Two builds of the site (here, or by hosted-editor.spec.ts and waited for) and a server start:
  // minutes on a busy 2-core machine.
  test.setTimeout(400_000);
  mkdirSync(SHOTS, { recursive: true });
  setting = await startGitHubSite({
    name: 'publish',
    port: PORT,
    standInPort: STAND_IN_PORT,
    env: SITE_EDITOR_ENV,
    // hosted-editor.spec.ts's builds, made once for both: this spec serves the one with the editor.
    buildWithoutEditor: true,
    deployHook: { secret: SECRET },
    logLevel: 'info',
  });
  // main's protection requires the gate, as the owner's repository does.
  setting.standIn.rest.requiredChecks = ['gate'];
  original = offerAt('main').kit.price;
});

test.afterAll(async () => {
  await setting?.stop();
});

/** A draft as the editor saves it: the kit's price changed on a new `edit-` branch, one line. */
function draftWithPrice(branch: string, price: number): void {
  // `git` trims its output: the file's last newline is put back.
  const text = `${git('show', `main:${OFFER}`).replace(/^(\s+price:) .*$/m, `$1 ${price}`)}\n`;
  expect((parse(text) as { kit: { price: number } }).kit.price).toBe(price);
  setting.standIn.commitFiles(branch, { [OFFER]: text }, 'Update src/content/offer');
}

/** Form `path` of the editor (`branch/…/singleton/offer`). */
const formAt = (path: string) => `${SITE}/keystatic/${path}`;

/**
 * Opens form `path` signed out, signs in with GitHub there, and is sent back to it: one drawing of
 * Keystatic's app fewer than signing in on its home and opening the form after.
 */
async function signInAt(page: Page, path: string) {
  await page.goto(formAt(path));
  await page.getByRole('button', { name: 'Log in with GitHub' }).click();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(formAt(path));
}

/**
 * The owner's cookies from the first sign-in: the tests after it open their form signed in with
 * them, in a browser of their own, rather than drawing Keystatic's sign-in page and then the form
 * again (the reader's test signs in itself, as a reader).
 */
let ownersCookies: Cookie[] = [];

/** Opens form `path` with the owner's cookies from the first test's sign-in. */
async function signedInAt(page: Page, path: string) {
  expect(ownersCookies, 'the first test signed the owner in').not.toEqual([]);
  await page.context().addCookies(ownersCookies);
  await page.goto(formAt(path));
}

const panel = (page: Page) => page.getByRole('region', { name: 'Publishing' });
const status = (page: Page) => panel(page).getByRole('status');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, name) });
  if (DOCS_IMAGES) copyFileSync(join(SHOTS, name), join(DOCS_IMAGES, name));
}

async function expectAccessible(page: Page) {
  const violations = await axeViolations(page, {
    tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
    include: '#publish',
  });
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('Publish on a draft opens its pull request, waits for the green check, merges one commit, and says when our server serves it', async ({
  context,
  page,
}) => {
  setting.standIn.rest.gate = HELD_GREEN;
  const price = original + 101;
  const base = git('rev-parse', 'main');
  draftWithPrice('edit-new-price', price);
  await signInAt(page, 'branch/edit-new-price/singleton/offer');
  ownersCookies = await context.cookies(SITE);

  const publish = panel(page).getByRole('button', { name: 'Publish', exact: true });
  await publish.click();
  await expect(status(page)).toContainText('Checking your change…', { timeout: 120_000 });
  await expect(panel(page).getByRole('timer')).toHaveText(/^\d+:\d\d$/);
  await expect(panel(page).getByRole('timer')).not.toHaveText('0:00');
  // A second Publish while this one runs: the button waits, and the status says what runs.
  await expect(panel(page).getByRole('button', { name: 'Publishing…' })).toBeDisabled();
  await shot(page, 'publish-checking-1280.png');

  // A second tab of the editor waits for this one, and says so.
  const other = await context.newPage();
  await other.goto(formAt('branch/edit-new-price/singleton/offer'));
  // The press as an event: a second tab still drawing Keystatic's long form on a busy machine can
  // hold Playwright's wait for a still button past a minute (the lock is what this proves).
  await panel(other).getByRole('button', { name: 'Publish', exact: true }).dispatchEvent('click');
  await expect(status(other)).toContainText('Another tab of the editor is publishing', { timeout: 60_000 });
  await other.close();
  setting.standIn.rest.finishRuns();

  // Merged, then built by the server's deploy hook (a real build: minutes on a busy machine).
  await expect(status(page)).toContainText(
    /Published\. (The site is being rebuilt|Waiting for the site to update)/,
    {
      timeout: 120_000,
    },
  );
  await expect(status(page)).toContainText(`Live at ${ADDRESS}: published in`, { timeout: 420_000 });
  await expect(panel(page).getByRole('link', { name: `Open ${ADDRESS}` })).toHaveAttribute('href', ADDRESS);
  await shot(page, 'publish-live-1280.png');
  expect(await home()).toContain(formatUsd(price));

  // One squashed commit on main, of that one line; the check's head was pinned; nothing forced.
  expect(git('rev-list', '--count', `${base}..main`)).toBe('1');
  expect(git('log', '-1', '--format=%s', 'main')).toBe('Publish new-price (#1)');
  expect(git('diff', '--numstat', base, 'main')).toBe(`1\t1\t${OFFER}`);
  const merges = setting.standIn.requests.filter((request) => request.method === 'PUT');
  expect(merges).toEqual([
    expect.objectContaining({
      path: '/repos/build-equity/site/pulls/1/merge',
      body: expect.objectContaining({ merge_method: 'squash', sha: git('rev-parse', 'edit-new-price') }),
    }),
  ]);
  expect(setting.standIn.refUpdates.filter((update) => update.forced)).toEqual([]);
  expect(setting.standIn.deliveries).toContainEqual(
    expect.objectContaining({ ref: 'refs/heads/main', after: git('rev-parse', 'main'), status: 202 }),
  );
  await expectAccessible(page);
});

test('a red check is not merged: the editor says what failed, naming the file and the field, with the check’s link', async ({
  page,
}) => {
  setting.standIn.rest.gate = RED;
  const main = git('rev-parse', 'main');
  draftWithPrice('edit-broken-price', original + 7);
  await signedInAt(page, 'branch/edit-broken-price/singleton/offer');
  // By keyboard, as a person who does not use a mouse.
  await panel(page).getByRole('button', { name: 'Publish', exact: true }).focus();
  await page.keyboard.press('Enter');

  await expect(status(page)).toContainText('Not published: the check found a problem.', { timeout: 120_000 });
  const problems = status(page).getByRole('listitem');
  await expect(problems).toHaveCount(1);
  await expect(problems).toHaveText(
    `${OFFER} ${RED.annotations![0]!.title}: ${RED.annotations![0]!.message}`,
  );
  const details = status(page).getByRole('link', { name: 'See the check’s details on GitHub' });
  await expect(details).toHaveAttribute(
    'href',
    /^https:\/\/github\.com\/build-equity\/site\/actions\/runs\/\d+\/job\/\d+$/,
  );
  await shot(page, 'publish-red-1280.png');
  await expectAccessible(page);

  // Not merged: main is where it was, and no merge was asked for.
  expect(git('rev-parse', 'main')).toBe(main);
  const pull = [...setting.standIn.pulls.values()].find((each) => each.branch === 'edit-broken-price')!;
  expect(pull.merged).toBe(false);
  expect(
    setting.standIn.requests.filter((request) => request.path.endsWith(`/pulls/${pull.number}/merge`)),
  ).toEqual([]);

  // On a phone the panel fits the screen, its reasons readable without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await panel(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await shot(page, 'publish-red-375.png');
  await expectAccessible(page);
});

test('a draft the build would refuse opens with its fields, is refused by Publish naming the file and the field with the check green and main unprotected, and is fixed in its form', async ({
  page,
}) => {
  setting.standIn.rest.gate = GREEN;
  setting.standIn.rest.requiredChecks = [];
  const main = git('rev-parse', 'main');
  // A hand edit on GitHub: the price written as words.
  const text = `${git('show', `main:${OFFER}`).replace(/^(\s+price:) .*$/m, `$1 ${PRICE_IN_WORDS}`)}\n`;
  setting.standIn.commitFiles('edit-words', { [OFFER]: text }, 'Update src/content/offer.yaml');
  try {
    // Signed in by the first test's cookies, or (this test alone) by a sign-in of its own.
    if (ownersCookies.length > 0) await signedInAt(page, 'branch/edit-words/singleton/offer');
    else await signInAt(page, 'branch/edit-words/singleton/offer');
    const price = page.getByRole('textbox', { name: 'Price (one-time, USD)' });
    await expect(price).toHaveValue(PRICE_IN_WORDS, { timeout: 120_000 });
    await expect(page.getByText('Field validation failed')).toHaveCount(0);
    await expect(page.locator('[data-unreadable-note]')).toContainText(`"${PRICE_IN_WORDS}"`);

    await panel(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(status(page)).toContainText('Not published: the site would refuse a value in this draft', {
      timeout: 120_000,
    });
    const problems = status(page).getByRole('listitem');
    await expect(problems).toHaveCount(1);
    await expect(problems).toContainText(OFFER);
    await expect(problems).toContainText('Price (one-time, USD) (kit.price)');
    await expectAccessible(page);
    expect(git('rev-parse', 'main')).toBe(main);
    const pull = [...setting.standIn.pulls.values()].find((each) => each.branch === 'edit-words')!;
    expect(pull.merged).toBe(false);
    expect(
      setting.standIn.requests.filter((request) => request.path.endsWith(`/pulls/${pull.number}/merge`)),
    ).toEqual([]);

    // The owner types a number where the words were, and saves: the draft holds it.
    await price.fill(String(original + 5));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => offerAt('edit-words').kit.price, { timeout: 60_000 }).toBe(original + 5);
  } finally {
    setting.standIn.rest.requiredChecks = ['gate'];
  }
});

test('Undo takes the last publish back, after asking, through the same check, until it is live', async ({
  page,
}) => {
  setting.standIn.rest.gate = HELD_GREEN;
  const before = git('rev-parse', 'main');
  await signedInAt(page, 'branch/main/singleton/offer');
  await panel(page).getByRole('button', { name: 'Undo the last publish…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo the last publish?' });
  await expect(dialog).toContainText('“Publish new-price”');
  // The safe answer has the focus; Escape keeps the site as it is.
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await shot(page, 'publish-undo-1280.png');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(git('branch', '--list', 'edit-undo-*')).toBe('');

  await panel(page).getByRole('button', { name: 'Undo the last publish…' }).click();
  await dialog.getByRole('button', { name: 'Undo it' }).click();
  await expect(status(page)).toContainText('Checking the undo…', { timeout: 120_000 });
  setting.standIn.rest.finishRuns();
  await expect(status(page)).toContainText(
    `Undone: the site is as it was before that publish, live at ${ADDRESS}`,
    {
      timeout: 420_000,
    },
  );
  expect(await home()).toContain(formatUsd(original));

  // A revert on its own branch, merged as one commit: offer.yaml as it was before the publish.
  expect(git('log', '-1', '--format=%B', 'edit-undo-1')).toContain('This reverts commit');
  expect(git('rev-list', '--count', `${before}..main`)).toBe('1');
  expect(offerAt('main').kit.price).toBe(original);
  expect(git('diff', `${before}~1`, 'main', '--', OFFER)).toBe('');
  expect(setting.standIn.refUpdates.filter((update) => update.forced)).toEqual([]);
});

test('a user who may read the repository but not write to it cannot publish', async ({ context, page }) => {
  draftWithPrice('edit-reader', original + 3);
  setting.standIn.readOnlySignIns = true;
  try {
    await signInAt(page, 'branch/edit-reader/singleton/offer');
    // A guard against a hang: the form and its panel are drawn after the sign-in's redirect, past
    // 5 s on a busy machine (a run beside other work failed there once).
    await expect(panel(page)).toContainText('you cannot publish', { timeout: 60_000 });
    await expect(panel(page).getByRole('button')).toHaveCount(0);
    // GitHub itself refuses such a user's pull request and merge, whatever a page sends.
    const token = (await context.cookies(SITE)).find(
      (cookie) => cookie.name === 'keystatic-gh-access-token',
    )!.value;
    const refused = await fetch(
      `http://127.0.0.1:${STAND_IN_PORT}/api.github.com/repos/build-equity/site/pulls`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x', head: 'edit-reader', base: 'main' }),
      },
    );
    expect(refused.status).toBe(403);
  } finally {
    setting.standIn.readOnlySignIns = false;
  }
});

test('a host that reports to GitHub is followed to Live: a commit status (Netlify, Cloudflare Pages), a deployment (Vercel)', async ({
  page,
}) => {
  setting.standIn.rest.gate = GREEN;
  // Another host than our server: nothing answers the served commit, no webhook to the server.
  setting.standIn.removeWebhooks();
  await page.route(`${SITE}/api/keystatic/served`, (route) =>
    route.fulfill({ status: 404, body: 'Not Found' }),
  );
  const report = async (path: string, body: unknown) => {
    const token = setting.standIn.issueToken(true);
    const answer = await fetch(
      `http://127.0.0.1:${STAND_IN_PORT}/api.github.com/repos/build-equity/site${path}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    expect(answer.status).toBe(201);
    return (await answer.json()) as { id: number };
  };
  let host: 'netlify' | 'vercel' = 'netlify';
  setting.standIn.onPush((branch, sha) => {
    if (branch !== 'main') return;
    void (async () => {
      if (host === 'netlify') {
        const context = 'netlify/build-equity/deploy';
        await report(`/statuses/${sha}`, { state: 'pending', context, description: 'Building' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await report(`/statuses/${sha}`, {
          state: 'success',
          context,
          target_url: 'https://app.netlify.com/sites/build-equity/deploys/1',
        });
      } else {
        const { id } = await report('/deployments', {
          ref: 'main',
          sha,
          environment: 'Production',
          production_environment: true,
        });
        await report(`/deployments/${id}/statuses`, { state: 'in_progress' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await report(`/deployments/${id}/statuses`, {
          state: 'success',
          environment_url: 'https://build-equity.vercel.app',
        });
      }
    })();
  });
  for (const [name, each] of [
    ['netlify', 'netlify'],
    ['vercel', 'vercel'],
  ] as const) {
    host = each;
    draftWithPrice(`edit-${name}`, original + (name === 'netlify' ? 11 : 13));
    const form = `branch/edit-${name}/singleton/offer`;
    // Signed in with the owner's cookies on the first draft's form; the second is opened as it is.
    if (name === 'netlify') await signedInAt(page, form);
    else await page.goto(formAt(form));
    await panel(page).getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(status(page)).toContainText(`Live at ${ADDRESS}: published in`, { timeout: 240_000 });
    expect(offerAt('main').kit.price).toBe(original + (name === 'netlify' ? 11 : 13));
  }
});
