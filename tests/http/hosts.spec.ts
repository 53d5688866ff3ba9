/**
 * Over real HTTP, against the production build: the Node server (`npm run serve`) and nginx
 * with the generated config give the same routes, statuses, headers and hostile-path answers.
 * The Node server is asked as a TLS proxy reaches it (X-Forwarded-Proto: https, from loopback,
 * which it trusts by default); over plain HTTP it leaves out HSTS and upgrade-insecure-requests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { checkDeploy } from '../../scripts/check-deploy.ts';
import { startNginx } from '../../scripts/lib/nginx.ts';

const BEHIND_TLS = { 'x-forwarded-proto': 'https' };

const SECURITY = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

const HOSTILE = [
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%252e%252e%252fetc%252fpasswd',
  '/..%5c..%5cwindows%5cwin.ini',
  '/community/../../../etc/passwd',
  '/_astro/..%2f..%2fpackage.json',
  '/%c0%ae%c0%ae/etc/passwd',
  '/index.html%00.js',
  '/%00',
  '/%E0%A4%A',
  '/%',
  '/%zz',
  `/${'a'.repeat(4000)}`,
  `/${'../'.repeat(300)}etc/passwd`,
  '/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '/"><svg/onload=alert(1)>',
  '/.env',
  '/.git/config',
  '/package.json',
  '/server/app.ts',
  '/deploy/rules.ts',
  '/_headers',
];

let nginx: Awaited<ReturnType<typeof startNginx>>;
const hosts: Record<string, APIRequestContext> = {};

test.beforeAll(async ({ baseURL }) => {
  // Ports next to the end-to-end server's, one per worker.
  nginx = await startNginx(Number(process.env['E2E_PORT'] ?? 4322) + 1 + test.info().parallelIndex);
  hosts['node'] = await playwrightRequest.newContext({ baseURL: baseURL!, extraHTTPHeaders: BEHIND_TLS });
  hosts['nginx'] = await playwrightRequest.newContext({ baseURL: nginx.url });
});

test.afterAll(async () => {
  for (const context of Object.values(hosts)) await context.dispose();
  nginx?.stop();
});

for (const host of ['node', 'nginx']) {
  test.describe(host, () => {
    const get = (path: string) => hosts[host]!.get(path, { maxRedirects: 0, failOnStatusCode: false });

    test('routes answer 200, 301 for the old kit address, 404 for anything else', async () => {
      for (const [path, status] of [
        ['/', 200],
        ['/community', 200],
        ['/community/', 200],
        ['/nope', 404],
        ['/community/nope', 404],
      ] as const) {
        const response = await get(path);
        expect(response.status(), path).toBe(status);
        if (status === 404) expect(await response.text()).toContain('Oops! Page not found');
      }
      for (const path of ['/oh-shit-kit', '/oh-shit-kit/']) {
        const response = await get(path);
        expect(response.status()).toBe(301);
        expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/');
      }
      const withQuery = await get('/oh-shit-kit?utm_source=mail');
      expect(new URL(withQuery.headers()['location']!, 'http://x').search).toBe('?utm_source=mail');
    });

    test('security headers arrive on every route, the 404 and the redirect included', async () => {
      for (const path of ['/', '/community', '/nope', '/oh-shit-kit', '/favicon.svg']) {
        const headers = (await get(path)).headers();
        expect(headers, path).toMatchObject(SECURITY);
        expect(headers['content-security-policy']).toMatch(
          /^default-src 'self';.*frame-ancestors 'none'; upgrade-insecure-requests$/,
        );
        expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
        expect(headers['permissions-policy']).toContain('geolocation=()');
      }
    });

    test('hashed assets are immutable, HTML revalidates, and text is sent compressed', async () => {
      // The community page's islands are script files (the kit page's one script is inline).
      const page = await get('/community');
      expect(page.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
      const html = await page.text();
      const asset = /\/_astro\/[^"]+\.(?:js|css)/.exec(html)![0];
      const response = await hosts[host]!.get(asset, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers()['content-encoding']).toBe('gzip');
    });

    test('compressed answers say Vary: Accept-Encoding; the .br and .gz copies are never files of their own', async () => {
      const gzip = await hosts[host]!.get('/', { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding']).toBe('gzip');
      expect(gzip.headers()['vary']).toMatch(/accept-encoding/i);
      for (const path of ['/index.html.br', '/index.html.gz', '/community/index.html.gz', '/404.html.br']) {
        const response = await get(path);
        expect(response.status(), path).toBe(404);
        expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
        expect(await response.text()).toContain('Oops! Page not found');
      }
    });

    test('unknown methods get 405, and every error carries the security headers', async () => {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await hosts[host]!.fetch('/', { method, failOnStatusCode: false, data: 'x' });
        expect(response.status(), method).toBe(405);
        expect(response.headers()['x-frame-options'], method).toBe('DENY');
        expect(response.headers()['content-security-policy'], method).toContain("frame-ancestors 'none'");
      }
    });

    test('hostile paths get 400 or 404 and the host keeps serving', async () => {
      for (const path of HOSTILE) {
        const response = await get(path);
        expect([400, 404], path).toContain(response.status());
        const body = await response.text();
        expect(body).not.toMatch(/root:x:0|"devDependencies"|\[core\]|PUBLIC_|fastify/);
        expect(response.headers()['x-frame-options']).toBe('DENY');
      }
      expect((await get('/')).status()).toBe(200);
    });
  });
}

test('the Node server and nginx send the same CSP', async () => {
  const node = (await hosts['node']!.get('/')).headers()['content-security-policy'];
  const fromNginx = (await hosts['nginx']!.get('/')).headers()['content-security-policy'];
  expect(fromNginx).toBe(node);
});

test('over plain HTTP the Node server drops HSTS and upgrade-insecure-requests; nginx keeps the full policy', async ({
  baseURL,
}) => {
  const plain = await playwrightRequest.newContext({ baseURL: baseURL! });
  try {
    for (const path of ['/', '/nope', '/favicon.svg']) {
      const headers = (await plain.get(path, { failOnStatusCode: false })).headers();
      expect(headers['strict-transport-security'], path).toBeUndefined();
      expect(headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'$/);
      expect(headers['x-frame-options'], path).toBe('DENY');
    }
    const fromNginx = (await hosts['nginx']!.get('/')).headers();
    expect(fromNginx['strict-transport-security']).toBe(SECURITY['strict-transport-security']);
    expect(fromNginx['content-security-policy']).toMatch(/upgrade-insecure-requests$/);
  } finally {
    await plain.dispose();
  }
});

test('nginx takes the security headers from the one generated include', () => {
  const site = readFileSync(join(nginx.prefix, 'site.conf'), 'utf8');
  const include = readFileSync(join(nginx.prefix, 'security-headers.conf'), 'utf8');
  expect(site).toContain(`include ${join(nginx.prefix, 'security-headers.conf')};`);
  expect(site).not.toMatch(/add_header (Content-Security-Policy|Strict-Transport-Security|X-Frame-Options)/);
  expect(include).toMatch(/add_header Content-Security-Policy ".*upgrade-insecure-requests" always;/);
  expect(site).toMatch(/gzip_vary on;/);
});

test('npm run check:deploy passes against both, and catches a host that lacks the headers', async ({
  baseURL,
}) => {
  const quiet = () => {};
  expect(await checkDeploy(baseURL!, quiet, BEHIND_TLS)).toBe(0);
  expect(await checkDeploy(nginx.url, quiet)).toBe(0);
  // A bare static server (no headers, no redirect) fails the check.
  const { createServer } = await import('node:http');
  const bare = createServer((_req, res) => res.end('<h1>hello</h1>'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const { port } = bare.address() as { port: number };
  const lines: string[] = [];
  expect(await checkDeploy(`http://127.0.0.1:${port}`, (line) => lines.push(line))).toBeGreaterThan(5);
  expect(lines.join('\n')).toContain('content-security-policy: missing');
  bare.close();
});
