/**
 * The hosted editor's API as one fetch-style function (a Request in, a Response out), so the Node
 * server (editor/node/) and each host's function (editor/api/editor-edge.ts, editor/build/editor-hosts.ts) run the same code.
 * Keystatic's own handler (`@keystatic/core/api/generic`) does the work: GitHub's sign-in, the
 * token exchange, the refresh and sign-out. Around it, this adds what it leaves open:
 *
 * - only the paths and methods of EDITOR_API_ROUTES are answered;
 * - every sign-in carries a `state` bound to the browser that started it (an HttpOnly cookie), and
 *   a callback without it, with another, or a second time is refused with a page that says so
 *   (Keystatic checks state only when the sign-in came from a page of the editor, and not at all
 *   for the app-installation callback);
 * - GitHub's refusals (a used or expired code, a denied request) get that page too, not a line of text;
 * - every cookie is Secure and SameSite=Lax (Keystatic sets Secure only under NODE_ENV=production);
 * - every answer carries the editor's headers (its own policy, noindex, no-store).
 */
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import {
  EDITOR_API,
  EDITOR_API_ROUTES,
  EDITOR_PAGE,
  editorHeaders,
  type HostedEditorSettings,
} from '../../runtime/editor.ts';
import { githubWriteAccess } from './results/access.ts';
import { resultsHandler, type ResultsSource } from './results/results-api.ts';

/** The cookie holding the sign-in's state between the way out to GitHub and the way back. */
export const STATE_COOKIE = 'keystatic-oauth-state';
const LOGIN_PATH = `${EDITOR_API}github/login`;
const CALLBACK_PATH = `${EDITOR_API}github/oauth/callback`;
const RESULTS_PATH = `${EDITOR_API}results`;
/** GitHub's sign-in takes a minute or two; a state older than this is not one we are waiting for. */
const STATE_SECONDS = 600;

