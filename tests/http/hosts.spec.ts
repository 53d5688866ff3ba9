/**
 * Over real HTTP, against the production build: nginx with the generated config answers every
 * route of the build's manifest as it says (`npm run check:deploy`: status, Location with the
 * query, caching and security headers), and what the manifest does not list: compression, refused
 * methods, hostile paths. The Node server's answer to every route of a manifest, behind TLS and on
 * plain HTTP, is tests/unit/server/routes.test.ts's (the same code, whatever the build).
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { routeManifest, type RouteManifest } from '../../deploy/routes.ts';
import { checkDeploy } from '../../scripts/check-deploy.ts';
import { startNginx } from '../../harness/nginx.ts';
import { raw } from '../support/raw-http.ts';
import { answerFor, expectedSecurity, hostilePaths, pick } from '../support/site-facts.ts';
import { nginxMissing, skipWhereMissing } from '../support/installed.ts';
import { DIST } from './page-weight.ts';

let nginx: Awaited<ReturnType<typeof startNginx>>;
let manifest: RouteManifest;
let fromNginx: APIRequestContext;

test.beforeAll(async () => {
  skipWhereMissing(nginxMissing());
  manifest = await routeManifest(DIST);
  // Ports next to the end-to-end server's, one per worker.
  nginx = await startNginx(Number(process.env['E2E_PORT'] ?? 4322) + 1 + test.info().parallelIndex);
  fromNginx = await playwrightRequest.newContext({ baseURL: nginx.url });
});

test.afterAll(async () => {
  await fromNginx?.dispose();
  nginx?.stop();
});

test('every route of the manifest: nginx, as check:deploy expects', async () => {
  const lines: string[] = [];
  const failures = await checkDeploy(nginx.url, manifest, { log: (line) => lines.push(line) });
  expect(failures, `nginx:\n${lines.join('\n')}`).toBe(0);
});

test('check:deploy catches a host that lacks the headers and the redirect', async () => {
  const { createServer } = await import('node:http');
  const bare = createServer((_req, res) => res.end('<h1>hello</h1>'));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = bare.address() as { port: number };
    const lines: string[] = [];
    expect(
      await checkDeploy(`http://127.0.0.1:${port}`, manifest, { log: (line) => lines.push(line) }),
    ).toBeGreaterThan(5);
    expect(lines.join('\n')).toContain('content-security-policy: missing');
    expect(lines.join('\n')).toMatch(/expected Location \/\?utm_source=/);
  } finally {
    bare.close();
  }
});

test.describe('nginx, beyond the routes (the Node server: tests/unit/server/)', () => {
  /** What nginx sends with every answer: the full set (runtime/rules.ts). */
  const security = () => expectedSecurity(manifest);
  const get = (path: string) => fromNginx.get(path, { maxRedirects: 0, failOnStatusCode: false });

  test('text is sent compressed with Vary: Accept-Encoding; the .br and .gz copies are never files of their own', async () => {
    const page = await get('/community');
    const asset = /\/_astro\/[^"]+\.(?:js|css)/.exec(await page.text())![0];
    for (const path of ['/', asset]) {
      const gzip = await fromNginx.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding'], path).toBe('gzip');
      expect(gzip.headers()['vary'], path).toMatch(/accept-encoding/i);
    }
    for (const path of ['/index.html.br', '/index.html.gz', '/community/index.html.gz', '/404.html.br']) {
      const response = await get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(await response.text()).toContain('Oops! Page not found');
    }
  });

  test('unknown methods get 405 with the security headers', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fromNginx.fetch('/', { method, failOnStatusCode: false, data: 'x' });
      expect(response.status(), method).toBe(405);
      expect(pick(response.headers(), security()), method).toEqual(security());
    }
  });

  test('hostile paths get 400, 404 or 414 with the security headers, and nginx keeps serving', async () => {
    for (const path of hostilePaths('etc/passwd')) {
      // On the wire exactly as written: a URL library would resolve `..` and `//` first.
      const response = await raw(nginx.url, path);
      // nginx resolves dot segments first: a path that then names a page of the build gets it.
      const resolved = answerFor(manifest, new URL(path, 'http://host').pathname).status === 200;
      expect(resolved ? [200, 400, 404, 414] : [400, 404, 414], path).toContain(response.status);
      expect(response.body.toString()).not.toMatch(/root:x:0|"devDependencies"|\[core\]|PUBLIC_|fastify/);
      expect(pick(response.headers, security()), path).toEqual(security());
    }
    expect((await get('/')).status()).toBe(200);
  });
});
