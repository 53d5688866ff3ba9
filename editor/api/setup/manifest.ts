/**
 * The editor's GitHub App as the setup page asks GitHub to create it (GitHub's App-manifest flow):
 * the site's own addresses, only the permissions the editor uses, no webhook, installable only by
 * the account that creates it.
 */

/** Where the setup lives on the site: its page, and the two returns from GitHub. */
export const SETUP_PAGE = '/keystatic/setup';
export const CREATED_PATH = `${SETUP_PAGE}/created`;
export const INSTALLED_PATH = `${SETUP_PAGE}/installed`;
/** Keystatic's own sign-in callback (runtime/editor.ts EDITOR_API_ROUTES): the app's one callback address. */
export const SIGN_IN_CALLBACK = '/api/keystatic/github/oauth/callback';

/**
 * What the editor does with each permission: write the owner's changes (contents) and open and
 * merge its pull requests, read the gate's checks, statuses and the host's deployments of a draft,
 * and read how `main` is protected (administration, read only).
 */
export const EDITOR_PERMISSIONS = {
  contents: 'write',
  pull_requests: 'write',
  checks: 'read',
  statuses: 'read',
  deployments: 'read',
  metadata: 'read',
  administration: 'read',
} as const;

export interface AppManifest {
  name: string;
  url: string;
  description: string;
  hook_attributes: { url: string; active: false };
  redirect_url: string;
  callback_urls: string[];
  setup_url: string;
  setup_on_update: boolean;
  request_oauth_on_install: false;
  public: false;
  default_permissions: typeof EDITOR_PERMISSIONS;
  default_events: [];
}

/** The app's name on GitHub: the site's host, so an owner with two sites tells their apps apart (34 characters at most, GitHub's limit). */
export function appName(origin: string): string {
  const host = new URL(origin).hostname.replace(/^www\./, '');
  return `${host.slice(0, 26)} editor`.replace(/[^\w. -]/g, '-');
}

/** The manifest for the site at `origin` (its scheme and host, as the owner's browser reached it). */
export function appManifest(origin: string): AppManifest {
  return {
    name: appName(origin),
    url: origin,
    description: "The site's editor: saves the owner's changes to this repository and publishes them.",
    // GitHub asks for an address even for a webhook that is off; none is sent.
    hook_attributes: { url: `${origin}${SETUP_PAGE}`, active: false },
    redirect_url: `${origin}${CREATED_PATH}`,
    callback_urls: [`${origin}${SIGN_IN_CALLBACK}`],
    setup_url: `${origin}${INSTALLED_PATH}`,
    setup_on_update: true,
    request_oauth_on_install: false,
    public: false,
    default_permissions: EDITOR_PERMISSIONS,
    default_events: [],
  };
}

/** GitHub's page that creates an app from a manifest: the owner's own account, or an organisation's. */
export function manifestFormAction(state: string, organisation?: string): string {
  const base = organisation
    ? `https://github.com/organizations/${encodeURIComponent(organisation)}/settings/apps/new`
    : 'https://github.com/settings/apps/new';
  return `${base}?state=${encodeURIComponent(state)}`;
}

/** GitHub's page that installs the app `slug`, carrying the setup's `state` back. */
export const installAddress = (slug: string, state: string): string =>
  `https://github.com/apps/${encodeURIComponent(slug)}/installations/new?state=${encodeURIComponent(state)}`;
