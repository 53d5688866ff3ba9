/**
 * The hosted editor's setup, as one fetch-style handler every host runs (the Node server and each
 * host's function): the owner gives the setup code, GitHub creates the editor's app from our
 * manifest and sends the owner back with a one-time code, the app is installed on the site's
 * repository, and its credentials are sealed with the setup code and committed there
 * (./credentials.ts). Nothing secret is written into a page; between GitHub's two returns the new
 * app's keys wait in an HttpOnly cookie, sealed with the setup code.
 *
 * Against strangers: the code is compared in constant time, wrong tries are limited, the flow's
 * `state` is bound to the browser that gave the code (a sealed cookie, an hour at most) and moves
 * on at each step, so a forged, stale or replayed return is refused with a page that says so.
 */
import { securityHeaders, type Transport } from '../../../runtime/rules.ts';
import { CREDENTIALS_FILE } from '../../../runtime/editor.ts';
import { credentialsFile } from './credentials.ts';
import {
  commitFile,
  convertManifest,
  GitHubRefused,
  installationReach,
  type CreatedApp,
} from './github-app.ts';
import {
  appManifest,
  CREATED_PATH,
  INSTALLED_PATH,
  installAddress,
  manifestFormAction,
  SETUP_PAGE,
} from './manifest.ts';
import { codePage, donePage, installPage, manifestPage, refusalPage } from './pages.ts';
import { checklist } from './checklist.ts';
import { randomText, sameCode, seal, unseal } from './seal.ts';

const FLOW_COOKIE = 'editor-setup';
const APP_COOKIE = 'editor-setup-app';
/** The whole flow, from the code to the install: GitHub's manifest code itself lasts an hour. */
const FLOW_SECONDS = 3600;
/** Wrong codes allowed in a window, per process, before the page waits out the window. */
export const WRONG_TRIES = 10;
const TRY_WINDOW_MS = 15 * 60_000;

/** What the setup is given by the host it runs on. */
export interface SetupOptions {
  /** The setup code (EDITOR_SETUP_CODE, or the one the Node server made). */
  code: string;
  /** The site's repository, `owner/name`, where the build knew it; else the one repository the app is installed on. */
  repo: string | null;
  /** Whether the editor is set up already (setup then runs again only with the code, as before). */
  setUp: boolean;
  /** The build's Strict-Transport-Security. */
  hsts: string;
  /** Called with the credentials file once it is committed (the Node server also keeps it beside its build). */
  stored?: (text: string) => Promise<void>;
}

type Step = 'created' | 'installed';
interface Flow {
  state: string;
  /** The return it waits for next. */
  next: Step;
  expires: number;
}

const SETUP_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "form-action 'self' https://github.com",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(
  request: Request,
  hsts: string,
  status: number,
  html: string,
  cookies: string[] = [],
): Response {
  const url = new URL(request.url);
  const transport: Transport = url.protocol === 'https:' ? 'https' : 'http';
  const headers = new Headers({
    ...securityHeaders({ csp: SETUP_CSP, hsts }, transport),
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex, nofollow',
    'Cache-Control': 'no-store',
    'content-type': 'text/html; charset=utf-8',
  });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(request.method === 'HEAD' ? null : html, { status, headers });
}

function cookie(request: Request, name: string, value: string, maxAge: number): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${name}=${value}; Path=${SETUP_PAGE}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

const clearCookies = (request: Request) =>
  [FLOW_COOKIE, APP_COOKIE].map((name) => cookie(request, name, '', 0));

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Counts wrong codes: once WRONG_TRIES are spent, every try waits until the window ends. */
class TryLimit {
  private wrong = 0;
  private since = 0;
  minutesLeft(now: number): number {
    if (now - this.since > TRY_WINDOW_MS) [this.wrong, this.since] = [0, now];
    return this.wrong >= WRONG_TRIES ? Math.ceil((this.since + TRY_WINDOW_MS - now) / 60_000) : 0;
  }
  miss(): number {
    this.wrong += 1;
    return WRONG_TRIES - this.wrong;
  }
}

/** What each step of one setup handler shares: its options and its count of wrong codes. */
interface Setup {
  options: SetupOptions;
  limit: TryLimit;
}

/** A refusal: the page that says why, and the flow's cookies cleared (nothing of it is kept). */
const refuse = ({ options }: Setup, request: Request, status: number, title: string, reason: string) =>
  page(request, options.hsts, status, refusalPage(title, reason), clearCookies(request));

const flowCookie = async ({ options }: Setup, request: Request, flow: Flow) =>
  cookie(
    request,
    FLOW_COOKIE,
    await seal(flow, options.code, 'setup flow'),
    Math.max(0, Math.round((flow.expires - Date.now()) / 1000)),
  );

/** The flow this browser is in, when `state` is its state and it waits for `step`. */
async function flowOf({ options }: Setup, request: Request, step: Step): Promise<Flow | null> {
  const state = new URL(request.url).searchParams.get('state');
  const sealed = cookieValue(request, FLOW_COOKIE);
  const flow = sealed ? await unseal<Flow>(sealed, options.code, 'setup flow') : null;
  if (!flow || !state || flow.next !== step || flow.expires < Date.now()) return null;
  return (await sameCode(state, flow.state)) ? flow : null;
}

const stale = (setup: Setup, request: Request) =>
  refuse(
    setup,
    request,
    400,
    'This return from GitHub is not valid here',
    'It was not started from this browser, it was already used, or it is more than an hour old.',
  );

