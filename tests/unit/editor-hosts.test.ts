/**
 * The hosted editor on Netlify, Vercel and Cloudflare Pages: the functions the build generates
 * (runtime/hosts/ bundled by deploy/host-functions.ts, with editor/api/editor-edge.ts and Keystatic's handler)
 * run here as code with Web-standard Requests, each reached the way its host routes a request
 * (Netlify's function paths and `_headers`, Vercel's config.json, Cloudflare's `_routes.json`).
 * Every host answers the editor's page, scripts and API as the Node server does: the editor's own
 * headers (its policy, noindex, no caching but its scripts), a sign-in with its state, a refused
 * callback's page, only its own paths and methods; off without its variables. Cloudflare's worker
 * also runs under wrangler, Cloudflare's own runtime, in tests/hosted-editor/.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATE_COOKIE } from '../../editor/api/editor-api.ts';
import { EDITOR_PATH_PATTERNS } from '../../editor/build/editor-hosts.ts';
import { hostFunctions, type HostFunctions } from '../../deploy/host-functions.ts';
import { EDITOR_FUNCTION } from '../../runtime/function-paths.ts';
import { EDITOR_CSP, editorHeaders, NOINDEX, PREVIEW_CSP } from '../../runtime/editor.ts';
import { cloudflareRoutes } from '../../deploy/experiment-hosts.ts';
import { netlifyHeaders, nginxConfig, vercelOutputConfig } from '../../deploy/host-configs.ts';
import { cacheControl, securityHeaders } from '../../runtime/rules.ts';
import { SAMPLE_EDITOR_FILES, sampleBuild, type SampleBuild } from '../support/site-facts.ts';
import { resolveVercel } from '../support/vercel-routes.ts';
import { sampleAnalyticsApi } from '../support/analytics-log.ts';
import { fetchWithGitHubApi } from '../../harness/github-stand-in.ts';
import { askedTest, testParam } from '../../editor/api/results/verdict-words.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';

const SITE = 'https://site.test';
const ENV = {
  KEYSTATIC_GITHUB_REPO: 'build-equity/site',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret',
  KEYSTATIC_SECRET: 'x'.repeat(40),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'build-equity-editor',
};
const PAGE_FILE = 'keystatic/index.html';
const SCRIPT = '/keystatic/assets/app-Q1w2E3.js';
const PAGE_HTML = SAMPLE_EDITOR_FILES[PAGE_FILE]!;

type Host = 'netlify' | 'vercel' | 'cloudflare';
const HOSTS: Host[] = ['netlify', 'vercel', 'cloudflare'];

let build: SampleBuild;
let work: string;
let functions: HostFunctions;
let loads = 0;

/** A file of the sample build as a static host's file server answers it. */
async function fileAnswer(path: string): Promise<Response> {
  const file = path.endsWith('/') ? `${path}index.html` : path;
  try {
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    return new Response(await readFile(join(build.root, file)), {
      headers: { 'content-type': type, etag: '"static"' },
    });
  } catch {
    return new Response('missing', { status: 404 });
  }
}

/** Imports a generated module afresh (each has state: its handler, made from the first env it sees). */
async function load(name: string, source: string) {
  loads += 1;
  const file = join(work, `${name}-${loads}.mjs`);
  await writeFile(file, source);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

type Handler = (request: Request) => Promise<Response>;

/** The generated function of `host`, run with `env` as that host's environment. */
async function hostFunction(host: Host, env: Record<string, string>): Promise<Handler> {
  if (host === 'netlify') {
    (globalThis as { Netlify?: unknown }).Netlify = { env: { toObject: () => ({ ...env }) } };
    const module = await load('netlify', functions.netlifyEditor!);
    return module['default'] as Handler;
  }
  if (host === 'vercel') {
    const module = await load('vercel', functions.vercelEditor!);
    const run = module['default'] as Handler;
    return async (request) => {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        return await run(request);
      } finally {
        for (const name of Object.keys(env)) if (!(name in saved)) delete process.env[name];
      }
    };
  }
  const module = await load('cloudflare', functions.cloudflareWorker);
  const worker = module['default'] as { fetch: (request: Request, env: unknown) => Promise<Response> };
  const assets = { fetch: (request: Request) => fileAnswer(new URL(request.url).pathname) };
  return (request) => worker.fetch(request, { ...env, ASSETS: assets });
}

