// @vitest-environment node
/**
 * Configuration errors stop a real build with a message naming the variable; a production host
 * build refuses placeholder origins, a local one warns and builds on the defaults.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';

/** The variables the build reads, cleared so the developer's own shell or .env cannot tip a test. */
const CLEAN = {
  PUBLIC_SITE_URL: '',
  PUBLIC_APP_URL: '',
  CONTEXT: '',
  VERCEL_ENV: '',
  CF_PAGES: '',
  SITE_ENV: '',
  PUBLIC_ANALYTICS_PROVIDER: '',
  PUBLIC_ANALYTICS_HOST: '',
  PUBLIC_ANALYTICS_SITE_ID: '',
  PUBLIC_ANALYTICS_PROXY: '',
};

function build(env: Record<string, string>, read?: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'be-badbuild-'));
  const result = spawnSync(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir],
    {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...CLEAN, ...env },
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  const file = read && result.status === 0 ? readFileSync(join(outDir, read), 'utf8') : '';
  rmSync(outDir, { recursive: true, force: true });
  // Colours (CI terminals get them) would split the words the tests look for.
  return {
    status: result.status,
    output: stripVTControlCharacters(`${result.stdout}${result.stderr}`),
    file,
  };
}

const REAL = { PUBLIC_SITE_URL: 'https://buildequity.com', PUBLIC_APP_URL: 'https://app.buildequity.com' };

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

describe('analytics settings', () => {
  it('stops an Umami build without its website id, naming PUBLIC_ANALYTICS_SITE_ID', () => {
    const { status, output } = build({ PUBLIC_ANALYTICS_PROVIDER: 'umami' });
    expect(status).toBe(1);
    expect(output).toContain('PUBLIC_ANALYTICS_SITE_ID must be set to the website id Umami shows');
  }, 90_000);

  it('stops a build whose analytics host has a path, naming PUBLIC_ANALYTICS_HOST', () => {
    const { status, output } = build({
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_HOST: 'https://stats.example.org/js/script.js',
    });
    expect(status).toBe(1);
    expect(output).toContain('PUBLIC_ANALYTICS_HOST must be an origin alone');
  }, 90_000);

  it('stops a Cloudflare Pages build asked to forward events, which Pages cannot', () => {
    const { status, output } = build({
      CF_PAGES: '1',
      ...REAL,
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_PROXY: 'true',
    });
    expect(status).toBe(1);
    expect(output).toContain('PUBLIC_ANALYTICS_PROXY=true needs a host that forwards requests');
  }, 90_000);
});

describe('the production-URL guard', () => {
  it('stops a Netlify production build on the defaults with one line naming both variables', () => {
    const { status, output } = build({ CONTEXT: 'production' });
    expect(status).toBe(1);
    const lines = output.split('\n').filter((line) => line.includes('PUBLIC_'));
    expect(lines).toEqual([
      'Production build (Netlify, CONTEXT=production) stopped: PUBLIC_SITE_URL is not set (so http://localhost:4321); PUBLIC_APP_URL is not set (so https://app.example.com). Set each to the real origin (README, Configuration).',
    ]);
  }, 90_000);

  it('stops an explicit SITE_ENV=production build whose app origin is an example.com host', () => {
    const { status, output } = build({
      SITE_ENV: 'production',
      PUBLIC_SITE_URL: REAL.PUBLIC_SITE_URL,
      PUBLIC_APP_URL: 'https://app.example.com',
    });
    expect(status).toBe(1);
    expect(output).toContain(
      'Production build (SITE_ENV=production) stopped: PUBLIC_APP_URL is https://app.example.com, a placeholder host.',
    );
    expect(output).not.toContain('PUBLIC_SITE_URL is');
  }, 90_000);

  it('lets a production build with real origins through, without a warning', () => {
    const { status, output, file } = build({ VERCEL_ENV: 'production', ...REAL }, 'index.html');
    expect(status, output).toBe(0);
    expect(output).not.toContain('production-url-guard');
    expect(file).toContain('<link rel="canonical" href="https://buildequity.com/">');
    expect(file).toContain('https://app.buildequity.com/auth?');
  }, 90_000);

  it('builds a local build on the defaults, with one warning line', () => {
    const { status, output, file } = build({}, 'index.html');
    expect(status, output).toBe(0);
    expect(output.split('\n').filter((line) => line.includes('production-url-guard'))).toEqual([
      expect.stringMatching(
        /\[WARN\] \[production-url-guard\] Local build: PUBLIC_SITE_URL is not set .*PUBLIC_APP_URL is not set/,
      ),
    ]);
    expect(file).toContain('<link rel="canonical" href="http://localhost:4321/">');
    expect(file).toContain('https://app.example.com/auth?');
  }, 90_000);
});
