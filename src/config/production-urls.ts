/**
 * The production-URL guard, run by integrations/production-url-guard.ts before a build. A build on a host's production
 * context must not ship the local defaults: canonical URLs, the sitemap and JSON-LD on localhost,
 * buy links to app.example.com. There it stops with one line naming the variable; a local build
 * keeps the defaults and prints one warning line.
 */

/** This site's origin when PUBLIC_SITE_URL is not set: right for `npm start`, wrong anywhere else. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';
/** The sister platform's origin when PUBLIC_APP_URL is not set: a placeholder. */
export const DEFAULT_APP_URL = 'https://app.example.com';

type Env = Readonly<Record<string, string | undefined>>;

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
 * Branches the hosted editor creates start with this (src/editor/storage.ts): drafts are easy to
 * tell from other work, a host's branch previews and the repository's test workflow pick them by
 * it, a preview of one counts no visit (previewContext), and it holds no `/`, which hosts would
 * turn into `-` in a preview's address.
 */
export const EDITOR_BRANCH_PREFIX = 'edit-';

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

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return null; // A malformed URL is reported by its own check, with the variable's name.
  }
}

/** localhost, *.localhost, 127.x.x.x, ::1 and 0.0.0.0: an address only this machine reaches. */
export function isLocalHost(url: string): boolean {
  const host = hostOf(url);
  if (host === null) return false;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0'
  );
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
