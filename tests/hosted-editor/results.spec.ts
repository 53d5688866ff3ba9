/**
 * The owner's results in the hosted editor (GitHub mode) on the production server: a build with a
 * split test running, the server holding the analytics key, GitHub and Plausible as stand-ins
 * (./github-stand-in.ts over a git repository on disk; tests/support/analytics-api.ts answering
 * from one synthetic log). Signed in with write access, the owner reaches Results from the
 * editor's navigation, reads the variants' figures and promotes the winner: one commit on an
 * editor's branch, changing one line of the page's file and one of the split tests'. A visitor
 * who is signed out, or signed in without write access, gets no figure from the server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { copyProject, PROJECT_ROOT, type ProjectCopy } from '../../scripts/lib/project-copy.ts';
import { runSampleExperiment, SAMPLE_EXPERIMENT } from '../../scripts/lib/sample-experiment.ts';
import { startAnalyticsApi, type AnalyticsApi } from '../support/analytics-api.ts';
import { syntheticLog } from '../support/analytics-log.ts';
import { startWrangler } from '../support/wrangler.ts';
import { GitHubStandIn } from './github-stand-in.ts';

// Two ports past the local editor's own (tests/editor/ uses it and the next).
const PORT = Number(process.env['EDITOR_PORT'] ?? 4331) + 2;
const STAND_IN_PORT = PORT + 1;
const SITE = `http://127.0.0.1:${PORT}`;
const STAND_IN = `http://127.0.0.1:${STAND_IN_PORT}`;
const OWNER = 'build-equity';
const NAME = 'site';
const KEY = 'plausible-key-held-by-the-host-e0d1';
const EDITOR_ENV = {
  KEYSTATIC_GITHUB_REPO: `${OWNER}/${NAME}`,
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.standin0000000002',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'stand-in-client-secret',
  KEYSTATIC_SECRET: 'a-secret-of-at-least-thirty-two-characters-for-the-test',
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'build-equity-site-editor',
};
const GITHUB_HOSTS = /^https:\/\/(github\.com|api\.github\.com|raw\.githubusercontent\.com)\//;
const challenger = SAMPLE_EXPERIMENT.variants[1]!;

let project: ProjectCopy;
let repository: string;
let standIn: GitHubStandIn;
let analytics: AnalyticsApi;
let server: ChildProcess;
let serverLog = '';

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr.slice(-3000)}`);
  return result.stdout;
}
const git = (...args: string[]) => run('git', args, repository).trim();

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ actionTimeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(400_000);
  project = copyProject('hosted-results');
  runSampleExperiment(project.root);
  writeFileSync(join(project.root, '.gitignore'), 'node_modules\n.astro\ndist\n');
  run('git', ['init', '-q', '-b', 'main'], project.root);
  run('git', ['add', '-A'], project.root);
  run(
    'git',
    ['-c', 'user.name=owner', '-c', 'user.email=owner@example.org', 'commit', '-qm', 'The site'],
    project.root,
  );
  repository = mkdtempSync(join(tmpdir(), 'be-github-results-'));
  run('git', ['clone', '-q', '--bare', project.root, repository], tmpdir());
  // Hosts hand their variables to the build too: the key is set here as it would be, and reaches no file.
  run('npm', ['run', 'build'], project.root, { ...EDITOR_ENV, ANALYTICS_API_KEY: KEY });
  const leaked = spawnSync('grep', ['-rl', KEY, join(project.root, 'dist')], { encoding: 'utf8' });
  expect(leaked.stdout, 'files of the build holding the analytics key').toBe('');
  standIn = new GitHubStandIn({
    repository,
    owner: OWNER,
    name: NAME,
    clientId: EDITOR_ENV.KEYSTATIC_GITHUB_CLIENT_ID,
    clientSecret: EDITOR_ENV.KEYSTATIC_GITHUB_CLIENT_SECRET,
  });
  await standIn.listen(STAND_IN_PORT);
  analytics = await startAnalyticsApi({
    key: KEY,
    siteId: 'buildequity.com',
    log: syntheticLog(new Date(), SAMPLE_EXPERIMENT),
  });
  server = spawn(
    process.execPath,
    ['--import', join(import.meta.dirname, 'github-hosts.ts'), 'server/index.ts'],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ...EDITOR_ENV,
        // The key is the server's alone: set where it runs, never in the build.
        PUBLIC_ANALYTICS_PROVIDER: 'plausible',
        PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
        ANALYTICS_API_KEY: KEY,
        ANALYTICS_API_URL: analytics.origin,
        SITE_ROOT: join(project.root, 'dist'),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        GITHUB_STAND_IN: STAND_IN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${SITE}/keystatic`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await standIn?.close();
  await analytics?.close();
  project?.remove();
  if (repository) rmSync(repository, { recursive: true, force: true });
  // The server logged every request (LOG_LEVEL=info) and never the key.
  expect(serverLog).not.toContain(KEY);
});

const results = (cookie?: string) =>
  fetch(`${SITE}/api/keystatic/results?days=28&test=${SAMPLE_EXPERIMENT.id}:control,${challenger.id}`, {
    headers: cookie ? { cookie } : {},
  });

test('no figure for a visitor who is signed out, or signed in without write access', async () => {
  const signedOut = await results();
  expect(signedOut.status).toBe(401);
  expect(await signedOut.text()).not.toMatch(/visitors/);
  const reader = await results(`keystatic-gh-access-token=${standIn.issueToken(false)}`);
  expect(reader.status).toBe(403);
  expect(await reader.json()).toEqual({ state: 'no-access', message: expect.any(String) });
});

test('the owner reads the figures in Results and promotes the winner: one commit, two changed lines', async ({
  context,
  page,
}) => {
  await context.route(GITHUB_HOSTS, async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `${STAND_IN}/${url.hostname}${url.pathname}${url.search}`,
      maxRedirects: 0,
    });
    await route.fulfill({ response });
  });
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
  await expect(view.getByText(`${challenger.id} converts better`)).toBeVisible();
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
  expect(git('diff', '--numstat', main, branch).split('\n').sort()).toEqual(
    ['1\t1\tsrc/content/experiments.yaml', '1\t1\tsrc/content/kit.yaml'].sort(),
  );
  const [field, words] = Object.entries(challenger.fields!)[0]!;
  const [section, key] = field.split('.') as [string, string];
  const kit = parse(git('show', `${branch}:src/content/kit.yaml`)) as Record<string, Record<string, string>>;
  expect(kit[section]![key]).toBe(words);
  const tests = parse(git('show', `${branch}:src/content/experiments.yaml`)) as {
    experiments: { running: boolean }[];
  };
  expect(tests.experiments[0]!.running).toBe(false);
});

test('Cloudflare Pages on its own runtime (wrangler, workerd): the generated worker keeps the figures to the owner', async () => {
  const wrangler = await startWrangler(join(project.root, 'dist'), {
    bindings: {
      ...EDITOR_ENV,
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
      ANALYTICS_API_KEY: KEY,
      ANALYTICS_API_URL: analytics.origin,
    },
  });
  try {
    test.skip(wrangler.origin === null, wrangler.whyNot);
    const path = `/api/keystatic/results?days=28&test=${SAMPLE_EXPERIMENT.id}:control,${challenger.id}`;
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
