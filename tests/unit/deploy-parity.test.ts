/**
 * The host configs generated from the route manifest, each read by its host's documented rules,
 * answer every path of the fixture's build (tests/support/site-facts.ts) as the manifest says:
 * status, Location, caching and security headers, the file sent. The same for the forwarded paths.
 * Netlify's and Vercel's own tools need an account or the network here, so their configs are
 * checked this way; nginx and Cloudflare Pages also run for real (tests/http/).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, metaPolicy, unionPolicy } from '../../deploy/csp.ts';
import {
  netlifyHeaders,
  netlifyRedirects,
  nginxConfig,
  nginxSecurityHeaders,
  vercelOutputConfig,
} from '../../deploy/host-configs.ts';
import { routeManifest, urlPathsOf, type RouteManifest } from '../../deploy/routes.ts';
import {
  cacheKindFor,
  headersFor,
  hsts,
  notFoundPage,
  SECURITY_FILE,
  securityHeaders,
  TIME_LIMITS,
  type Forward,
} from '../../runtime/rules.ts';
import {
  answerFor,
  expectedSecurity,
  pathsOf,
  pick,
  sampleBuild,
  type SampleBuild,
} from '../support/site-facts.ts';
import { resolveVercel } from '../support/vercel-routes.ts';

let build: SampleBuild;
let manifest: RouteManifest;
/** The site's CSP as the build's pages make it: several pages' hashes, one frame origin. */
const csp = unionPolicy([
  `${cspDirectives({ frameOrigins: ['https://player.vimeo.com'] }).join('; ')}; script-src 'self' 'sha256-a'; style-src 'self'`,
  "script-src 'self' 'sha256-b'",
]);

beforeAll(async () => {
  build = await sampleBuild();
  manifest = { ...build.manifest, csp };
});
afterAll(() => build.remove());

/** The files a static host serves: every route's file and the not-found page. */
const servedFiles = (m: RouteManifest) =>
  new Set([...m.pages, ...m.assets, ...m.immutable].map((route) => route.file).concat(notFoundPage));

const FORWARDS: Forward[] = [
  { path: '/a/script.js', method: 'GET', upstream: 'https://u.example.org/script.js' },
  { path: '/a/api/send', method: 'POST', upstream: 'https://u.example.org/api/send' },
];

type Headers = Record<string, string>;
/** `_headers`: every matching rule applies; a header set twice would be joined. */
function netlifyHeadersFor(text: string, path: string): Headers {
  const headers: Headers = {};
  let matches = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.trim()) continue;
    if (!line.startsWith(' ')) {
      const pattern = new RegExp(
        `^${line
          .trim()
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}$`,
      );
      matches = pattern.test(path);
      continue;
    }
    if (!matches) continue;
    const [name, ...value] = line.trim().split(': ');
    const key = name!.toLowerCase();
    headers[key] = headers[key] ? `${headers[key]}, ${value.join(': ')}` : value.join(': ');
  }
  return headers;
}

/**
 * Cloudflare Pages (the stricter of the two hosts that read `_headers` and `_redirects`): the first
 * `_redirects` line whose source is the path applies (a 3xx redirects, the query kept; a 200 serves
 * its destination as it is); otherwise a file is served at its own path, a folder's index.html only
 * at the folder's URL with the slash (any other spelling is 308 to it), anything else is 404 with
 * /404.html. Every answer carries the `_headers` rules matching the request path.
 */
function cloudflareResolve(
  m: RouteManifest,
  url: string,
): { status: number; headers: Headers; served: string | null } {
  const [path = url, query] = url.split('?');
  const headers = netlifyHeadersFor(netlifyHeaders(m), path);
  const files = servedFiles(m);
  let target = path;
  for (const line of netlifyRedirects(m).split('\n')) {
    const [from, to, status] = line.split(' ');
    if (line.startsWith('#') || from !== path) continue;
    if (status !== '200')
      return {
        status: Number(status),
        headers: { ...headers, location: `${to}${query ? `?${query}` : ''}` },
        served: null,
      };
    target = to!;
    break;
  }
  const folderPage = target.endsWith('/') ? `${target}index.html` : null;
  if (folderPage && files.has(folderPage)) return { status: 200, headers, served: folderPage };
  if (!target.endsWith('.html') && files.has(target)) return { status: 200, headers, served: target };
  if (target === path && (files.has(`${path}/index.html`) || path.endsWith('/index.html')))
    return { status: 308, headers, served: null };
  return { status: 404, headers, served: notFoundPage };
}

