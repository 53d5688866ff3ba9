/**
 * Vercel, connected to the repository: the build writes `.vercel/output/` (Build Output API v3)
 * when it runs there (VERCEL=1), and for every path of this build that folder's routes give the
 * same status, file and headers as the Node server. The routes are read by the rules Vercel
 * applies (tests/support/vercel-routes.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { VercelRoute } from '../../deploy/host-configs.ts';
import { notFoundPage, redirects } from '../../deploy/rules.ts';
import { buildFacts } from '../../scripts/deploy-configs.ts';
import { resolveVercel } from '../support/vercel-routes.ts';
import { DIST } from './page-weight.ts';

/** The headers every host must agree on (the server adds its own validators and lengths). */
const COMPARED = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-resource-policy',
  'x-frame-options',
  'cache-control',
  'location',
];

let work: string;
let output: string;
let config: { version: number; routes: VercelRoute[] };
let files: Set<string>;
let node: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  // The build's own step, as Vercel runs it, in a copy: dist/ is left alone for the other tests.
  work = mkdtempSync(join(tmpdir(), 'be-vercel-'));
  cpSync(DIST, join(work, 'dist'), { recursive: true });
  mkdirSync(join(work, 'deploy'));
  execFileSync(process.execPath, [resolve('scripts/deploy-configs.ts'), join(work, 'dist')], {
    cwd: work,
    env: { ...process.env, VERCEL: '1' },
    stdio: 'pipe',
  });
  output = join(work, '.vercel/output');
  config = JSON.parse(readFileSync(join(output, 'config.json'), 'utf8')) as typeof config;
  files = new Set(
    readdirSync(join(output, 'static'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.slice(join(output, 'static').length)}/${entry.name}`),
  );
  node = await playwrightRequest.newContext({
    baseURL: baseURL!,
    extraHTTPHeaders: { 'x-forwarded-proto': 'https' },
  });
});

test.afterAll(async () => {
  await node?.dispose();
  rmSync(work, { recursive: true, force: true });
});

test('with VERCEL=1 the build writes .vercel/output: every file of the build, without the compressed copies or other hosts’ configs', async () => {
  const facts = await buildFacts(DIST);
  for (const path of [...facts.assets, ...facts.immutable, notFoundPage, '/index.html'])
    expect(files, path).toContain(path);
  for (const path of files) expect(path).not.toMatch(/\.(br|gz)$|^\/_headers$|^\/_redirects$/);
  expect(config.version).toBe(3);
});

test('without VERCEL it writes no .vercel folder', () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'be-novercel-'));
  try {
    cpSync(DIST, join(elsewhere, 'dist'), { recursive: true });
    mkdirSync(join(elsewhere, 'deploy'));
    const env = { ...process.env };
    delete env['VERCEL'];
    execFileSync(process.execPath, [resolve('scripts/deploy-configs.ts'), join(elsewhere, 'dist')], {
      cwd: elsewhere,
      env,
      stdio: 'pipe',
    });
    expect(existsSync(join(elsewhere, '.vercel'))).toBe(false);
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('every page, file, redirect and missing path: the same status, file and headers as the Node server', async () => {
  const facts = await buildFacts(DIST);
  const paths = [
    ...facts.pages,
    ...facts.assets,
    ...facts.immutable,
    ...redirects.flatMap((r) => [r.from, `${r.from}/`]),
    '/nope',
    '/community/nope',
    '/_astro/nope.js',
    '/favicon.svg/',
    notFoundPage,
  ];
  for (const path of paths) {
    const answer = resolveVercel(config, files, path);
    const response = await node.get(path, { maxRedirects: 0, failOnStatusCode: false });
    expect(answer.status, path).toBe(response.status());
    const fromNode = Object.fromEntries(
      COMPARED.filter((name) => response.headers()[name] !== undefined).map((name) => [
        name,
        response.headers()[name],
      ]),
    );
    expect(answer.headers, path).toEqual(fromNode);
    if (answer.served) {
      // The same bytes: a clean URL serves its page, a missing path the not-found page.
      expect((await response.body()).equals(readFileSync(join(output, 'static', answer.served))), path).toBe(
        true,
      );
    }
  }
});
