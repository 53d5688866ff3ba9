/**
 * The owner's results in the hosted editor (GitHub mode) on the production server: a build with a
 * split test running, the server holding the analytics key, GitHub and Plausible as stand-ins
 * (harness/github-stand-in.ts over a git repository on disk; tests/support/analytics-api.ts answering
 * from one synthetic log). Signed in with write access, the owner reaches Results from the
 * editor's navigation, reads the variants' figures and promotes the winner: one commit on an
 * editor's branch, changing one line of the page's file and two of the split tests' (ended, and its day). A visitor
 * who is signed out, or signed in without write access, gets no figure from the server.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { askedTest, testParam, variantName } from '../../editor/api/results/verdict-words.ts';
import { runSampleExperiment, SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import type { AnalyticsApi } from '../support/analytics-api.ts';
import { sampleAnalyticsApi } from '../support/analytics-log.ts';
import { skipWhereMissing } from '../support/installed.ts';
import { startWrangler, wranglerMissing } from '../support/wrangler.ts';
import {
  browserToStandIn,
  editorEnv,
  NAME,
  OWNER,
  startGitHubSite,
  type GitHubSite,
} from '../../harness/github-site.ts';

// Two past the hosted editor spec's own ports (publish.spec.ts takes the one between).
const PORT = Number(process.env['HOSTED_EDITOR_PORT'] ?? 4632) + 2;
const STAND_IN_PORT = Number(process.env['GITHUB_STAND_IN_PORT'] ?? 4641) + 2;
const SITE = `http://127.0.0.1:${PORT}`;
const KEY = 'plausible-key-held-by-the-host-e0d1';
const EDITOR_ENV = editorEnv('Iv1.standin0000000002');
const challenger = SAMPLE_EXPERIMENT.variants[1]!;
const TEST_QUERY = `test=${encodeURIComponent(testParam(askedTest(SAMPLE_EXPERIMENT)))}`;

let setting: GitHubSite;
let analytics: AnalyticsApi;
const git = (...args: string[]) => setting.git(...args);

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ actionTimeout: 60_000, ...browserToStandIn(STAND_IN_PORT) });

test.beforeAll(async () => {
  test.setTimeout(400_000);
  analytics = await sampleAnalyticsApi(KEY);
  setting = await startGitHubSite({
    name: 'hosted-results',
    port: PORT,
    standInPort: STAND_IN_PORT,
    env: EDITOR_ENV,
    prepare: runSampleExperiment,
    // Hosts hand their variables to the build too: the key is set here as it would be, and reaches no file.
    buildEnv: { ANALYTICS_API_KEY: KEY },
    // The key is the server's alone: set where it runs, never in the build.
    serverEnv: {
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
      ANALYTICS_API_KEY: KEY,
      ANALYTICS_API_URL: analytics.origin,
    },
    logLevel: 'info',
  });
  const leaked = spawnSync('grep', ['-rl', KEY, join(setting.project.root, 'dist')], { encoding: 'utf8' });
  expect(leaked.stdout, 'files of the build holding the analytics key').toBe('');
});

test.afterAll(async () => {
  await setting?.stop();
  await analytics?.close();
  // The server logged every request (LOG_LEVEL=info) and never the key.
  if (setting) expect(setting.log()).not.toContain(KEY);
});

const results = (cookie?: string) =>
  fetch(`${SITE}/api/keystatic/results?days=28&${TEST_QUERY}`, {
    headers: cookie ? { cookie } : {},
  });

test('no figure for a visitor who is signed out, or signed in without write access', async () => {
  const signedOut = await results();
  expect(signedOut.status).toBe(401);
  expect(await signedOut.text()).not.toMatch(/visitors/);
  const reader = await results(`keystatic-gh-access-token=${setting.standIn.issueToken(false)}`);
  expect(reader.status).toBe(403);
  expect(await reader.json()).toEqual({ state: 'no-access', message: expect.any(String) });
});

test('the owner reads the figures in Results and promotes the winner: one commit, the page’s one line and the test ended on its day', async ({
  page,
}) => {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${SITE}/api/`))
      void response.text().then(
        (text) => answers.push(text),
        () => {},
      );
  });
  await page.goto(`${SITE}/keystatic`);
  await page.getByRole('button', { name: 'Log in with GitHub' }).click();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE}/keystatic`));

  await page.getByRole('list', { name: 'Results' }).getByRole('link', { name: 'Results' }).click();
  const view = page.locator('#singleton-form');
  await expect(view.getByRole('row', { name: new RegExp(`^${challenger.id}\\b`) })).toBeVisible({
    timeout: 60_000,
  });
  // The log's challenger sells better by a margin its days tell: the verdict names it by its words.
  await expect(
    view.getByText(`${variantName(SAMPLE_EXPERIMENT.variants, challenger.id)} sells better`, { exact: true }),
  ).toBeVisible();
  for (const answer of answers) expect(answer).not.toContain(KEY);

  const main = git('rev-parse', 'main');
  await view.getByRole('button', { name: `Promote ${challenger.id}` }).click();
  const done = view.getByRole('status').filter({ hasText: `Promoted ${challenger.id}` });
  await expect(done).toBeVisible({ timeout: 60_000 });
  const branch = `edit-promote-${SAMPLE_EXPERIMENT.id}-${challenger.id}`;
  await expect(done.getByRole('link', { name: 'open its pull request' })).toHaveAttribute(
    'href',
    `https://github.com/${OWNER}/${NAME}/pull/new/${branch}`,
  );
  // Main is untouched; the branch has one commit on it, of exactly these lines.
  expect(git('rev-parse', 'main')).toBe(main);
  expect(git('rev-list', '--count', `main..${branch}`)).toBe('1');
  // Two lines of the split tests' file: the test ended, and the day it ended.
  expect(git('diff', '--numstat', main, branch).split('\n').sort()).toEqual(
    ['2\t1\tsrc/content/experiments.yaml', '1\t1\tsrc/content/kit.yaml'].sort(),
  );
  const [field, words] = Object.entries(challenger.fields!)[0]!;
  const [section, key] = field.split('.') as [string, string];
  const kit = parse(git('show', `${branch}:src/content/kit.yaml`)) as Record<string, Record<string, string>>;
  expect(kit[section]![key]).toBe(words);
  const tests = parse(git('show', `${branch}:src/content/experiments.yaml`)) as {
    experiments: { running: boolean; ended?: string }[];
  };
  expect(tests.experiments[0]!.running).toBe(false);
  expect(tests.experiments[0]!.ended).toBe(new Date().toISOString().slice(0, 10));
});

test('Cloudflare Pages on its own runtime (wrangler, workerd): the generated worker keeps the figures to the owner', async () => {
  skipWhereMissing(wranglerMissing());
  const wrangler = await startWrangler(join(setting.project.root, 'dist'), {
    bindings: {
      ...EDITOR_ENV,
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
      ANALYTICS_API_KEY: KEY,
      ANALYTICS_API_URL: analytics.origin,
    },
  });
  try {
    const path = `/api/keystatic/results?days=28&${TEST_QUERY}`;
    const signedOut = await fetch(`${wrangler.origin}${path}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('cache-control')).toBe('no-store');
    expect(await signedOut.json()).toEqual({
      state: 'signed-out',
      message: expect.stringMatching(/Sign in/),
    });
    // A token GitHub cannot vouch for (the worker asks the real GitHub, unknown to it or out of reach):
    // still no figure, and never the key.
    const unknown = await fetch(`${wrangler.origin}${path}`, {
      headers: { cookie: 'keystatic-gh-access-token=ghu_not-a-real-token' },
    });
    expect([401, 503]).toContain(unknown.status);
    const text = await unknown.text();
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/visitors/);
  } finally {
    await wrangler.stop();
  }
});