const HEADERS_FILE = '/srv/deploy/security-headers.conf';

/**
 * nginx: an exact location wins, then a matching regex location, else the longest prefix; its
 * add_header lines (with the include file's, read in place) are the whole set.
 */
function nginxResolve(
  conf: string,
  path: string,
  include = nginxSecurityHeaders(manifest),
): { headers: Headers; body: string } {
  const blocks = [...conf.matchAll(/location (=\s|~\s)?(\S+) \{([\s\S]*?)\n {2}\}/g)].map((m) => ({
    kind: m[1]?.trim() ?? '',
    path: m[2]!,
    body: m[3]!,
  }));
  const block =
    blocks.find((b) => b.kind === '=' && b.path === path) ??
    blocks.find((b) => b.kind === '~' && new RegExp(b.path).test(path)) ??
    blocks
      .filter((b) => b.kind === '' && path.startsWith(b.path))
      .sort((a, b) => b.path.length - a.path.length)[0]!;
  const body = block.body.replaceAll(`include ${HEADERS_FILE};`, include);
  const headers: Headers = {};
  for (const m of body.matchAll(/add_header (\S+) "((?:[^"\\]|\\.)*)" always;/g)) {
    const name = m[1]!.toLowerCase();
    if (headers[name]) throw new Error(`nginx sets ${name} twice for ${path}`);
    headers[name] = m[2]!.replace(/\\"/g, '"');
  }
  return { headers, body };
}

/** What nginx answers for a URL: its location's redirect, file or 404 (the not-found page, by error_page). */
function nginxAnswer(conf: string, m: RouteManifest, url: string) {
  const [path = url, query] = url.split('?');
  const { headers, body } = nginxResolve(conf, path);
  const redirect = /return (30\d) (\S+)\$is_args\$args;/.exec(body);
  if (redirect)
    return {
      status: Number(redirect[1]),
      headers: { ...headers, location: `${redirect[2]}${query ? `?${query}` : ''}` },
      served: null,
    };
  const file = /try_files (\S+) =404;/.exec(body)?.[1]?.replace('$uri', path);
  if (file && servedFiles(m).has(file) && file !== notFoundPage)
    return { status: 200, headers, served: file };
  return { status: 404, headers: nginxResolve(conf, notFoundPage).headers, served: notFoundPage };
}

describe('every host config answers every path of the fixture as the manifest says', () => {
  it('nginx: status, Location with the query, caching and security headers, the file', () => {
    const nginx = nginxConfig(manifest, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE });
    expect(nginx).toMatch(/error_page 400 404 \/404\.html;/);
    for (const path of pathsOf(manifest)) {
      const expected = answerFor(manifest, path);
      expect(nginxAnswer(nginx, manifest, path), path).toEqual({
        status: expected.status,
        headers: expected.headers,
        served: expected.file,
      });
    }
  });

  it('Vercel (config.json): the same, the query aside (not modelled: whether Vercel keeps it on a redirect is unverified)', () => {
    const vercel = vercelOutputConfig(manifest);
    for (const url of pathsOf(manifest)) {
      const path = url.split('?')[0]!;
      const expected = answerFor(manifest, path);
      expect(resolveVercel(vercel, servedFiles(manifest), path), path).toEqual({
        status: expected.status,
        headers: expected.headers,
        served: expected.file,
      });
    }
  });

  it('Netlify and Cloudflare Pages (_headers, _redirects): the same; a not-found answer has the security headers (its caching is the host’s)', () => {
    for (const path of pathsOf(manifest).filter((candidate) => candidate !== notFoundPage)) {
      const expected = answerFor(manifest, path);
      const answer = cloudflareResolve(manifest, path);
      expect(answer.status, path).toBe(expected.status);
      expect(answer.served, path).toBe(expected.file);
      // A not-found answer's caching is the host's own (Cloudflare Pages: no-store).
      const wanted = expected.status === 404 ? expectedSecurity(manifest) : expected.headers;
      expect(pick(answer.headers, wanted), path).toEqual(wanted);
    }
  });

  it('without the rewrites, Cloudflare Pages would answer the canonical /community with 308', () => {
    const withoutRewrites = {
      ...manifest,
      pages: manifest.pages.map((route) => ({ ...route, folder: null })),
    };
    expect(cloudflareResolve(withoutRewrites, '/community').status).toBe(308);
    expect(cloudflareResolve(manifest, '/community')).toMatchObject({
      status: 200,
      served: '/community/index.html',
    });
  });
});