type KeystaticAnswer = {
  status?: number;
  body: string | Uint8Array | null;
  headers?: [string, string][] | Record<string, string> | Headers;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A small page for a refused sign-in: what happened, and the way to sign in again. No script, no style. */
export function refusalPage(title: string, reason: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(reason)}</p>
<p><a href="${LOGIN_PATH}">Sign in again</a> · <a href="${EDITOR_PAGE}">Back to the editor</a></p>
</main>
</body>
</html>
`;
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** A Set-Cookie line with Secure and a SameSite of its own (Lax: GitHub's redirect back must carry it). */
function hardenCookie(line: string): string {
  let hardened = line;
  if (!/;\s*secure\b/i.test(hardened)) hardened += '; Secure';
  if (!/;\s*samesite=/i.test(hardened)) hardened += '; SameSite=Lax';
  return hardened;
}

function stateCookie(value: string, maxAge: number): string {
  return `${STATE_COOKIE}=${value}; Path=${EDITOR_API}github/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

function randomState(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** An answer of the editor's API: under the editor's headers (with the build's `hsts`), every cookie hardened. */
function answer(
  request: Request,
  hsts: string,
  status: number,
  body: BodyInit | null,
  extra: [string, string][] = [],
): Response {
  const url = new URL(request.url);
  const headers = new Headers(
    editorHeaders(url.pathname, hsts, url.protocol === 'https:' ? 'https' : 'http'),
  );
  for (const [name, value] of extra)
    headers.append(name, name.toLowerCase() === 'set-cookie' ? hardenCookie(value) : value);
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

/** A refused sign-in: the page that says why, and the sign-in's state cleared. */
function refuse(request: Request, hsts: string, status: number, title: string, reason: string): Response {
  return answer(request, hsts, status, refusalPage(title, reason), [
    ['content-type', 'text/html; charset=utf-8'],
    // A refused callback ends that sign-in: its state cannot be used again.
    ['set-cookie', stateCookie('', 0)],
  ]);
}

/** Keystatic's answer as one of ours. */
function fromKeystatic(
  request: Request,
  hsts: string,
  result: KeystaticAnswer,
  extra: [string, string][] = [],
) {
  const headers: [string, string][] =
    result.headers instanceof Headers
      ? [...result.headers]
      : Array.isArray(result.headers)
        ? result.headers
        : Object.entries(result.headers ?? {});
  const body =
    result.body === null ? null : typeof result.body === 'string' ? result.body : new Uint8Array(result.body);
  return answer(request, hsts, result.status ?? 200, body, [...headers, ...extra]);
}

/** What the editor's API answers with besides its own settings. */
export interface EditorApiOptions {
  /** Where the results view's figures come from (editor/api/results/results-api.ts `analyticsSource`). */
  results: ResultsSource;
  /** The build's Strict-Transport-Security (runtime/rules.ts SitePolicy). */
  hsts: string;
}

/** The fetch-style handler of the editor's API for these settings. */
export function editorApi(
  settings: HostedEditorSettings,
  { results: source, hsts }: EditorApiOptions,
): (request: Request) => Promise<Response> {
  const results = resultsHandler(source, { access: githubWriteAccess(settings.repo), place: 'host' });
  const keystatic = makeGenericAPIRouteHandler({
    // The API reads only the storage of the configuration in GitHub mode (its forms are the app's).
    config: { storage: { kind: 'github', repo: settings.repo as `${string}/${string}` } },
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    secret: settings.secret,
  });

  async function login(request: Request): Promise<Response> {
    const result = (await keystatic(request)) as KeystaticAnswer;
    const out = fromKeystatic(request, hsts, result);
    const location = out.headers.get('location');
    if (!location) return out;
    const authorize = new URL(location);
    // Keystatic adds a state only when it has a page to return to; every sign-in gets one here.
    const state = authorize.searchParams.get('state') ?? randomState();
    authorize.searchParams.set('state', state);
    out.headers.set('location', authorize.toString());
    out.headers.append('set-cookie', stateCookie(state, STATE_SECONDS));
    return out;
  }

  async function callback(request: Request): Promise<Response> {
    const params = new URL(request.url).searchParams;
    const denied = params.get('error_description') ?? params.get('error');
    if (denied) return refuse(request, hsts, 400, 'GitHub did not sign you in', `GitHub answered: ${denied}`);
    const state = params.get('state');
    const expected = cookieValue(request, STATE_COOKIE);
    if (!params.get('code') || !state || !expected || state !== expected)
      return refuse(
        request,
        hsts,
        400,
        'This sign-in link is not valid here',
        'It was not started from this browser, it was already used, or it is more than ten minutes old. Nothing was changed.',
      );
    const result = (await keystatic(request)) as KeystaticAnswer;
    if ((result.status ?? 200) >= 400)
      return refuse(
        request,
        hsts,
        401,
        'GitHub did not accept this sign-in',
        'The sign-in code was refused by GitHub (it can be used once, for a few minutes). Nothing was changed.',
      );
    return fromKeystatic(request, hsts, result, [['set-cookie', stateCookie('', 0)]]);
  }

  return async (request) => {
    const path = new URL(request.url).pathname;
    const route = EDITOR_API_ROUTES.find((candidate) => candidate.path === path);
    if (!route)
      return answer(request, hsts, 404, 'Not Found\n', [['content-type', 'text/plain; charset=utf-8']]);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (method !== route.method)
      return answer(request, hsts, 405, 'Method Not Allowed\n', [
        ['content-type', 'text/plain; charset=utf-8'],
        ['allow', route.method === 'GET' ? 'GET, HEAD' : route.method],
      ]);
    if (path === LOGIN_PATH) return login(request);
    if (path === CALLBACK_PATH) return callback(request);
    if (path === RESULTS_PATH) {
      const reply = await results(request);
      return answer(request, hsts, reply.status, JSON.stringify(reply.body), [
        ['content-type', 'application/json; charset=utf-8'],
      ]);
    }
    return fromKeystatic(request, hsts, (await keystatic(request)) as KeystaticAnswer);
  };
}
