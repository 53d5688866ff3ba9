// @vitest-environment node
/**
 * The host configs generated from deploy/ say the same thing as the Node server: for every
 * kind of path, the same headers; for the redirect, the same status and target; for a missing
 * path, the not-found page with 404; and the same forwarded paths.
 */
import { describe, expect, it } from 'vitest';
import { cspDirectives, metaPolicy, unionPolicy } from '../../deploy/csp.ts';
import {
  netlifyHeaders,
  netlifyRedirects,
  nginxConfig,
  nginxSecurityHeaders,
  pagePaths,
  vercelOutputConfig,
  type BuildFacts,
} from '../../deploy/host-configs.ts';
import {
  cacheKindFor,
  findRedirect,
  headersFor,
  hsts,
  notFoundPage,
  securityHeaders,
  TIME_LIMITS,
  type Forward,
} from '../../deploy/rules.ts';
import { resolveVercel } from '../support/vercel-routes.ts';

const csp = unionPolicy([
  `${cspDirectives({ frameOrigins: ['https://player.vimeo.com'] }).join('; ')}; script-src 'self' 'sha256-a'; style-src 'self'`,
  "script-src 'self' 'sha256-b'",
]);
const facts: BuildFacts = {
  csp,
  pages: ['/', '/index.html', '/community', '/community/', '/community/index.html'],
  assets: ['/favicon.svg', '/avatars/a.svg'],
  immutable: ['/_astro/app.Ab12.js'],
  forwards: [],
};
/** The files Vercel serves from `.vercel/output/static/` for these facts. */
const vercelFiles = new Set([
  ...facts.pages.filter((path) => path.endsWith('.html')),
  ...facts.assets,
  ...facts.immutable,
  notFoundPage,
]);
const MISSING = ['/nope', '/community/nope', '/_astro/gone.js', '/avatars/b.svg', notFoundPage];
const FORWARDS: Forward[] = [
  { path: '/a/script.js', method: 'GET', upstream: 'https://u.example.org/script.js' },
  { path: '/a/api/send', method: 'POST', upstream: 'https://u.example.org/api/send' },
];
const PATHS = [
  '/',
  '/community',
  '/community/',
  '/community/index.html',
  '/_astro/app.Ab12.js',
  '/favicon.svg',
  '/avatars/a.svg',
];