describe('the nginx config', () => {
  const nginx = () => nginxConfig(manifest, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE });
  const include = () => nginxSecurityHeaders(manifest);

  it('keeps the security headers in one generated include, used by every location that answers', () => {
    const lines = include()
      .split('\n')
      .filter((line) => line.startsWith('add_header'));
    expect(lines).toHaveLength(Object.keys(securityHeaders(manifest)).length);
    expect(include()).toContain('upgrade-insecure-requests');
    expect(include()).toContain('Strict-Transport-Security');
    // No security header is written in nginx.conf itself: only Cache-Control varies by location.
    for (const m of nginx().matchAll(/add_header (\S+)/g)) expect(m[1]).toBe('Cache-Control');
    const answering = [...nginx().matchAll(/location [^{]+\{([\s\S]*?)\n {2}\}/g)].filter(
      (m) => !/return 404;/.test(m[1]!),
    );
    expect(answering.length).toBeGreaterThan(5);
    for (const m of answering) expect(m[1]).toContain(`include ${HEADERS_FILE};`);
  });

  it('sends Vary with the gzip files, and never serves the .br/.gz copies or the host configs as files', () => {
    expect(nginx()).toMatch(/^\s*gzip_static on;$/m);
    expect(nginx()).toMatch(/^\s*gzip_vary on;$/m);
    for (const path of [
      '/index.html.br',
      '/index.html.gz',
      '/_astro/app.js.br',
      '/_headers',
      '/_redirects',
      '/_forwards.json',
    ]) {
      expect(nginxResolve(nginx(), path).body, path).toContain('return 404;');
    }
    expect(nginxResolve(nginx(), '/_astro/app.js').body).toContain('try_files $uri =404;');
  });

  it('uses brotli_static only when the nginx has the module, and says why not otherwise', () => {
    expect(nginx()).not.toMatch(/^\s*brotli_static/m);
    expect(nginx()).toMatch(/# No brotli module in this nginx: browsers get the \.gz files/);
    const withBrotli = nginxConfig(manifest, {
      root: '/srv/site',
      port: 8080,
      headersFile: HEADERS_FILE,
      brotli: true,
    });
    expect(withBrotli).toMatch(/^\s*brotli_static on;$/m);
  });

  it('cuts slow clients with the same limits as the Node server', () => {
    expect(nginx()).toContain(`client_header_timeout ${TIME_LIMITS.headers}s;`);
    expect(nginx()).toContain(`send_timeout ${TIME_LIMITS.idle}s;`);
    expect(nginx()).toContain(`client_body_timeout ${TIME_LIMITS.idle}s;`);
    expect(nginx()).toContain(`keepalive_timeout ${TIME_LIMITS.keepAlive}s;`);
  });
});

describe('HSTS_PRELOAD, as the build wrote it', () => {
  it('without it no host asks to be preloaded; with it every host does, from the build’s own file', async () => {
    const configs = (m: RouteManifest) => [
      netlifyHeaders(m),
      JSON.stringify(vercelOutputConfig(m)),
      nginxSecurityHeaders(m),
      answerFor(m, '/').headers['strict-transport-security'],
    ];
    expect(manifest.hsts).toBe(hsts(false));
    for (const config of configs(manifest)) expect(config).not.toContain('preload');
    const preloaded = await sampleBuild();
    try {
      await writeFile(join(preloaded.root, SECURITY_FILE), JSON.stringify({ hstsPreload: true }));
      const read = await routeManifest(preloaded.root);
      expect(read.hsts).toBe(hsts(true));
      for (const config of configs(read)) expect(config).toContain(hsts(true));
    } finally {
      await preloaded.remove();
    }
  });
});

describe('the policy', () => {
  it('sends security headers with every response', () => {
    const headers = headersFor('/', manifest);
    expect(headers).toMatchObject({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(hsts(true)).toBe('max-age=63072000; includeSubDomains; preload');
  });

  it('over plain HTTP (the Node server without TLS in front): no HSTS, no upgrade-insecure-requests, the rest the same', () => {
    const tls = securityHeaders(manifest);
    const plain = securityHeaders(manifest, 'http');
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(plain['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(`${plain['Content-Security-Policy']}; upgrade-insecure-requests`).toBe(
      tls['Content-Security-Policy'],
    );
    const { ['Strict-Transport-Security']: _hsts, ['Content-Security-Policy']: _csp, ...rest } = tls;
    expect(plain).toMatchObject(rest);
    // The host configs always carry the full policy.
    expect(netlifyHeaders(manifest)).toContain('upgrade-insecure-requests');
    expect(JSON.stringify(vercelOutputConfig(manifest))).toContain('Strict-Transport-Security');
    expect(nginxSecurityHeaders(manifest)).toContain('upgrade-insecure-requests');
  });

  it('joins every page hash into one strict CSP, with the header-only directives', () => {
    expect(csp).toContain("script-src 'self' 'sha256-a' 'sha256-b'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('upgrade-insecure-requests');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('frame-src https://player.vimeo.com');
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('reads the policy Astro writes into a page', () => {
    expect(
      metaPolicy(
        `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-x'">`,
      ),
    ).toBe("default-src 'self'; script-src 'self' 'sha256-x'");
    expect(metaPolicy('<title>none</title>')).toBeNull();
  });

  it('maps files to their URL paths and cache kinds', () => {
    expect(urlPathsOf('community/index.html')).toEqual([
      '/community',
      '/community/',
      '/community/index.html',
    ]);
    expect(cacheKindFor('/_astro/x.js')).toBe('immutable');
    expect(cacheKindFor('/community')).toBe('html');
    expect(cacheKindFor('/favicon.svg')).toBe('other');
  });
});

describe('forwarded paths (the analytics first-party path)', () => {
  const withForwards = () => ({ ...manifest, forwards: FORWARDS });

  it('are forwarded by every host that can, with the method each takes', () => {
    expect(netlifyRedirects(withForwards())).toContain('/a/script.js https://u.example.org/script.js 200');
    expect(netlifyRedirects(withForwards())).toContain('/a/api/send https://u.example.org/api/send 200');
    const vercel = vercelOutputConfig(withForwards());
    expect(resolveVercel(vercel, servedFiles(manifest), '/a/api/send', 'POST')).toMatchObject({
      forwardedTo: 'https://u.example.org/api/send',
      headers: expectedSecurity(manifest),
    });
    // Another method is not forwarded: the not-found page, as from the server.
    expect(resolveVercel(vercel, servedFiles(manifest), '/a/api/send', 'GET').status).toBe(404);
    const nginx = nginxConfig(withForwards(), { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE });
    const send = nginxResolve(nginx, '/a/api/send');
    expect(send.body).toContain('proxy_pass https://u.example.org/api/send;');
    expect(send.body).toMatch(/limit_except POST \{\s*deny all;\s*\}/);
    expect(send.body).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(send.body).toContain('proxy_hide_header Set-Cookie;');
    expect(send.headers).toEqual({ ...expectedSecurity(manifest), 'cache-control': 'no-store' });
    expect(nginxResolve(nginx, '/a/script.js').headers['cache-control']).toBe(
      'public, max-age=86400, must-revalidate',
    );
  });

  it('are absent from every config of a build that forwards nothing', () => {
    expect(netlifyRedirects(manifest)).not.toContain('https://');
    expect(JSON.stringify(vercelOutputConfig(manifest))).not.toContain('https://u.example.org');
    expect(nginxConfig(manifest, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE })).not.toContain(
      'proxy_pass',
    );
  });
});