/** The code page's post: the code checked (tries limited), then the manifest's form for GitHub. */
async function start(setup: Setup, request: Request): Promise<Response> {
  const wait = setup.limit.minutesLeft(Date.now());
  if (wait > 0)
    return refuse(
      setup,
      request,
      429,
      'Too many wrong setup codes',
      `The page takes no more codes for ${wait} minutes.`,
    );
  const form = await readForm(request);
  if (!form || !(await sameCode(form.get('code') ?? '', setup.options.code))) {
    const left = setup.limit.miss();
    return refuse(
      setup,
      request,
      401,
      'That is not this site’s setup code',
      `Check it and try again (${left} tries left in the next 15 minutes).`,
    );
  }
  const organisation = (form.get('organisation') ?? '').trim();
  if (organisation && !/^[\w-]{1,39}$/.test(organisation))
    return refuse(
      setup,
      request,
      400,
      'That organisation name is not one GitHub uses',
      'It is the name in github.com/name: letters, digits and dashes.',
    );
  const flow: Flow = { state: randomText(24), next: 'created', expires: Date.now() + FLOW_SECONDS * 1000 };
  const origin = new URL(request.url).origin;
  const action = manifestFormAction(flow.state, organisation || undefined);
  return page(request, setup.options.hsts, 200, manifestPage(action, JSON.stringify(appManifest(origin))), [
    await flowCookie(setup, request, flow),
  ]);
}

/** GitHub's first return: the manifest's code converted into the app, kept sealed for the install. */
async function created(setup: Setup, request: Request): Promise<Response> {
  const { code, hsts, repo } = setup.options;
  const flow = await flowOf(setup, request, 'created');
  const manifestCode = new URL(request.url).searchParams.get('code');
  if (!flow || !manifestCode) return stale(setup, request);
  let app: CreatedApp;
  try {
    app = await convertManifest(manifestCode);
  } catch (error) {
    if (!(error instanceof GitHubRefused)) throw error;
    return refuse(setup, request, 502, 'GitHub did not create the app', `GitHub answered: ${error.message}`);
  }
  const appCookie = cookie(request, APP_COOKIE, await seal(app, code, 'setup app'), FLOW_SECONDS);
  return page(request, hsts, 200, installPage(app.slug, installAddress(app.slug, flow.state), repo), [
    await flowCookie(setup, request, { ...flow, next: 'installed' }),
    appCookie,
  ]);
}

/** GitHub's second return: the installation checked, the credentials committed. */
async function installed(setup: Setup, request: Request): Promise<Response> {
  const flow = await flowOf(setup, request, 'installed');
  const sealedApp = cookieValue(request, APP_COOKIE);
  const app = flow && sealedApp ? await unseal<CreatedApp>(sealedApp, setup.options.code, 'setup app') : null;
  const installation = new URL(request.url).searchParams.get('installation_id');
  if (!app || !installation) return stale(setup, request);
  try {
    return await install(setup, request, app, installation);
  } catch (error) {
    if (!(error instanceof GitHubRefused)) throw error;
    return refuse(
      setup,
      request,
      502,
      'GitHub refused the installation’s token or the commit',
      `GitHub answered: ${error.message}`,
    );
  }
}

/** Where the installation reaches, refused unless it is the site's repository; then the commit and the checklist. */
async function install(setup: Setup, request: Request, app: CreatedApp, installation: string) {
  const { options } = setup;
  const reach = await installationReach(app, installation);
  const repo =
    options.repo ?? (reach.repositories.length === 1 && !reach.all ? reach.repositories[0]! : null);
  const settings = `https://github.com/settings/installations/${encodeURIComponent(installation)}`;
  if (reach.repositories.length === 0)
    return refuse(
      setup,
      request,
      409,
      'The app was installed on no repository',
      `Add ${options.repo ?? "the site's repository"} to it on GitHub (${settings}), then start again.`,
    );
  if (!repo || !reach.repositories.includes(repo))
    return refuse(
      setup,
      request,
      409,
      'The app was installed on another repository',
      `It reaches ${reach.repositories.join(', ')}${options.repo ? `, not ${options.repo}` : ''}. Change its repositories on GitHub (${settings}) to the site's alone, then start again.`,
    );
  const secrets = {
    appId: app.id,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    secret: randomText(48),
    key: app.key,
  };
  const text = await credentialsFile(repo, app.slug, secrets, options.code);
  await commitFile(
    reach.token,
    repo,
    CREDENTIALS_FILE,
    text,
    "The site editor's GitHub App, sealed with the setup code",
  );
  await options.stored?.(text);
  const items = await checklist(reach, repo, settings);
  return page(request, options.hsts, 200, donePage(repo, items), clearCookies(request));
}

/** The setup's handler: an answer for its paths, null for any other. */
export function setupApi(options: SetupOptions): (request: Request) => Promise<Response | null> {
  const setup: Setup = { options, limit: new TryLimit() };
  return async (request) => {
    const path = new URL(request.url).pathname;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (path === SETUP_PAGE && method === 'GET')
      return page(request, options.hsts, 200, codePageFor(options));
    if (path === SETUP_PAGE && method === 'POST') return start(setup, request);
    if (path === CREATED_PATH && method === 'GET') return created(setup, request);
    if (path === INSTALLED_PATH && method === 'GET') return installed(setup, request);
    return null;
  };
}

const codePageFor = (options: SetupOptions) => codePage(options.setUp, options.repo);

/** The code page's form (urlencoded, a few hundred bytes at most), or null when it is not one. */
async function readForm(request: Request): Promise<URLSearchParams | null> {
  if (!(request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
    return null;
  const text = await request.text();
  return text.length > 4096 ? null : new URLSearchParams(text);
}
