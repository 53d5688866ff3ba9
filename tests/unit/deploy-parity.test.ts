// @vitest-environment node
/**
 * The host configs generated from deploy/ say the same thing as the Node server: for every
 * kind of path, the same headers; for the redirect, the same status and target.
 */
import { describe, expect, it } from 'vitest';
import { cspDirectives, metaPolicy, unionPolicy } from '../../deploy/csp.ts';
import {
  netlifyHeaders,
  netlifyRedirects,
  nginxConfig,
  pagePaths,
  vercelConfig,
  type BuildFacts,
} from '../../deploy/host-configs.ts';
import { cacheKindFor, findRedirect, headersFor, hsts } from '../../deploy/rules.ts';

const csp = unionPolicy([
  `${cspDirectives({ frameOrigins: ['https://player.vimeo.com'] }).join('; ')}; script-src 'self' 'sha256-a'; style-src 'self'`,
  "script-src 'self' 'sha256-b'",
]);
const facts: BuildFacts = {
  csp,
  pages: ['/', '/index.html', '/community', '/community/', '/community/index.html'],
  assets: ['/favicon.svg', '/avatars/a.svg'],
};
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

function vercelResolve(json: string, path: string): Headers {
  const config = JSON.parse(json) as {
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };
  const headers: Headers = {};
  for (const rule of config.headers) {
    const pattern = new RegExp(`^${rule.source.replace(/\(\.\*\)/g, '.*')}$`);
    if (!pattern.test(path)) continue;
    for (const { key, value } of rule.headers) {
      if (headers[key.toLowerCase()]) throw new Error(`vercel.json sets ${key} twice for ${path}`);
      headers[key.toLowerCase()] = value;
    }
  }
  return headers;
}

/** nginx: an exact location wins, else the longest prefix; its add_header lines are the whole set. */
function nginxResolve(conf: string, path: string): { headers: Headers; body: string } {
  const blocks = [...conf.matchAll(/location (=\s)?(\S+) \{([\s\S]*?)\n {2}\}/g)].map((m) => ({
    exact: Boolean(m[1]),
    path: m[2]!,
    body: m[3]!,
  }));
  const block =
    blocks.find((b) => b.exact && b.path === path) ??
    blocks
      .filter((b) => !b.exact && path.startsWith(b.path))
      .sort((a, b) => b.path.length - a.path.length)[0]!;
  const headers: Headers = {};
  for (const m of block.body.matchAll(/add_header (\S+) "((?:[^"\\]|\\.)*)" always;/g)) {
    headers[m[1]!.toLowerCase()] = m[2]!.replace(/\\"/g, '"');
  }
  return { headers, body: block.body };
}

describe('host configs agree with the server', () => {
  const netlify = netlifyHeaders(facts);
  const vercel = vercelConfig(facts);
  const nginx = nginxConfig(facts, { root: '/srv/site', port: 8080 });

  it.each(PATHS)('%s gets the same headers from every host', (path) => {
    const server = lower(headersFor(path, csp));
    expect(netlifyResolve(netlify, path)).toEqual(server);
    expect(vercelResolve(vercel, path)).toEqual(server);
    expect(nginxResolve(nginx, path).headers).toEqual(server);
  });

  it('the not-found page carries the same headers on nginx as on the server', () => {
    expect(nginxResolve(nginx, '/404.html').headers).toEqual(lower(headersFor('/404.html', csp)));
    expect(nginx).toMatch(/error_page 400 404 \/404\.html;/);
  });

  it('every host redirects /oh-shit-kit (with or without slash) to / with 301', () => {
    for (const from of ['/oh-shit-kit', '/oh-shit-kit/']) {
      expect(findRedirect(from)).toEqual({ from: '/oh-shit-kit', to: '/', status: 301 });
      expect(netlifyRedirects()).toContain(`${from} / 301`);
      expect(JSON.parse(vercel).redirects).toContainEqual({
        source: from,
        destination: '/',
        statusCode: 301,
      });
      const { body, headers } = nginxResolve(nginx, from);
      expect(body).toContain('return 301 /$is_args$args;');
      expect(headers).toEqual(lower(headersFor('/', csp)));
    }
  });
});

describe('the policy', () => {
  it('sends security headers with every response', () => {
    const headers = headersFor('/', csp);
    expect(headers).toMatchObject({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'X-Frame-Options': 'DENY',
    });
    expect(headers['Permissions-Policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(hsts(true)).toBe('max-age=63072000; includeSubDomains; preload');
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
