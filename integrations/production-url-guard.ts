/**
 * The production-URL guard, on `astro build` only. A build on a host's production context must not
 * ship the local defaults: canonical URLs, the sitemap and JSON-LD on localhost, buy links to
 * app.example.com. There it stops with one line naming the variable (the build prints it); a local
 * build keeps the defaults and prints one warning line.
 */
import type { AstroIntegration } from 'astro';
import { DEFAULT_APP_URL, DEFAULT_SITE_URL, type Env } from '../runtime/settings.ts';
import { hostOf, isLocalHost } from '../src/config/analytics.ts';
import { EDITOR_BRANCH_PREFIX } from '../runtime/editor.ts';

/**
 * The variable that says this build is a production deploy, as `NAME=value`, or null for a
 * local build: Netlify's production context, Vercel's production environment, any Cloudflare
 * Pages build, or an explicit SITE_ENV=production.
 */
export function productionContext(env: Env): string | null {
  if (env['CONTEXT'] === 'production') return 'Netlify, CONTEXT=production';
  if (env['VERCEL_ENV'] === 'production') return 'Vercel, VERCEL_ENV=production';
  if (env['CF_PAGES'] && env['CF_PAGES'] !== '0') return `Cloudflare Pages, CF_PAGES=${env['CF_PAGES']}`;
  if (env['SITE_ENV'] === 'production') return 'SITE_ENV=production';
  return null;
}

/**
 * The variable that says this build is a host's preview (a pull request's, a branch's, a draft of
 * the hosted editor's), as `NAME=value`, or null: its visitors are the owner and the team, whom
 * the analytics must not count beside the real visitors. Netlify's deploy previews and branch
 * deploys, Vercel's preview and development environments, and on Cloudflare Pages (which says
 * only the branch) an editor's draft branch.
 */
export function previewContext(env: Env): string | null {
  const netlify = env['CONTEXT'];
  if (netlify === 'deploy-preview' || netlify === 'branch-deploy' || netlify === 'dev')
    return `Netlify, CONTEXT=${netlify}`;
  const vercel = env['VERCEL_ENV'];
  if (vercel === 'preview' || vercel === 'development') return `Vercel, VERCEL_ENV=${vercel}`;
  const branch = env['CF_PAGES_BRANCH'];
  if (env['CF_PAGES'] && branch?.startsWith(EDITOR_BRANCH_PREFIX))
    return `Cloudflare Pages, CF_PAGES_BRANCH=${branch}`;
  return null;
}

/** example.com, example.net, example.org and their subdomains: names reserved for documentation. */
export function isExampleHost(url: string): boolean {
  const host = hostOf(url);
  return host !== null && /(^|\.)example\.(com|net|org)$/.test(host);
}

/**
 * What is wrong with the two origins for a production deploy: one phrase per variable, empty when
 * both are real. `siteUrl` and `appUrl` are the raw values (undefined or '' when not set).
 */
export function placeholderUrls({ siteUrl, appUrl }: { siteUrl?: string; appUrl?: string }): string[] {
  const problems: string[] = [];
  if (!siteUrl) problems.push(`PUBLIC_SITE_URL is not set (so ${DEFAULT_SITE_URL})`);
  else if (isLocalHost(siteUrl)) problems.push(`PUBLIC_SITE_URL is ${siteUrl}, a local address`);
  if (!appUrl) problems.push(`PUBLIC_APP_URL is not set (so ${DEFAULT_APP_URL})`);
  else if (isExampleHost(appUrl)) problems.push(`PUBLIC_APP_URL is ${appUrl}, a placeholder host`);
  return problems;
}

export type UrlCheck =
  { level: 'ok' } | { level: 'error'; message: string } | { level: 'warn'; message: string };

/**
 * The verdict for a build: `error` on a production host with a placeholder origin (one line, naming
 * each variable), `warn` for a local build on the defaults (one line), `ok` otherwise.
 */
export function checkProductionUrls(env: Env, urls: { siteUrl?: string; appUrl?: string }): UrlCheck {
  const problems = placeholderUrls(urls);
  if (problems.length === 0) return { level: 'ok' };
  const context = productionContext(env);
  if (context) {
    return {
      level: 'error',
      message: `Production build (${context}) stopped: ${problems.join('; ')}. Set ${problems.length > 1 ? 'each' : 'it'} to the real origin (README, Configuration).`,
    };
  }
  return {
    level: 'warn',
    message: `Local build: ${problems.join('; ')}. Fine for npm start; a production build stops here.`,
  };
}

export function productionUrlGuard(check: UrlCheck): AstroIntegration {
  return {
    name: 'production-url-guard',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build') return;
        if (check.level === 'warn') logger.warn(check.message);
        if (check.level === 'error') throw new Error(check.message);
      },
    },
  };
}
