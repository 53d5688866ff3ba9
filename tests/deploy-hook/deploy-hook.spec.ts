/**
 * The deploy hook end to end, with real parts: a copy of the project cloned from a bare git
 * repository on disk (GitHub's part), served by `npm run serve` with DEPLOY_HOOK_SECRET set. A
 * change of the kit's price is pushed to the repository and announced by a signed push call, as
 * GitHub's webhook makes it; the server pulls, builds and swaps while autocannon keeps requesting
 * the page, and not one request fails. Then a broken change: its build fails, the log says why,
 * and the site keeps serving the last good build.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import autocannon from 'autocannon';
import { DEPLOY_HOOK_PATH, signatureOf } from '../../runtime/deploy-hook.ts';
import { copyProject, PROJECT_ROOT, type ProjectCopy } from '../../harness/project-copy.ts';
import { contentOf, formatUsd } from '../../harness/site-content.ts';

const PORT = Number(process.env['DEPLOY_HOOK_PORT'] ?? 4651);
const SITE = `http://127.0.0.1:${PORT}`;
const SECRET = 'deploy-hook-secret-of-the-test-0123';
/** What the test adds to the owner's kit price: a price that shows nowhere yet. */
const PRICE_STEP = 101;

let work: string;
let project: ProjectCopy;
let server: ChildProcess;
let log = '';

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync(
    'git',
    ['-c', 'user.name=owner', '-c', 'user.email=owner@example.org', '-c', 'init.defaultBranch=main', ...args],
    { cwd, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Pushes a change of offer.yaml from a clone of its own, as the hosted editor's publish does on GitHub. */
function pushOffer(change: (text: string) => string, message: string) {
  const clone = join(work, `clone-${Date.now()}`);
  git(work, 'clone', '-q', join(work, 'site.git'), clone);
  const file = join(clone, 'src/content/offer.yaml');
  writeFileSync(file, change(readFileSync(file, 'utf8')));
  git(clone, 'commit', '-qam', message);
  git(clone, 'push', '-q', 'origin', 'main');
}

/** The push call GitHub makes after a push to main, signed with the webhook's secret. */
function announcePush() {
  const body = JSON.stringify({ ref: 'refs/heads/main', after: 'f'.repeat(40) });
  return fetch(`${SITE}${DEPLOY_HOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': signatureOf(SECRET, body),
    },
    body,
  });
}

const page = async () => (await fetch(`${SITE}/`)).text();

test.describe.configure({ mode: 'serial' });
// A real build of the copy: seconds on a quiet 2-core machine, minutes on a busy one.
test.describe.configure({ timeout: 420_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  work = mkdtempSync(join(tmpdir(), 'be-deploy-hook-'));
  project = copyProject('deploy-hook');
  writeFileSync(join(project.root, '.gitignore'), 'node_modules\n.astro\ndist\ndist.next\ndist.previous\n');
  git(project.root, 'init', '-q');
  git(project.root, 'add', '-A');
  git(project.root, 'commit', '-qm', 'the site');
  git(work, 'init', '-q', '--bare', 'site.git');
  git(project.root, 'remote', 'add', 'origin', join(work, 'site.git'));
  git(project.root, 'push', '-q', '-u', 'origin', 'main');
  // The build the server starts with: the project's own, made from the same sources.
  cpSync(join(PROJECT_ROOT, 'dist'), join(project.root, 'dist'), { recursive: true });
  server = spawn(process.execPath, ['server/index.ts'], {
    cwd: project.root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DEPLOY_HOOK_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's log without its line per page request (tens of thousands under the load).
  const keep = (chunk: Buffer) =>
    (log += chunk
      .toString()
      .split('\n')
      .filter((line) => !line.includes('"msg":"GET '))
      .join('\n'));
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await expect
    .poll(async () => (await fetch(`${SITE}/`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`The server did not start:\n${log}`, { cause: error });
    });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  project?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a signed push is built and swapped in under load, with no request failed', async () => {
  const owners = contentOf(project.root).offer.kit.price;
  const price = owners + PRICE_STEP;
  expect(await page()).toContain(formatUsd(owners));
  pushOffer((text) => text.replace(/^(\s+price:) .*$/m, `$1 ${price}`), 'A new price');

  // Visitors keep coming during the pull, the build and the swap.
  let load!: autocannon.Instance;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    load = autocannon(
      { url: `${SITE}/`, connections: 10, duration: 400, headers: { 'accept-encoding': 'br' } },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  try {
    const answer = await announcePush();
    expect(answer.status).toBe(202);
    await expect
      .poll(async () => (await page()).includes(formatUsd(price)), { timeout: 360_000, intervals: [1000] })
      .toBe(true);
    // A few more seconds on the new build.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  } finally {
    load.stop();
  }
  const { requests, errors, timeouts, non2xx } = await result;
  expect(requests.total).toBeGreaterThan(100);
  expect({ errors, timeouts, non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
  expect(log).toMatch(/deploy 1: the new build is served/);
  // A restart serves it too: it took the served folder's name.
  expect(readFileSync(join(project.root, 'dist/index.html'), 'utf8')).toContain(formatUsd(price));
});

test('a broken push fails its build, says why, and the site keeps serving the last good build', async () => {
  const served = await page();
  pushOffer((text) => text.replace(/^(\s+price:) .*$/m, '$1 not-a-number'), 'A broken price');
  expect((await announcePush()).status).toBe(202);
  await expect
    .poll(() => log.includes('deploy 2 failed; the site as it was keeps being served'), { timeout: 300_000 })
    .toBe(true);
  expect(log).toMatch(/price/i);
  expect(await page()).toBe(served);
});
