/**
 * The hosted editor's variables: none is today's site (no editor anywhere), all five turn it on,
 * and any other set stops the build and the server with a message naming what is missing or wrong.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EDITOR_VARIABLES, editorHeaders, hostedEditorSettings, isEditorPath } from '../../runtime/editor.ts';
import { hsts } from '../../runtime/rules.ts';

const COMPLETE = {
  KEYSTATIC_GITHUB_REPO: 'build-equity/site',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret',
  KEYSTATIC_SECRET: 'x'.repeat(40),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'build-equity-editor',
};

describe('hostedEditorSettings', () => {
  it('is null without any of the variables (blank ones count as unset): the site as today', () => {
    expect(hostedEditorSettings({})).toBeNull();
    expect(hostedEditorSettings({ KEYSTATIC_GITHUB_REPO: '  ', PATH: '/usr/bin' })).toBeNull();
  });

  it('reads all five, and the optional preview address', () => {
    expect(
      hostedEditorSettings({ ...COMPLETE, KEYSTATIC_PREVIEW_URL: 'https://{branch}--site.netlify.app' }),
    ).toEqual({
      repo: 'build-equity/site',
      clientId: 'Iv1.0123456789',
      clientSecret: 'client-secret',
      secret: 'x'.repeat(40),
      appSlug: 'build-equity-editor',
      previewUrl: 'https://{branch}--site.netlify.app',
    });
  });

  it.each(EDITOR_VARIABLES)('a set without %s names it as missing', (name) => {
    const partial: Record<string, string> = { ...COMPLETE };
    delete partial[name];
    expect(() => hostedEditorSettings(partial)).toThrow(new RegExp(`missing ${name}\\b`));
  });

  it('names every missing variable at once', () => {
    expect(() => hostedEditorSettings({ KEYSTATIC_GITHUB_REPO: 'build-equity/site' })).toThrow(
      'missing KEYSTATIC_GITHUB_CLIENT_ID, KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET, PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
    );
  });

  it('refuses a repository that is not owner/name, a short secret and a preview address without {branch}', () => {
    expect(() =>
      hostedEditorSettings({ ...COMPLETE, KEYSTATIC_GITHUB_REPO: 'https://github.com/build-equity/site' }),
    ).toThrow(/KEYSTATIC_GITHUB_REPO must be owner\/name/);
    expect(() => hostedEditorSettings({ ...COMPLETE, KEYSTATIC_SECRET: 'short' })).toThrow(
      /KEYSTATIC_SECRET must be at least 32 characters/,
    );
    expect(() =>
      hostedEditorSettings({ ...COMPLETE, KEYSTATIC_PREVIEW_URL: 'https://site.netlify.app' }),
    ).toThrow(/KEYSTATIC_PREVIEW_URL must be an absolute address with \{branch\}/);
  });
});

describe('the editor’s answers', () => {
  it('carry the editor’s own policy, noindex, and no caching but for its hashed scripts', () => {
    const page = editorHeaders('/keystatic/branch/main', hsts(false), 'https');
    expect(page['Content-Security-Policy']).toContain("script-src 'self';");
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(page['X-Robots-Tag']).toBe('noindex, nofollow');
    expect(page['Cache-Control']).toBe('no-store');
    expect(page['Strict-Transport-Security']).toBe(hsts(false));
    expect(editorHeaders('/keystatic/assets/index-abc.js', hsts(false))['Cache-Control']).toContain(
      'immutable',
    );
  });

  it('are the editor’s paths only', () => {
    expect(['/keystatic', '/keystatic/branch/main', '/api/keystatic/github/login'].every(isEditorPath)).toBe(
      true,
    );
    expect(['/', '/community', '/keystatics', '/api/other'].some(isEditorPath)).toBe(false);
  });
});

describe('a partial set, where the owner meets it', () => {
  const partial = {
    KEYSTATIC_GITHUB_REPO: 'build-equity/site',
    KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789',
  };
  const run = (args: string[], env: Record<string, string>) => {
    const result = spawnSync(process.execPath, args, {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
      encoding: 'utf8',
      timeout: 90_000,
    });
    return { status: result.status, output: stripVTControlCharacters(`${result.stdout}${result.stderr}`) };
  };

  it('stops the build before it starts, naming the missing variables', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'be-editor-build-'));
    try {
      const { status, output } = run(
        ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir],
        partial,
      );
      expect(status).not.toBe(0);
      expect(output).toContain(
        'missing KEYSTATIC_GITHUB_CLIENT_SECRET, KEYSTATIC_SECRET, PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
      );
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('stops the server before it listens, naming them too', () => {
    const root = mkdtempSync(join(tmpdir(), 'be-editor-serve-'));
    try {
      writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
      const { status, output } = run(['server/index.ts'], { ...partial, SITE_ROOT: root, PORT: '0' });
      expect(status).toBe(1);
      expect(output).toContain('missing KEYSTATIC_GITHUB_CLIENT_SECRET');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 30_000);
});