type Headers = Record<string, string>;
const lower = (headers: Headers) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** Netlify/Cloudflare semantics: every matching rule applies; a header set twice would be joined. */
function netlifyResolve(text: string, path: string): Headers {
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

const HEADERS_FILE = '/srv/deploy/security-headers.conf';

/**
 * nginx: an exact location wins, then a matching regex location, else the longest prefix; its
 * add_header lines (with the include file's, read in place) are the whole set.
 */
function nginxResolve(
  conf: string,
  path: string,
  include = nginxSecurityHeaders(csp),
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

describe('host configs agree with the server', () => {
  const netlify = netlifyHeaders(facts);
  const vercel = vercelOutputConfig(facts);
  const nginx = nginxConfig(facts, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE });

  it.each(PATHS)('%s gets the same headers from every host', (path) => {
    const server = lower(headersFor(path, csp));
    expect(netlifyResolve(netlify, path)).toEqual(server);
    expect(resolveVercel(vercel, vercelFiles, path)).toMatchObject({ status: 200, headers: server });
    expect(nginxResolve(nginx, path).headers).toEqual(server);
  });

  it('Vercel serves each page at its clean URL, with or without the slash, and the files as they are', () => {
    expect(resolveVercel(vercel, vercelFiles, '/').served).toBe('/index.html');
    expect(resolveVercel(vercel, vercelFiles, '/community').served).toBe('/community/index.html');
    expect(resolveVercel(vercel, vercelFiles, '/community/').served).toBe('/community/index.html');
    expect(resolveVercel(vercel, vercelFiles, '/favicon.svg').served).toBe('/favicon.svg');
  });

  it.each(MISSING)(
    '%s: the not-found page with 404 and its headers, on Vercel as from the server',
    (path) => {
      expect(resolveVercel(vercel, vercelFiles, path)).toEqual({
        status: 404,
        served: notFoundPage,
        headers: lower(headersFor(notFoundPage, csp)),
      });
    },
  );

  it('the not-found page carries the same headers on nginx as on the server', () => {
    expect(nginxResolve(nginx, '/404.html').headers).toEqual(lower(headersFor('/404.html', csp)));
    expect(nginx).toMatch(/error_page 400 404 \/404\.html;/);
  });

  it('every host redirects /oh-shit-kit (with or without slash) to / with 301', () => {
    for (const from of ['/oh-shit-kit', '/oh-shit-kit/']) {
      expect(findRedirect(from)).toEqual({ from: '/oh-shit-kit', to: '/', status: 301 });
      expect(netlifyRedirects()).toContain(`${from} / 301`);
      expect(resolveVercel(vercel, vercelFiles, from)).toEqual({
        status: 301,
        served: null,
        headers: { ...lower(headersFor('/', csp)), location: '/' },
      });
      const { body, headers } = nginxResolve(nginx, from);
      expect(body).toContain('return 301 /$is_args$args;');
      expect(headers).toEqual(lower(headersFor('/', csp)));
    }
  });
});

describe('the nginx config', () => {
  const nginx = nginxConfig(facts, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE });
  const include = nginxSecurityHeaders(csp);

  it('keeps the security headers in one generated include, used by every location that answers', () => {
    const lines = include.split('\n').filter((line) => line.startsWith('add_header'));
    expect(lines).toHaveLength(Object.keys(securityHeaders(csp)).length);
    expect(include).toContain('upgrade-insecure-requests');
    expect(include).toContain('Strict-Transport-Security');
    // No security header is written in nginx.conf itself: only Cache-Control varies by location.
    for (const m of nginx.matchAll(/add_header (\S+)/g)) expect(m[1]).toBe('Cache-Control');
    const answering = [...nginx.matchAll(/location [^{]+\{([\s\S]*?)\n {2}\}/g)].filter(
      (m) => !/return 404;/.test(m[1]!),
    );
    expect(answering.length).toBeGreaterThan(5);
    for (const m of answering) expect(m[1]).toContain(`include ${HEADERS_FILE};`);
  });

  it('sends Vary with the gzip files, and never serves the .br/.gz copies or the host configs as files', () => {
    expect(nginx).toMatch(/^\s*gzip_static on;$/m);
    expect(nginx).toMatch(/^\s*gzip_vary on;$/m);
    for (const path of [
      '/index.html.br',
      '/index.html.gz',
      '/_astro/app.js.br',
      '/_headers',
      '/_redirects',
      '/_forwards.json',
    ]) {
      expect(nginxResolve(nginx, path).body, path).toContain('return 404;');
    }
    expect(nginxResolve(nginx, '/_astro/app.js').body).toContain('try_files $uri =404;');
  });

  it('uses brotli_static only when the nginx has the module, and says why not otherwise', () => {
    expect(nginx).not.toMatch(/^\s*brotli_static/m);
    expect(nginx).toMatch(/# No brotli module in this nginx: browsers get the \.gz files/);
    const withBrotli = nginxConfig(facts, {
      root: '/srv/site',
      port: 8080,
      headersFile: HEADERS_FILE,
      brotli: true,
    });
    expect(withBrotli).toMatch(/^\s*brotli_static on;$/m);
  });

  it('cuts slow clients with the same limits as the Node server', () => {
    expect(nginx).toContain(`client_header_timeout ${TIME_LIMITS.headers}s;`);
    expect(nginx).toContain(`send_timeout ${TIME_LIMITS.idle}s;`);
    expect(nginx).toContain(`client_body_timeout ${TIME_LIMITS.idle}s;`);
    expect(nginx).toContain(`keepalive_timeout ${TIME_LIMITS.keepAlive}s;`);
  });
});

describe('the policy', () => {
  it('sends security headers with every response', () => {
    const headers = headersFor('/', csp);
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
    const tls = securityHeaders(csp);
    const plain = securityHeaders(csp, 'http');
    expect(plain['Strict-Transport-Security']).toBeUndefined();
    expect(plain['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(`${plain['Content-Security-Policy']}; upgrade-insecure-requests`).toBe(
      tls['Content-Security-Policy'],
    );
    const { ['Strict-Transport-Security']: _hsts, ['Content-Security-Policy']: _csp, ...rest } = tls;
    expect(plain).toMatchObject(rest);
    // The host configs always carry the full policy.
    expect(netlifyHeaders(facts)).toContain('upgrade-insecure-requests');
    expect(JSON.stringify(vercelOutputConfig(facts))).toContain('Strict-Transport-Security');
    expect(nginxSecurityHeaders(csp)).toContain('upgrade-insecure-requests');
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
    expect(pagePaths('community/index.html')).toEqual(['/community', '/community/', '/community/index.html']);
    expect(cacheKindFor('/_astro/x.js')).toBe('immutable');
    expect(cacheKindFor('/community')).toBe('html');
    expect(cacheKindFor('/favicon.svg')).toBe('other');
  });
});

describe('forwarded paths (the analytics first-party path)', () => {
  const withForwards = { ...facts, forwards: FORWARDS };

  it('are forwarded by every host that can, with the method each takes', () => {
    expect(netlifyRedirects(FORWARDS)).toContain('/a/script.js https://u.example.org/script.js 200');
    expect(netlifyRedirects(FORWARDS)).toContain('/a/api/send https://u.example.org/api/send 200');
    const vercel = vercelOutputConfig(withForwards);
    expect(resolveVercel(vercel, vercelFiles, '/a/api/send', 'POST')).toMatchObject({
      forwardedTo: 'https://u.example.org/api/send',
      headers: lower(securityHeaders(csp)),
    });
    // Another method is not forwarded: the not-found page, as from the server.
    expect(resolveVercel(vercel, vercelFiles, '/a/api/send', 'GET').status).toBe(404);
    const nginx = nginxConfig(withForwards, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE });
    const send = nginxResolve(nginx, '/a/api/send');
    expect(send.body).toContain('proxy_pass https://u.example.org/api/send;');
    expect(send.body).toMatch(/limit_except POST \{\s*deny all;\s*\}/);
    expect(send.body).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(send.body).toContain('proxy_hide_header Set-Cookie;');
    expect(send.headers).toEqual({ ...lower(securityHeaders(csp)), 'cache-control': 'no-store' });
    expect(nginxResolve(nginx, '/a/script.js').headers['cache-control']).toBe(
      'public, max-age=86400, must-revalidate',
    );
  });

  it('are absent from every config of a build that forwards nothing', () => {
    expect(netlifyRedirects()).not.toContain(' 200');
    expect(JSON.stringify(vercelOutputConfig(facts))).not.toContain('https://u.example.org');
    expect(nginxConfig(facts, { root: '/srv/site', port: 8080, headersFile: HEADERS_FILE })).not.toContain(
      'proxy_pass',
    );
  });
});