/**
 * What a request meets on `host`: its routing first (which requests reach the function), then the
 * function or the static file with the host's headers.
 */
async function ask(host: Host, handler: Handler, path: string, init: RequestInit = {}): Promise<Response> {
  const url = `${SITE}${path}`;
  const pathname = new URL(url).pathname;
  if (host === 'netlify') {
    const { config } = (await load('netlify', functions.netlifyEditor!)) as {
      config: { path: string[]; excludedPath: string[] };
    };
    const matches = (pattern: string) =>
      pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
    if (config.path.some(matches) && !config.excludedPath.some(matches))
      return handler(new Request(url, init));
    // A static file, with every `_headers` rule that matches it.
    const file = await fileAnswer(pathname);
    const headers = new Headers(file.headers);
    let applies = false;
    for (const line of netlifyHeaders(build.manifest).split('\n')) {
      if (line.startsWith('#') || !line.trim()) continue;
      if (!line.startsWith(' ')) {
        const rule = line.trim();
        applies = rule.endsWith('*') ? pathname.startsWith(rule.slice(0, -1)) : pathname === rule;
      } else if (applies) {
        const [name, ...value] = line.trim().split(': ');
        expect(headers.has(name!), `_headers sets ${name} twice for ${pathname}`).toBe(
          name === 'content-type',
        );
        headers.set(name!, value.join(': '));
      }
    }
    return new Response(file.body, { status: file.status, headers });
  }
  if (host === 'vercel') {
    const config = vercelOutputConfig(build.manifest);
    const files = new Set(Object.keys(SAMPLE_EDITOR_FILES).map((file) => `/${file}`));
    const routed = resolveVercel(config, files, pathname, init.method ?? 'GET', new Set([EDITOR_FUNCTION]));
    if (routed.functionCall) {
      const call = new URL(routed.functionCall, SITE);
      // Vercel keeps the request's query on a rewrite.
      for (const [name, value] of new URL(url).searchParams) call.searchParams.append(name, value);
      return handler(new Request(call, init));
    }
    const file = await fileAnswer(routed.served ?? '/404.html');
    const headers = new Headers(file.headers);
    for (const [name, value] of Object.entries(routed.headers)) headers.set(name, value);
    return new Response(file.body, { status: routed.status, headers });
  }
  const include = (
    JSON.parse(cloudflareRoutes(build.manifest, EDITOR_PATH_PATTERNS)) as { include: string[] }
  ).include;
  const routedToWorker = include.some((rule) =>
    rule.endsWith('/*') ? pathname.startsWith(rule.slice(0, -1)) : pathname === rule,
  );
  expect(routedToWorker, `_routes.json sends ${pathname} to the worker`).toBe(true);
  return handler(new Request(url, init));
}

/** The editor's headers on an answer, as runtime/editor.ts makes them for the Node server. */
function expectEditorHeaders(answer: Response, path: string) {
  for (const [name, value] of Object.entries(editorHeaders(path, build.manifest.hsts)))
    expect(answer.headers.get(name), `${name} of ${path}`).toBe(value);
}

beforeAll(async () => {
  build = await sampleBuild({ editor: true });
  work = await mkdtemp(join(tmpdir(), 'be-editor-hosts-'));
  functions = (await hostFunctions(build.manifest, {
    [`/${PAGE_FILE}`]: PAGE_HTML,
    '/keystatic/preview.html': SAMPLE_EDITOR_FILES['keystatic/preview.html']!,
  }))!;
});
afterAll(async () => {
  delete (globalThis as { Netlify?: unknown }).Netlify;
  await build.remove();
  await rm(work, { recursive: true, force: true });
});

