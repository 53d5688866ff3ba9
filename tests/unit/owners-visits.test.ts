/**
 * The owner's own visits are never counted with the real visitors': the dev server (`npm run dev`)
 * bundles no analytics provider, nor does a host's preview (a pull request's, a branch's, an
 * editor's draft), and a page drawn inside a frame (the editor's live preview) or under /keystatic
 * sends nothing. (`npm run edit` builds no page: it serves the editor's app and its live preview,
 * which hold no analytics.) tests/editor/results.spec.ts proves both against the analytics stand-in.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedConfig } from 'vite';
import { analyticsProviderModule } from '../../integrations/analytics.ts';
import { buildSettings } from '../../integrations/build-settings.ts';
import { ownersView } from '../../src/lib/analytics.ts';
import { previewContext } from '../../integrations/production-url-guard.ts';
import { EDITOR_BRANCH_PREFIX } from '../../runtime/editor.ts';

const PLAUSIBLE = {
  PUBLIC_ANALYTICS_PROVIDER: 'plausible',
  PUBLIC_SITE_URL: 'https://buildequity.com',
  PUBLIC_APP_URL: 'https://app.buildequity.com',
};

/** What `import { connectAdapter } from 'virtual:analytics-provider'` gives under `command`. */
function providerModule(command: 'serve' | 'build'): string {
  const settings = buildSettings(PLAUSIBLE).analytics;
  const plugin = analyticsProviderModule(settings);
  (plugin.configResolved as (config: Pick<ResolvedConfig, 'command'>) => void)({ command });
  const id = (plugin.resolveId as (source: string) => string)('virtual:analytics-provider');
  return (plugin.load as (id: string) => string)(id);
}

describe('the analytics provider in the page’s script', () => {
  it('is bundled into a build, and left out of the dev server’s pages', () => {
    expect(providerModule('build')).toMatch(
      /export \{ connect as connectAdapter \} from ".*analytics-plausible\.ts"/,
    );
    expect(providerModule('serve')).toBe('export const connectAdapter = undefined;');
  });
});

describe('a build whose visitors are the owner and the team', () => {
  it.each([
    [{ CONTEXT: 'deploy-preview' }, 'Netlify, CONTEXT=deploy-preview'],
    [{ CONTEXT: 'branch-deploy' }, 'Netlify, CONTEXT=branch-deploy'],
    [{ VERCEL_ENV: 'preview' }, 'Vercel, VERCEL_ENV=preview'],
    [
      { CF_PAGES: '1', CF_PAGES_BRANCH: `${EDITOR_BRANCH_PREFIX}new-price` },
      `Cloudflare Pages, CF_PAGES_BRANCH=${EDITOR_BRANCH_PREFIX}new-price`,
    ],
  ])('%o has no analytics: no provider, no policy for it, and the build says why', (env, why) => {
    const settings = buildSettings({ ...PLAUSIBLE, ...env });
    expect(settings.analytics).toBeNull();
    expect(settings.analyticsPolicy).toEqual({ script: [], connect: [] });
    expect(settings.uncounted).toBe(why);
  });

  it.each([
    {},
    { CONTEXT: 'production' },
    { VERCEL_ENV: 'production' },
    { CF_PAGES: '1', CF_PAGES_BRANCH: 'main' },
    { SITE_ENV: 'production' },
  ])('%o counts its visitors', (env) => {
    expect(previewContext(env)).toBeNull();
    const settings = buildSettings({ ...PLAUSIBLE, ...env });
    expect(settings.analytics).toMatchObject({ provider: 'plausible', siteId: 'buildequity.com' });
    expect(settings.uncounted).toBeNull();
  });
});

describe('a page the owner sees in the editor', () => {
  const page = (pathname: string, framed = false) => {
    const self = {};
    return { self, top: framed ? {} : self, location: { pathname } };
  };

  it('sends nothing from inside a frame (the live preview) or from the editor’s own pages', () => {
    expect(ownersView(page('/', true))).toBe(true);
    expect(ownersView(page('/podcast', true))).toBe(true);
    expect(ownersView(page('/keystatic'))).toBe(true);
    expect(ownersView(page('/keystatic/preview'))).toBe(true);
  });

  it('counts a visitor’s own tab on any page of the site', () => {
    for (const path of ['/', '/community', '/podcast', '/keystatics-guide'])
      expect(ownersView(page(path))).toBe(false);
  });
});
