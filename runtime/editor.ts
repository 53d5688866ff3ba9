/**
 * The hosted editor (Keystatic in GitHub mode): which environment variables turn it on, where it
 * lives (its page under /keystatic, its API under /api/keystatic/), and the headers its answers
 * carry. Without the variables there is no editor in the build and no route for it anywhere: the
 * owner edits with `npm run edit` on their own computer, as before.
 */
import { cacheControl, securityHeaders, type Transport } from './rules.ts';
import { readSettings, type Env, type SettingName } from './settings.ts';

/** The variables the hosted editor needs, at build and at run; all or none (runtime/settings.ts). */
export const EDITOR_VARIABLES = [
  'KEYSTATIC_GITHUB_REPO',
  'KEYSTATIC_GITHUB_CLIENT_ID',
  'KEYSTATIC_GITHUB_CLIENT_SECRET',
  'KEYSTATIC_SECRET',
  'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
] as const satisfies readonly SettingName[];

/** Optional: the address of a branch's preview, with `{branch}` where the branch name goes. */
export const PREVIEW_URL_VARIABLE = 'KEYSTATIC_PREVIEW_URL';

/** Every variable of the hosted editor, as its settings are read. */
export const EDITOR_SETTINGS = [...EDITOR_VARIABLES, PREVIEW_URL_VARIABLE] as const;

export interface HostedEditorSettings {
  /** `owner/name` of the GitHub repository the editor commits to. */
  repo: string;
  clientId: string;
  clientSecret: string;
  /** Keystatic encrypts the refresh token with it; it asks for 32 characters at least. */
  secret: string;
  appSlug: string;
  /** A branch's preview address, `{branch}` in it, or undefined: the editor then shows no preview link. */
  previewUrl: string | undefined;
}

/** The editor's page (the app routes itself below it) and its API. */
export const EDITOR_PAGE = '/keystatic';
/**
 * The live preview: the page the owner is editing, drawn in the browser from the unsaved form
 * beside it (editor/preview/). Its own document under the editor's address, framed by the
 * editor's page only.
 */
export const PREVIEW_PAGE = `${EDITOR_PAGE}/preview`;
export const EDITOR_API = '/api/keystatic/';
/** Where the build puts the editor's app, as a folder of the build's root. */
export const EDITOR_FOLDER = 'keystatic';

/**
 * Branches the hosted editor creates start with this: drafts are easy to tell from other work, a
 * host's branch previews and the repository's test workflow pick them by it (and the build's
 * production guard, integrations/production-url-guard.ts), and it holds no `/`, which hosts would
 * turn into `-` in a preview's address.
 */
export const EDITOR_BRANCH_PREFIX = 'edit-';

/**
 * The hosted editor's settings from `env` (the environment, or the settings already read from it),
 * or null when none of its variables is set. A partial or malformed set throws, naming each missing
 * or wrong variable: a build or a server that half had an editor would fail later, in front of the
 * owner.
 */