describe.each(HOSTS)('the hosted editor on %s', (host) => {
  let handler: Handler;
  beforeAll(async () => {
    handler = await hostFunction(host, ENV);
  });

  it('answers the editor’s page at /keystatic and every path the app routes itself, under the editor’s headers', async () => {
    for (const path of [
      '/keystatic',
      '/keystatic/',
      '/keystatic/branch/main/singleton/offer',
      '/keystatic/assets/gone.js',
    ]) {
      const answer = await ask(host, handler, path);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).toBe(PAGE_HTML);
      expectEditorHeaders(answer, path);
      expect(answer.headers.get('content-security-policy')).toContain(EDITOR_CSP);
    }
  });

  it('answers the live preview’s page at /keystatic/preview under its own policy: framed by the editor only, never stored', async () => {
    const path = '/keystatic/preview';
    const answer = await ask(host, handler, `${path}?page=%2F`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(SAMPLE_EDITOR_FILES['keystatic/preview.html']);
    expectEditorHeaders(answer, path);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(PREVIEW_CSP);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(answer.headers.get('x-robots-tag')).toBe(NOINDEX);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers its scripts as files, kept a year, noindex', async () => {
    const answer = await ask(host, handler, SCRIPT);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(SAMPLE_EDITOR_FILES['keystatic/assets/app-Q1w2E3.js']);
    expect(answer.headers.get('cache-control')).toBe(cacheControl.immutable);
    expect(answer.headers.get('x-robots-tag')).toBe(NOINDEX);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends the owner to GitHub with a state bound to this browser, in a Secure, HttpOnly cookie', async () => {
    const login = await ask(host, handler, '/api/keystatic/github/login');
    expect(login.status).toBe(307);
    const authorize = new URL(login.headers.get('location')!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(ENV.KEYSTATIC_GITHUB_CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${SITE}/api/keystatic/github/oauth/callback`);
    const state = authorize.searchParams.get('state')!;
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith(`${STATE_COOKIE}=${state}`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expectEditorHeaders(login, '/api/keystatic/github/login');
  });

  it('refuses a return from GitHub this browser did not start, with a page that says so', async () => {
    const answer = await ask(host, handler, '/api/keystatic/github/oauth/callback?code=abc&state=forged');
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(await answer.text()).toMatch(/This sign-in link is not valid here/);
    expectEditorHeaders(answer, '/api/keystatic/github/oauth/callback');
  });

  // Which paths and methods the editor's API answers is tests/unit/editor-api.test.ts's (the code
  // every host runs); here, that the host routes them to it and its page takes only GET.
  it('hands the API’s paths to the API, and takes only GET at the editor’s page', async () => {
    expect((await ask(host, handler, '/api/keystatic/tree')).status).toBe(404);
    expect((await ask(host, handler, '/keystatic', { method: 'POST' })).status).toBe(405);
  });
});

describe.each(HOSTS)('the editor’s variables on %s, read at run time', (host) => {
  it('none set: every editor path answers 404 under the editor’s headers, nothing of the editor is sent', async () => {
    const handler = await hostFunction(host, {});
    for (const path of ['/keystatic', '/api/keystatic/github/login']) {
      const answer = await ask(host, handler, path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain('Keystatic');
      expect(answer.headers.get('x-robots-tag')).toBe(NOINDEX);
    }
  });

  it('some but not all: 503, and the host’s log names what is missing', async () => {
    const handler = await hostFunction(host, { KEYSTATIC_GITHUB_REPO: ENV.KEYSTATIC_GITHUB_REPO });
    const logged: string[] = [];
    const error = console.error;
    console.error = (message: string) => logged.push(message);
    try {
      expect((await ask(host, handler, '/keystatic')).status).toBe(503);
    } finally {
      console.error = error;
    }
    expect(logged.join('\n')).toMatch(/missing KEYSTATIC_GITHUB_CLIENT_ID/);
  });
});

describe('the runtimes', () => {
  it('Cloudflare’s worker reads nothing of Node’s `process`, which workerd does not have', () => {
    expect(functions.cloudflareWorker).not.toMatch(/\bprocess\.env\b/);
  });
});

describe('the visitors’ pages beside the editor', () => {
  it('Cloudflare’s worker hands every other path to the static files untouched', async () => {
    const handler = await hostFunction('cloudflare', ENV);
    const answer = await handler(new Request(`${SITE}/community/`));
    expect(await answer.text()).toContain('Community page');
    expect(answer.headers.get('x-robots-tag')).toBeNull();
  });

  it('Vercel gives the visitors’ paths the site’s policy, not the editor’s', () => {
    const config = vercelOutputConfig(build.manifest);
    const files = new Set(['/index.html', '/community/index.html', '/404.html']);
    for (const path of ['/', '/community', '/keystatic-not-the-editor']) {
      const routed = resolveVercel(config, files, path, 'GET', new Set([EDITOR_FUNCTION]));
      expect(routed.functionCall, path).toBeUndefined();
      expect(routed.headers['content-security-policy'], path).toBe(
        securityHeaders(build.manifest)['Content-Security-Policy'],
      );
    }
  });

  it('nginx, which runs no code, answers the editor’s paths 404 and says where the editor lives', () => {
    const nginx = nginxConfig(build.manifest, { root: '/srv/site', port: 8080, headersFile: '/srv/h.conf' });
    expect(nginx).toMatch(/The hosted editor runs on the Node server/);
    expect(nginx).toMatch(/location = \/keystatic \{\n\s+return 404;/);
    expect(nginx).toMatch(/location \^~ \/keystatic\/ \{\n\s+return 404;/);
    expect(nginx).toMatch(/location \^~ \/api\/keystatic\/ \{\n\s+return 404;/);
  });
});

describe.each(HOSTS)('the owner’s results on %s', (host) => {
  const KEY = 'stand-in-key-on-the-host-91c2';
  const OWNER = 'ghu_owner-token';
  it('figures for the owner, asked of the provider with the host’s key; a signed-out or read-only user gets none', async () => {
    const analytics = await sampleAnalyticsApi(KEY);
    // GitHub, as it answers a user about the repository: the owner may write, anyone else may only read.
    const push = (init?: RequestInit) =>
      new Headers(init?.headers).get('authorization') === `Bearer ${OWNER}`;
    vi.stubGlobal(
      'fetch',
      fetchWithGitHubApi((_url, init) =>
        Promise.resolve(Response.json({ permissions: { push: push(init), pull: true } })),
      ),
    );
    try {
      const handler = await hostFunction(host, {
        ...ENV,
        PUBLIC_ANALYTICS_PROVIDER: 'plausible',
        PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
        ANALYTICS_API_KEY: KEY,
        ANALYTICS_API_URL: analytics.origin,
      });
      const path = `/api/keystatic/results?days=28&test=${encodeURIComponent(testParam(askedTest(SAMPLE_EXPERIMENT)))}`;
      const as = (token?: string) =>
        ask(host, handler, path, { headers: token ? { cookie: `keystatic-gh-access-token=${token}` } : {} });
      expect((await as()).status).toBe(401);
      expect((await as('ghu_reader')).status).toBe(403);
      const owner = await as(OWNER);
      expect(owner.status).toBe(200);
      expectEditorHeaders(owner, '/api/keystatic/results');
      const text = await owner.text();
      expect(JSON.parse(text)).toMatchObject({ state: 'ready', tests: [{ id: SAMPLE_EXPERIMENT.id }] });
      expect(text).not.toContain(KEY);
      expect(analytics.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(
        true,
      );
    } finally {
      vi.unstubAllGlobals();
      await analytics.close();
    }
  });
});
