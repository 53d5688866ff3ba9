/** The production-URL guard: a host's production build refuses placeholder origins; a local build only warns. */
import { describe, expect, it } from 'vitest';
import {
  checkProductionUrls,
  isExampleHost,
  productionContext,
} from '../../integrations/production-url-guard.ts';
import { isLocalHost } from '../../src/config/analytics.ts';

const REAL = { siteUrl: 'https://buildequity.com', appUrl: 'https://app.buildequity.com' };

describe('productionContext', () => {
  it.each([
    [{ CONTEXT: 'production' }, 'Netlify, CONTEXT=production'],
    [{ VERCEL_ENV: 'production' }, 'Vercel, VERCEL_ENV=production'],
    [{ CF_PAGES: '1' }, 'Cloudflare Pages, CF_PAGES=1'],
    [{ SITE_ENV: 'production' }, 'SITE_ENV=production'],
  ])('%o is a production build', (env, name) => {
    expect(productionContext(env)).toBe(name);
  });

  it.each([
    {},
    { CONTEXT: 'deploy-preview' },
    { CONTEXT: 'branch-deploy' },
    { VERCEL_ENV: 'preview' },
    { CF_PAGES: '' },
    { CF_PAGES: '0' },
    { SITE_ENV: 'staging' },
    { NODE_ENV: 'production' },
  ])('%o is not', (env) => {
    expect(productionContext(env)).toBeNull();
  });
});

describe('placeholder hosts', () => {
  it.each([
    'http://localhost:4321',
    'http://LOCALHOST',
    'http://site.localhost:8080',
    'http://127.0.0.1:4321',
    'http://[::1]:4321',
    'http://0.0.0.0',
  ])('%s is local', (url) => expect(isLocalHost(url)).toBe(true));
  it.each(['https://buildequity.com', 'https://localhost.buildequity.com', 'not a url'])(
    '%s is not local',
    (url) => expect(isLocalHost(url)).toBe(false),
  );
  it.each(['https://app.example.com', 'https://example.com', 'https://EXAMPLE.org/x'])(
    '%s is a placeholder',
    (url) => expect(isExampleHost(url)).toBe(true),
  );
  it.each(['https://app.buildequity.com', 'https://myexample.com', 'https://example.com.evil.io'])(
    '%s is not',
    (url) => expect(isExampleHost(url)).toBe(false),
  );
});

describe('checkProductionUrls', () => {
  const netlify = { CONTEXT: 'production' };

  it('passes a production build with both origins set', () => {
    expect(checkProductionUrls(netlify, REAL)).toEqual({ level: 'ok' });
    expect(checkProductionUrls({}, REAL)).toEqual({ level: 'ok' });
  });

  it('stops a production build without PUBLIC_SITE_URL, in one line naming it', () => {
    const check = checkProductionUrls(netlify, { appUrl: REAL.appUrl });
    expect(check.level).toBe('error');
    const { message } = check as { message: string };
    expect(message).not.toContain('\n');
    expect(message).toContain('CONTEXT=production');
    expect(message).toContain('PUBLIC_SITE_URL is not set');
    expect(message).not.toContain('PUBLIC_APP_URL');
  });

  it('stops a production build whose PUBLIC_SITE_URL is localhost', () => {
    const check = checkProductionUrls(
      { VERCEL_ENV: 'production' },
      { ...REAL, siteUrl: 'http://localhost:4321' },
    );
    expect(check).toMatchObject({
      level: 'error',
      message: expect.stringContaining('PUBLIC_SITE_URL is http://localhost:4321'),
    });
  });

  it('stops a production build without PUBLIC_APP_URL or with an example.com host', () => {
    for (const appUrl of [undefined, '', 'https://app.example.com']) {
      const check = checkProductionUrls({ CF_PAGES: '1' }, { ...REAL, appUrl });
      expect(check).toMatchObject({ level: 'error', message: expect.stringMatching(/PUBLIC_APP_URL is/) });
      expect((check as { message: string }).message).not.toContain('PUBLIC_SITE_URL');
    }
  });

  it('names both variables, still in one line, when both are placeholders', () => {
    const check = checkProductionUrls({ SITE_ENV: 'production' }, {});
    expect(check.level).toBe('error');
    const { message } = check as { message: string };
    expect(message).toMatch(/PUBLIC_SITE_URL.*PUBLIC_APP_URL/);
    expect(message).not.toContain('\n');
  });

  it('only warns, in one line, for a local build on the defaults', () => {
    const check = checkProductionUrls({}, {});
    expect(check.level).toBe('warn');
    const { message } = check as { message: string };
    expect(message).toMatch(/^Local build: PUBLIC_SITE_URL is not set.*PUBLIC_APP_URL is not set/);
    expect(message).not.toContain('\n');
    // A preview deploy is not production: it warns too.
    expect(checkProductionUrls({ CONTEXT: 'deploy-preview' }, {}).level).toBe('warn');
  });
});
