/**
 * Cloudflare Pages on its own runtime: `wrangler pages dev` (workerd, offline) serves the build
 * with its generated `_headers` and `_redirects`, and every route of the build's manifest answers
 * as `npm run check:deploy` expects, as from the Node server: `/` and `/community` (the canonical
 * URL, never redirected), `/community/`, the redirect with its query, a missing page. One wrangler
 * for all of it, on a free loopback port; the test is skipped, saying why, only where wrangler
 * cannot start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { routeManifest } from '../../deploy/routes.ts';
import { checkDeploy } from '../../scripts/check-deploy.ts';
import { DIST } from './page-weight.ts';

const BIN = resolve('node_modules/.bin');

/** The newest compatibility date the bundled workerd supports (`workerd --version`: "workerd 2026-04-26"). */
function compatibilityDate(): string | null {
  const run = spawnSync(join(BIN, 'workerd'), ['--version'], { encoding: 'utf8' });
  return /\d{4}-\d{2}-\d{2}/.exec(run.stdout ?? '')?.[0] ?? null;
}

let wrangler: ChildProcess | undefined;
let work: string | undefined;
let origin: string | null = null;
let whyNot = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const date = compatibilityDate();
  if (!date) {
    whyNot = 'wrangler cannot run here: no workerd binary in node_modules (npm install)';
    return;
  }
  // Its state folder (.wrangler/) goes to a temp folder, not the project.
  work = mkdtempSync(join(tmpdir(), 'be-wrangler-'));
  wrangler = spawn(
    join(BIN, 'wrangler'),
    [
      'pages',
      'dev',
      DIST,
      '--ip',
      '127.0.0.1',
      '--port',
      '0',
      '--inspector-port',
      '0',
      '--compatibility-date',
      date,
    ],
    {
      cwd: work,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  origin = await new Promise<string | null>((resolveOrigin) => {
    const timer = setTimeout(() => resolveOrigin(null), 60_000);
    const read = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolveOrigin(ready[1]!);
      }
    };
    wrangler!.stdout!.on('data', read);
    wrangler!.stderr!.on('data', read);
    wrangler!.on('exit', () => {
      clearTimeout(timer);
      resolveOrigin(null);
    });
  });
  if (!origin) whyNot = `wrangler pages dev did not start:\n${output.slice(-2000)}`;
});

test.afterAll(() => {
  wrangler?.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

test('wrangler pages dev answers every route of the manifest as the Node server does', async () => {
  test.skip(origin === null, whyNot);
  const lines: string[] = [];
  const failures = await checkDeploy(origin!, await routeManifest(DIST), {
    log: (line) => lines.push(line),
    // Cloudflare Pages sends the not-found page with its own Cache-Control (no-store).
    hostCachesNotFound: true,
  });
  expect(failures, lines.join('\n')).toBe(0);
});