export function hostedEditorSettings(env: Env): HostedEditorSettings | null {
  const values = readSettings(env, EDITOR_SETTINGS);
  const present = EDITOR_VARIABLES.filter((name) => values[name]);
  if (present.length === 0) return null;
  const problems: string[] = [];
  const missing = EDITOR_VARIABLES.filter((name) => !values[name]);
  if (missing.length > 0)
    problems.push(`missing ${missing.join(', ')} (set: ${present.join(', ')}; the editor needs all five)`);
  const { KEYSTATIC_GITHUB_REPO: repo, KEYSTATIC_SECRET: secret, KEYSTATIC_PREVIEW_URL: previewUrl } = values;
  if (repo && !/^[\w.-]+\/[\w.-]+$/.test(repo))
    problems.push(`KEYSTATIC_GITHUB_REPO must be owner/name, as in github.com/owner/name (got "${repo}")`);
  if (secret && secret.length < 32)
    problems.push(`KEYSTATIC_SECRET must be at least 32 characters long (got ${secret.length})`);
  if (previewUrl && (!previewUrl.includes('{branch}') || !/^https?:\/\//.test(previewUrl)))
    problems.push(
      `${PREVIEW_URL_VARIABLE} must be an absolute address with {branch} in it, such as https://{branch}--my-site.netlify.app (got "${previewUrl}")`,
    );
  if (problems.length > 0)
    throw new Error(`The hosted editor (Keystatic, GitHub mode): ${problems.join('; ')}.`);
  return {
    repo: repo!,
    clientId: values.KEYSTATIC_GITHUB_CLIENT_ID!,
    clientSecret: values.KEYSTATIC_GITHUB_CLIENT_SECRET!,
    secret: secret!,
    appSlug: values.PUBLIC_KEYSTATIC_GITHUB_APP_SLUG!,
    previewUrl,
  };
}

/**
 * The editor's own policy. Its app is one script file of our origin; it talks to GitHub's API
 * (api.github.com; raw.githubusercontent.com for a public repository's files) and shows avatars
 * from GitHub. Its component library writes styles at run time, so styles may be inline there,
 * and only there: visitors' pages keep their hash-only policy. No frame may hold the editor.
 */
export const EDITOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.github.com https://raw.githubusercontent.com",
  // The live preview, beside the form.
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // Signing in leaves for GitHub's authorize page by a link, never a form; the editor posts nothing itself.
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The live preview's policy: its script and the site's styles and fonts from our origin, the
 * owner's saved files from GitHub's API (GitHub mode), pictures from our origin or, for a picture
 * chosen but not saved, from the page's own memory (blob:). No frame of its own (a video stays a
 * poster: nothing is asked of another site), nothing sent anywhere else, and only the editor's
 * page may frame it.
 */
export const PREVIEW_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.github.com",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Search engines keep the editor out of their index, whatever links to it. */
export const NOINDEX = 'noindex, nofollow';

export const isEditorPath = (path: string): boolean =>
  path === EDITOR_PAGE || path.startsWith(`${EDITOR_PAGE}/`) || path.startsWith(EDITOR_API);

/**
 * Every header an answer of the editor carries: the site's security headers (with the build's
 * `hsts`) under the editor's policy, noindex, and caching (its hashed scripts for a year, anything
 * else never stored).
 */
export function editorHeaders(
  path: string,
  hsts: string,
  transport: Transport = 'https',
): Record<string, string> {
  const hashed = path.startsWith(`${EDITOR_PAGE}/assets/`);
  const policy = path === PREVIEW_PAGE ? PREVIEW_CSP : EDITOR_CSP;
  return {
    ...securityHeaders({ csp: `${policy}; upgrade-insecure-requests`, hsts }, transport),
    'X-Robots-Tag': NOINDEX,
    'Cache-Control': hashed ? cacheControl.immutable : 'no-store',
  };
}

/** One path of the editor's API and the one method it answers (Keystatic's GitHub-mode routes). */
export interface EditorApiRoute {
  path: string;
  method: 'GET' | 'POST';
}

/**
 * Every path and method the editor's API answers; anything else under /api/keystatic/ gets 404 (or
 * 405 for another method on these paths). Keystatic's local-mode routes (tree, blob, update) are
 * not among them: the hosted editor reads and writes through GitHub, never through this server.
 */
export const EDITOR_API_ROUTES: readonly EditorApiRoute[] = [
  { path: `${EDITOR_API}github/login`, method: 'GET' },
  { path: `${EDITOR_API}github/oauth/callback`, method: 'GET' },
  { path: `${EDITOR_API}github/refresh-token`, method: 'POST' },
  { path: `${EDITOR_API}github/repo-not-found`, method: 'GET' },
  { path: `${EDITOR_API}github/logout`, method: 'GET' },
  // The owner's results view: figures from the analytics provider (editor/api/results/).
  { path: `${EDITOR_API}results`, method: 'GET' },
];

/**
 * The editor's credentials as its setup page commits them (editor/api/setup/credentials.ts): this
 * file at the repository's root, its repository and app slug in clear, the rest sealed with the
 * setup code. The build reads only the clear part.
 */
export const CREDENTIALS_FILE = 'editor-credentials.json';

export interface CredentialsFile {
  about: string;
  repo: string;
  appSlug: string;
  sealed: string;
}

/** The file's text read: its clear part, or null when it is not one. */
export function readCredentialsFile(text: string): CredentialsFile | null {
  try {
    const file = JSON.parse(text) as Partial<CredentialsFile>;
    const { about = '', repo, appSlug, sealed } = file;
    if (typeof repo !== 'string' || typeof appSlug !== 'string' || typeof sealed !== 'string') return null;
    return { about, repo, appSlug, sealed };
  } catch {
    return null;
  }
}

/** What the build puts into the editor's app. */
export type BuiltEditor = Pick<HostedEditorSettings, 'repo' | 'appSlug' | 'previewUrl'>;

/** The editor the build makes: from the variables, else from the committed credentials' clear part; null for none. */
export function builtEditor(env: Env, credentials: string | undefined): BuiltEditor | null {
  const variables = hostedEditorSettings(env);
  if (variables) return variables;
  const file = credentials === undefined ? null : readCredentialsFile(credentials);
  if (credentials !== undefined && !file)
    throw new Error(
      `${CREDENTIALS_FILE} is not the file the editor's setup writes: restore it from git, or delete it and set the editor up again.`,
    );
  if (!file) return null;
  const { KEYSTATIC_PREVIEW_URL: previewUrl } = readSettings(env, ['KEYSTATIC_PREVIEW_URL']);
  return { repo: file.repo, appSlug: file.appSlug, previewUrl };
}
