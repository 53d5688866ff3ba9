/**
 * Vercel, connected to the repository: the build writes `.vercel/output/` (Build Output API v3)
 * when it runs there (VERCEL=1), with every file of the build, byte for byte. That its routes give
 * every path of a manifest the status, file and headers the manifest says is
 * tests/unit/deploy-parity.test.ts's (the same generator, read by the rules Vercel applies).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { VercelRoute } from '../../deploy/host-configs.ts';
import { allRoutes, routeManifest, type RouteManifest } from '../../deploy/routes.ts';
import { notFoundPage } from '../../runtime/rules.ts';
import { DIST } from './page-weight.ts';

let work: string;
let output: string;
let config: { version: number; routes: VercelRoute[] };
let files: Set<string>;
let manifest: RouteManifest;

test.beforeAll(async () => {
  manifest = await routeManifest(DIST);
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
});

test.afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

test('with VERCEL=1 the build writes .vercel/output: every file of the build, without the compressed copies or other hosts’ configs', async () => {
  for (const path of [...allRoutes(manifest).map((route) => route.file), notFoundPage])
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

test('every file the routes serve is the build’s file, byte for byte', () => {
  // Which file and headers each path gets from config.json's routes: tests/unit/deploy-parity.test.ts.
  for (const file of [...allRoutes(manifest).map((route) => route.file), notFoundPage])
    expect(readFileSync(join(output, 'static', file)).equals(readFileSync(join(DIST, file))), file).toBe(
      true,
    );
});
