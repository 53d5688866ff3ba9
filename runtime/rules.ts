/**
 * The one source of truth for what every host answers beyond the files themselves:
 * redirects, the not-found page, and response headers. The Node server reads it
 * directly; the host configs (Netlify/Cloudflare `_headers` and `_redirects`,
 * `vercel.json`, `nginx.conf`) are generated from it.
 */
export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302 | 308;
}

export const redirects: readonly Redirect[] = [{ from: '/oh-shit-kit', to: '/', status: 301 }];

/** The page sent, with status 404, for any path that is not a file of the build. */
export const notFoundPage = '/404.html';

/**
 * Paths of our own origin that forward to another origin: the analytics first-party path
 * (PUBLIC_ANALYTICS_PROXY=true). The build lists them in FORWARDS_FILE; every host config and the
 * Node server forward them, so the browser only ever talks to our origin.
 */
export interface Forward {
  path: string;
  method: 'GET' | 'POST';
  /** The URL on the other origin. */
  upstream: string;
}

/**
 * Where the build lists its forwarded paths (absent when there are none). nginx and the Node server
 * never serve it; on Netlify and Cloudflare Pages it is a file like any other, holding nothing the
 * pages do not show already (the provider's address).
 */
export const FORWARDS_FILE = '_forwards.json';

/** Where the build lists its running split tests (runtime/experiments.ts; absent when none runs). */
export const EXPERIMENTS_FILE = '_experiments.json';

/**
 * Where the build says what the security headers follow from its settings: `{ "hstsPreload": true }`
 * with HSTS_PRELOAD=true (absent otherwise). Every host's config is written from it, and the Node
 * server reads it at start (deploy/build-output.ts): a header the build writes into every host's
 * config is the build's, not a server's environment's.
 */
export const SECURITY_FILE = '_security.json';

/**
 * Host config files the build carries for other hosts: never served as pages. With a split test
 * running, also its list and Cloudflare Pages' worker and routes (deploy/experiment-hosts.ts).
 */
export const HOST_CONFIG_FILES = [
  '_headers',
  '_redirects',
  FORWARDS_FILE,
  EXPERIMENTS_FILE,
  SECURITY_FILE,
  '_worker.js',
  '_routes.json',
] as const;

/** Hashed build assets never change under the same name. */
export const IMMUTABLE_PREFIX = '/_astro/';

export const cacheControl = {
  immutable: 'public, max-age=31536000, immutable',
  /** HTML is revalidated on every visit, so a deploy shows at once. */
  html: 'public, max-age=0, must-revalidate',
  /** Unhashed files (favicon, placeholder, og images, robots.txt): a day, then revalidate. */
  other: 'public, max-age=86400, must-revalidate',
} as const;

export type CacheKind = keyof typeof cacheControl;

/** A forwarded answer: a script may be kept a day like other unhashed files; an event's answer, never. */
export function forwardCacheControl(forward: Forward): string {
  return forward.method === 'GET' ? cacheControl.other : 'no-store';
}

export function cacheKindFor(path: string): CacheKind {
  if (path.startsWith(IMMUTABLE_PREFIX)) return 'immutable';
  if (path.endsWith('/') || path.endsWith('.html') || !/\.[a-z0-9]+$/i.test(path)) return 'html';
  return 'other';
}

/**
 * Time limits for slow clients, in seconds: the Node server and nginx apply the same, so a client
 * that stops reading or stops sending is cut within 30 s and holds nothing meanwhile.
 */
export const TIME_LIMITS = {
  /** No byte moving on a connection (a stalled reader, a body that stopped): cut (nginx send_timeout, client_body_timeout). */
  idle: 15,
  /** The request line and headers must arrive within this (nginx client_header_timeout). */
  headers: 10,
  /** The whole request must arrive within this. */
  request: 20,
  /** An idle keep-alive connection is closed after this (nginx keepalive_timeout). */
  keepAlive: 10,
} as const;

const TWO_YEARS = 63_072_000;

/** Strict-Transport-Security: two years with subdomains; `preload` only when the owner opts in (HSTS_PRELOAD). */
export function hsts(preload: boolean): string {
  return `max-age=${TWO_YEARS}; includeSubDomains${preload ? '; preload' : ''}`;
}

/** What a build fixes of the security headers: its site-wide policy and its HSTS (deploy/build-output.ts). */
export interface SitePolicy {
  csp: string;
  hsts: string;
}

/**
 * The policy for a response sent over plain HTTP (no TLS in front of the Node server): the same
 * policy without `upgrade-insecure-requests`. WebKit upgrades every subresource of a plain-HTTP
 * page to https, loopback included, so a local `npm start` would get an unstyled page.
 */
export function plainHttpPolicy(csp: string): string {
  return csp
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && part.toLowerCase() !== 'upgrade-insecure-requests')
    .join('; ');
}

/** Features the site never uses, denied to it and to every frame. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'browsing-topics=()',
  'interest-cohort=()',
].join(', ');

/**
 * How a response reaches the browser. `https` (every host config, and the Node server behind a
 * TLS proxy) sends the full set; `http` (the Node server answering plain HTTP, e.g. `npm start` on
 * loopback) leaves out HSTS, which browsers ignore over HTTP anyway, and the CSP's
 * `upgrade-insecure-requests`, which would make Safari fetch every asset over https.
 */
export type Transport = 'https' | 'http';

/**
 * Headers sent with every response: the security headers, in one place. No
 * Cross-Origin-Opener-Policy: the site opens no window and holds no secret an opener could reach,
 * and `same-origin` made a page loaded from a fresh tab start in a new browsing context group (a
 * new renderer process), which Lighthouse's cold start measured as 0.3 to 3 s of extra blocking
 * time (`npm run bench:coop`; docs/speed.md).
 */
export function securityHeaders(policy: SitePolicy, transport: Transport = 'https'): Record<string, string> {
  const tls = transport === 'https';
  return {
    'Content-Security-Policy': tls ? policy.csp : plainHttpPolicy(policy.csp),
    ...(tls ? { 'Strict-Transport-Security': policy.hsts } : {}),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** Every header a response for `path` carries: security headers and caching by the kind of file. */
export function headersFor(
  path: string,
  policy: SitePolicy,
  transport: Transport = 'https',
): Record<string, string> {
  return { ...securityHeaders(policy, transport), 'Cache-Control': cacheControl[cacheKindFor(path)] };
}

/**
 * The same headers under lower-case names, as Node writes them and the route manifest states them
 * (the rules above are written as a reader expects them: `Cache-Control`).
 */
export function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The redirect for a request path (with or without a trailing slash), if any. */
export function findRedirect(path: string): Redirect | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return redirects.find((r) => r.from === trimmed);
}
