// @vitest-environment node
/** A malformed origin stops the build with a message naming the variable. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function build(env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), 'be-badbuild-'));
  const result = spawnSync(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir],
    {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  rmSync(outDir, { recursive: true, force: true });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('configuration errors', () => {
  it('names PUBLIC_APP_URL when it is not a URL', () => {
    const { status, output } = build({ PUBLIC_APP_URL: 'app.example.com' });
    expect(status).not.toBe(0);
    expect(output).toMatch(/PUBLIC_APP_URL/);
  }, 90_000);

  it('names PUBLIC_SITE_URL when it is not a URL', () => {
    const { status, output } = build({ PUBLIC_SITE_URL: 'buildequity' });
    expect(status).not.toBe(0);
    expect(output).toContain('PUBLIC_SITE_URL must be an absolute URL');
  }, 90_000);
});
