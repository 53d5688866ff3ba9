/**
 * The sign-up / purchase link and the carry-over of campaign (UTM) parameters.
 * Framework-free: used at build time to render every buy link, and in the
 * browser to add the visitor's UTM parameters to those links for the visit.
 */

export const AUTH_PARAMS = {
  flow: 'express',
  from: 'build_equity',
  intent: 'purchase',
} as const;

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

/** Attribute that marks a link as an auth link, so UTM parameters can be added to it. */
export const AUTH_LINK_ATTR = 'data-auth-link';
const STORAGE_KEY = 'be:utm';
const MAX_UTM_LENGTH = 200;

/** `${appUrl}/auth?flow=express&from=build_equity&intent=purchase`, plus any UTM parameters. */
export function buildAuthUrl(appUrl: string, utm: Utm = {}): string {
  const url = new URL('/auth', appUrl.endsWith('/') ? appUrl : `${appUrl}/`);
  for (const [key, value] of Object.entries(AUTH_PARAMS)) url.searchParams.set(key, value);
  for (const key of UTM_KEYS) {
    const value = utm[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** The UTM parameters in a query string; empty, overlong or unknown ones are dropped. */
export function readUtm(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value && value.length <= MAX_UTM_LENGTH) utm[key] = value;
  }
  return utm;
}

/** Adds UTM parameters to an existing auth URL, keeping its own parameters. */
export function withUtm(href: string, utm: Utm): string {
  const url = new URL(href);
  for (const key of UTM_KEYS) {
    const value = utm[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * Remembers the landing URL's UTM parameters for the rest of the visit (sessionStorage)
 * and returns the ones in force: a new campaign replaces the remembered one.
 */
export function rememberUtm(search: string, storage: Storage | undefined): Utm {
  const fresh = readUtm(search);
  if (Object.keys(fresh).length > 0) {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(fresh));
    } catch {
      // Storage can be full or blocked; the links of this page still carry the parameters.
    }
    return fresh;
  }
  try {
    const saved = storage?.getItem(STORAGE_KEY);
    if (!saved) return {};
    const parsed: unknown = JSON.parse(saved);
    if (!parsed || typeof parsed !== 'object') return {};
    return readUtm(new URLSearchParams(parsed as Record<string, string>).toString());
  } catch {
    return {};
  }
}

/** Rewrites every auth link under `root` to carry the UTM parameters. */
export function applyUtm(root: ParentNode, utm: Utm): number {
  if (Object.keys(utm).length === 0) return 0;
  let count = 0;
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`a[${AUTH_LINK_ATTR}]`)) {
    try {
      link.href = withUtm(link.href, utm);
      count += 1;
    } catch {
      // A link whose href is not a URL is left as it is.
    }
  }
  return count;
}
