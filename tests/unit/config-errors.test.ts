/**
 * Configuration errors stop a real `astro build` with a message naming the variable. (What each
 * setting accepts is tests/unit/build-settings.test.ts; a production build on real origins is the
 * production-like build of tests/http/production-like.spec.ts.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
// The variables the build reads, cleared so the developer's own shell or .env cannot tip a test.
import { CLEAN_ENV } from '../../harness/production-like.ts';

function build(env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), 'be-badbuild-'));
  const result = spawnSync(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir],
    {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...CLEAN_ENV, ...env },
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  rmSync(outDir, { recursive: true, force: true });
  // Colours (CI terminals get them) would split the words the tests look for.
  return {
    status: result.status,
    output: stripVTControlCharacters(`${result.stdout}${result.stderr}`),
  };
}

describe('a bad setting stops a real build, naming the variable', () => {
  // Every setting's own check is tests/unit/build-settings.test.ts; these two prove the build
  // reads them: one from the config itself, one from an integration's hook.
  it('names PUBLIC_SITE_URL when it is not a URL', () => {
    const { status, output } = build({ PUBLIC_SITE_URL: 'buildequity' });
    expect(status).not.toBe(0);
    expect(output).toContain('PUBLIC_SITE_URL must be an absolute URL');
  }, 90_000);

  it('stops a Netlify production build on the defaults with one line naming both variables', () => {
    const { status, output } = build({ CONTEXT: 'production' });
    expect(status).toBe(1);
    const lines = output.split('\n').filter((line) => line.includes('PUBLIC_'));
    expect(lines).toEqual([
      'Production build (Netlify, CONTEXT=production) stopped: PUBLIC_SITE_URL is not set (so http://localhost:4321); PUBLIC_APP_URL is not set (so https://app.example.com). Set each to the real origin (README, Configuration).',
    ]);
  }, 90_000);
});
