/** PUBLIC_ANALYTICS_*: what each setting sends where, what the policy allows, what our origin forwards. */
import { describe, expect, it } from 'vitest';
import {
  analyticsOrigins,
  analyticsSettings,
  collectorUrls,
  countsLocalPages,
  forwardedPaths,
} from '../../src/config/analytics.ts';

const siteUrl = 'https://buildequity.com';

describe('analyticsSettings', () => {
  it('is none by default: nothing leaves the browser, nothing joins the policy, nothing is forwarded', () => {
    for (const provider of [undefined, 'none'] as const) {
      const settings = analyticsSettings({ provider, siteUrl });
      expect(settings).toBeNull();
      expect(analyticsOrigins(settings)).toEqual({ script: [], connect: [] });
      expect(forwardedPaths(settings)).toEqual([]);
    }
  });

  it('Plausible: its cloud and this site’s domain unless told otherwise', () => {
    expect(analyticsSettings({ provider: 'plausible', siteUrl })).toEqual({
      provider: 'plausible',
      host: 'https://plausible.io',
      siteId: 'buildequity.com',
      proxy: false,
    });
    expect(
      analyticsSettings({
        provider: 'plausible',
        host: 'https://stats.example.org/',
        siteId: 'example.org',
        proxy: true,
        siteUrl,
      }),
    ).toEqual({
      provider: 'plausible',
      host: 'https://stats.example.org',
      siteId: 'example.org',
      proxy: true,
    });
  });

  it('Umami: its cloud by default, and the website id is required', () => {
    expect(analyticsSettings({ provider: 'umami', siteId: 'a1b2', siteUrl })).toMatchObject({
      host: 'https://cloud.umami.is',
      siteId: 'a1b2',
    });
    expect(() => analyticsSettings({ provider: 'umami', siteUrl })).toThrow(/PUBLIC_ANALYTICS_SITE_ID/);
  });

  it('stops on a host that is not an origin, naming the variable', () => {
    for (const host of [
      'plausible.io',
      'https://stats.example.org/plausible',
      'ftp://x.org',
      'https://x.org/?a=1',
    ])
      expect(() => analyticsSettings({ provider: 'plausible', host, siteUrl }), host).toThrow(
        /^PUBLIC_ANALYTICS_HOST must be/,
      );
  });
});

describe('where events go, and what the policy and our origin must allow', () => {
  const plausible = analyticsSettings({ provider: 'plausible', host: 'https://stats.example.org', siteUrl })!;
  const umami = analyticsSettings({
    provider: 'umami',
    host: 'https://u.example.org',
    siteId: 'id',
    siteUrl,
  })!;

  it('straight to the provider: its origin joins connect-src (and script-src for Umami’s script)', () => {
    expect(collectorUrls(plausible)).toEqual({ endpoint: 'https://stats.example.org/api/event' });
    expect(analyticsOrigins(plausible)).toEqual({ script: [], connect: ['https://stats.example.org'] });
    expect(collectorUrls(umami)).toEqual({
      endpoint: 'https://u.example.org/api/send',
      script: 'https://u.example.org/script.js',
      hostUrl: 'https://u.example.org',
    });
    expect(analyticsOrigins(umami)).toEqual({
      script: ['https://u.example.org'],
      connect: ['https://u.example.org'],
    });
    expect(forwardedPaths(plausible)).toEqual([]);
  });

  it('through our own origin (PUBLIC_ANALYTICS_PROXY=true): the policy stays self, our paths forward', () => {
    const viaUs = { ...plausible, proxy: true };
    expect(collectorUrls(viaUs)).toEqual({ endpoint: '/a/event' });
    expect(analyticsOrigins(viaUs)).toEqual({ script: [], connect: [] });
    expect(forwardedPaths(viaUs)).toEqual([
      { path: '/a/event', method: 'POST', upstream: 'https://stats.example.org/api/event' },
    ]);
    const umamiViaUs = { ...umami, proxy: true };
    expect(collectorUrls(umamiViaUs)).toMatchObject({ script: '/a/script.js', hostUrl: '/a' });
    expect(analyticsOrigins(umamiViaUs)).toEqual({ script: [], connect: [] });
    expect(forwardedPaths(umamiViaUs)).toEqual([
      { path: '/a/script.js', method: 'GET', upstream: 'https://u.example.org/script.js' },
      { path: '/a/api/send', method: 'POST', upstream: 'https://u.example.org/api/send' },
    ]);
  });

  it('counts pages served from this machine only when the provider runs here too', () => {
    expect(countsLocalPages(plausible)).toBe(false);
    expect(countsLocalPages({ ...plausible, host: 'http://127.0.0.1:8000' })).toBe(true);
  });
});
