/**
 * The hosted editor's API (editor/api/editor-api.ts), the one handler every host runs: its paths and
 * methods only, a state on every sign-in that the return from GitHub must carry, hardened cookies,
 * and a page that says why a sign-in was refused. GitHub's token exchange is a stub here; the
 * browser test (tests/hosted-editor/) runs the whole sign-in against a stand-in for GitHub.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorApi, STATE_COOKIE } from '../../editor/api/editor-api.ts';
import { hsts } from '../../runtime/rules.ts';

const SITE = 'https://buildequity.example';
const api = editorApi(
  {
    repo: 'build-equity/site',
    clientId: 'Iv1.0123456789',
    clientSecret: 'client-secret',
    secret: 'x'.repeat(40),
    appSlug: 'build-equity-editor',
    previewUrl: undefined,
  },
  { results: { state: 'no-provider' }, hsts: hsts(false) },
);

const get = (path: string, cookie?: string) =>
  api(new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} }));

/** Starts a sign-in: the state GitHub will send back and the cookie that holds it. */
async function startSignIn() {
  const login = await get('/api/keystatic/github/login');
  const state = new URL(login.headers.get('location')!).searchParams.get('state')!;
  const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${STATE_COOKIE}=`))!;
  return { login, state, cookie: cookie.split(';')[0]! };
}

function stubTokenExchange() {
  const exchange = vi.fn(async () =>
    Response.json({
      access_token: 'ghu_token',
      expires_in: 28800,
      refresh_token: 'ghr_token',
      refresh_token_expires_in: 15811200,
      scope: '',
      token_type: 'bearer',
    }),
  );
  vi.stubGlobal('fetch', exchange);
  return exchange;
}

afterEach(() => vi.unstubAllGlobals());

describe('the editor API', () => {
  it('sends the owner to GitHub with the client id, the callback on this origin and a state bound to this browser', async () => {
    const { login, state, cookie } = await startSignIn();
    expect(login.status).toBe(307);
    const authorize = new URL(login.headers.get('location')!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe('Iv1.0123456789');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${SITE}/api/keystatic/github/oauth/callback`);
    expect(state).toMatch(/^[0-9a-f]{20,}$/);
    expect(cookie).toBe(`${STATE_COOKIE}=${state}`);
    const line = login.headers.getSetCookie()[0]!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(login.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('signs in on a callback with its own state: Secure, SameSite cookies, and the state is spent', async () => {
    const exchange = stubTokenExchange();
    const { state, cookie } = await startSignIn();
    const callback = await get(`/api/keystatic/github/oauth/callback?code=abc123&state=${state}`, cookie);
    expect(callback.status).toBe(307);
    expect(callback.headers.get('location')).toBe('/keystatic');
    expect(exchange).toHaveBeenCalledOnce();
    const cookies = callback.headers.getSetCookie();
    const token = cookies.find((line) => line.startsWith('keystatic-gh-access-token='))!;
    expect(token).toMatch(/Secure/);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(cookies.find((line) => line.startsWith('keystatic-gh-refresh-token='))).toMatch(/HttpOnly/);
    expect(cookies.find((line) => line.startsWith(`${STATE_COOKIE}=;`))).toMatch(/Max-Age=0/);
  });

  it.each([
    ['no state cookie (not started in this browser, or already used)', (state: string) => [state, undefined]],
    ['another state than the one started', () => ['f00d', `${STATE_COOKIE}=beef`]],
    ['no state at all', () => ['', `${STATE_COOKIE}=beef`]],
  ])('refuses a callback with %s, with a page, before asking GitHub anything', async (_case, make) => {
    const exchange = stubTokenExchange();
    const { state } = await startSignIn();
    const [sent, cookie] = make(state) as [string, string | undefined];
    const callback = await get(`/api/keystatic/github/oauth/callback?code=abc123&state=${sent}`, cookie);
    expect(callback.status).toBe(400);
    expect(callback.headers.get('content-type')).toContain('text/html');
    expect(await callback.text()).toContain('This sign-in link is not valid here');
    expect(exchange).not.toHaveBeenCalled();
    expect(callback.headers.getSetCookie().some((line) => line.startsWith('keystatic-gh-access-token'))).toBe(
      false,
    );
  });

  it('says so when GitHub refuses the code, or the owner declined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'bad_verification_code' })),
    );
    const { state, cookie } = await startSignIn();
    const refused = await get(`/api/keystatic/github/oauth/callback?code=used&state=${state}`, cookie);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('GitHub did not accept this sign-in');
    const declined = await get(
      `/api/keystatic/github/oauth/callback?error=access_denied&error_description=The+user+has+denied+your+application+access.`,
    );
    expect(declined.status).toBe(400);
    expect(await declined.text()).toContain('The user has denied your application access.');
  });

  it('answers only its own paths and methods', async () => {
    for (const path of ['/api/keystatic/tree', '/api/keystatic/update', '/api/keystatic/github/created-app'])
      expect((await get(path)).status, path).toBe(404);
    const post = await api(new Request(`${SITE}/api/keystatic/github/login`, { method: 'POST' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const refreshByGet = await get('/api/keystatic/github/refresh-token');
    expect(refreshByGet.status).toBe(405);
    expect(refreshByGet.headers.get('allow')).toBe('POST');
  });
});
