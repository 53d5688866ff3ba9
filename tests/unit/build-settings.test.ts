/**
 * The build's settings, read from the environment once (integrations/build-settings.ts): every bad
 * setting is refused with a message naming the variable, an empty variable counts as unset, and the
 * production-URL guard stops a production host's build on a placeholder and warns a local one.
 * (tests/unit/config-errors.test.ts proves on real builds that such an error stops `astro build`.)
 */
import type { AstroIntegrationLogger } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { productionUrlGuard } from '../../integrations/production-url-guard.ts';
import { buildSettings, type BuildEnv } from '../../integrations/build-settings.ts';
import { DEFAULT_SITE_URL } from '../../runtime/settings.ts';
import { VIDEO_FRAME_ORIGINS } from '../../src/config/videos.ts';

const REAL = { PUBLIC_SITE_URL: 'https://buildequity.com', PUBLIC_APP_URL: 'https://app.buildequity.com' };
const refused = (env: BuildEnv) => () => buildSettings(env);

describe('the build settings', () => {
  it('builds on the defaults: this machine’s origin, the video hosts, no analytics, a local-build warning', () => {
    const settings = buildSettings({});
    expect(settings.siteUrl).toBe(DEFAULT_SITE_URL);
    expect(settings.frameOrigins).toEqual(VIDEO_FRAME_ORIGINS);
    expect(settings.analytics).toBeNull();
    expect(settings.analyticsPolicy).toEqual({ script: [], connect: [] });
    expect(settings.productionUrls.level).toBe('warn');
  });

  it('counts an empty variable as unset', () => {
    expect(buildSettings({ PUBLIC_SITE_URL: '', PUBLIC_ANALYTICS_PROVIDER: '' })).toEqual(buildSettings({}));
  });

  it('names PUBLIC_SITE_URL and PUBLIC_NEWSLETTER_EMBED_URL when they are not absolute URLs', () => {
    expect(refused({ PUBLIC_SITE_URL: 'buildequity' })).toThrow(
      'PUBLIC_SITE_URL must be an absolute URL such as https://buildequity.com (got "buildequity").',
    );
    expect(refused({ PUBLIC_NEWSLETTER_EMBED_URL: 'newsletter/embed' })).toThrow(
      /^PUBLIC_NEWSLETTER_EMBED_URL must be an absolute URL/,
    );
  });

  it('lets frames come from the newsletter provider’s origin once it is configured', () => {
    const { frameOrigins } = buildSettings({
      PUBLIC_NEWSLETTER_EMBED_URL: 'https://letters.example.org/embed?x=1',
    });
    expect(frameOrigins).toEqual([...VIDEO_FRAME_ORIGINS, 'https://letters.example.org']);
  });

  it('names the analytics variable that is wrong', () => {
    expect(refused({ PUBLIC_ANALYTICS_PROVIDER: 'umami' })).toThrow(
      'PUBLIC_ANALYTICS_SITE_ID must be set to the website id Umami shows',
    );
    expect(
      refused({
        PUBLIC_ANALYTICS_PROVIDER: 'plausible',
        PUBLIC_ANALYTICS_HOST: 'https://stats.example.org/js/script.js',
      }),
    ).toThrow('PUBLIC_ANALYTICS_HOST must be an origin alone');
    expect(refused({ PUBLIC_ANALYTICS_PROVIDER: 'matomo' })).toThrow(
      'PUBLIC_ANALYTICS_PROVIDER must be none, plausible or umami (got "matomo").',
    );
    expect(refused({ PUBLIC_ANALYTICS_HOST: 'plausible.io' })).toThrow(
      `PUBLIC_ANALYTICS_HOST must be the provider's origin, such as https://plausible.io (got "plausible.io").`,
    );
    expect(refused({ PUBLIC_ANALYTICS_PROXY: 'yes' })).toThrow(
      'PUBLIC_ANALYTICS_PROXY must be true or false (got "yes").',
    );
  });

  it('refuses to forward events on Cloudflare Pages, which cannot', () => {
    const env = {
      CF_PAGES: '1',
      ...REAL,
      PUBLIC_ANALYTICS_PROVIDER: 'plausible',
      PUBLIC_ANALYTICS_PROXY: 'true',
    };
    expect(refused(env)).toThrow('PUBLIC_ANALYTICS_PROXY=true needs a host that forwards requests');
    expect(buildSettings({ ...env, CF_PAGES: '' }).analytics?.proxy).toBe(true);
  });

  it('lets the provider’s origin into the policy only when events go straight to it', () => {
    const straight = buildSettings({ PUBLIC_ANALYTICS_PROVIDER: 'umami', PUBLIC_ANALYTICS_SITE_ID: 'abc' });
    expect(straight.analyticsPolicy.script).toHaveLength(1);
    expect(straight.analyticsPolicy.connect).toEqual(straight.analyticsPolicy.script);
    const proxied = buildSettings({
      PUBLIC_ANALYTICS_PROVIDER: 'umami',
      PUBLIC_ANALYTICS_SITE_ID: 'abc',
      PUBLIC_ANALYTICS_PROXY: 'true',
    });
    expect(proxied.analyticsPolicy).toEqual({ script: [], connect: [] });
  });

  it('reads HSTS_PRELOAD as true or false, and names it otherwise', () => {
    expect(buildSettings({}).hstsPreload).toBe(false);
    expect(buildSettings({ HSTS_PRELOAD: 'true' }).hstsPreload).toBe(true);
    expect(refused({ HSTS_PRELOAD: 'yes' })).toThrow('HSTS_PRELOAD must be true or false (got "yes").');
  });
});

describe('the production-URL guard', () => {
  function runGuard(env: BuildEnv, command: 'build' | 'dev' = 'build') {
    const logger = { warn: vi.fn() } as unknown as AstroIntegrationLogger;
    const setup = productionUrlGuard(buildSettings(env).productionUrls).hooks['astro:config:setup']!;
    const run = () => setup({ command, logger } as unknown as Parameters<typeof setup>[0]);
    return { run, warn: logger.warn as ReturnType<typeof vi.fn> };
  }

  it('stops a production host’s build on the defaults, in one line naming both variables', () => {
    expect(runGuard({ CONTEXT: 'production' }).run).toThrow(
      'Production build (Netlify, CONTEXT=production) stopped: PUBLIC_SITE_URL is not set (so http://localhost:4321); PUBLIC_APP_URL is not set (so https://app.example.com). Set each to the real origin (README, Configuration).',
    );
  });

  it('stops an explicit SITE_ENV=production build whose app origin is an example.com host', () => {
    const { run } = runGuard({
      SITE_ENV: 'production',
      PUBLIC_SITE_URL: REAL.PUBLIC_SITE_URL,
      PUBLIC_APP_URL: 'https://app.example.com',
    });
    expect(run).toThrow(
      'Production build (SITE_ENV=production) stopped: PUBLIC_APP_URL is https://app.example.com, a placeholder host.',
    );
  });

  it('lets a production build with real origins through without a word, and warns a local one once', () => {
    const production = runGuard({ VERCEL_ENV: 'production', ...REAL });
    production.run();
    expect(production.warn).not.toHaveBeenCalled();
    const local = runGuard({});
    local.run();
    expect(local.warn).toHaveBeenCalledTimes(1);
    expect(local.warn.mock.calls[0]![0]).toMatch(
      /^Local build: PUBLIC_SITE_URL is not set .*PUBLIC_APP_URL is not set/,
    );
  });

  it('says nothing on the dev server', () => {
    const { run, warn } = runGuard({ CONTEXT: 'production' }, 'dev');
    expect(run).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });
});
