/**
 * The analytics first-party path on the Node server, over real HTTP: a build that lists forwarded
 * paths (runtime/rules.ts FORWARDS_FILE) has them passed on to a stand-in provider with the
 * visitor's address, browser and body, and answered with the provider's answer under our headers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeManifest } from '../../deploy/routes.ts';
import { buildServer, type SiteServer } from '../../server/app.ts';
import { FORWARD_LIMITS } from '../../server/forwarding.ts';
import { expectedSecurity, pick } from '../support/site-facts.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let root: string;
let provider: Server;
let providerOrigin: string;
let app: SiteServer;
let base: string;
/** Our security headers over plain HTTP, for this build (its CSP). */
let security: Record<string, string>;
const received: Received[] = [];

/** Each of our security headers, with a value of the provider's own that must never reach a visitor. */
const providersOwnSecurity = Object.fromEntries(
  Object.keys(expectedSecurity({ csp: '', hsts: '' })).map((name) => [name, 'from-the-provider']),
);

const headersOf = (response: Response) => Object.fromEntries(response.headers);

beforeAll(async () => {
  provider = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (request.url === '/script.js') {
        response.writeHead(200, { 'content-type': 'application/javascript', ...providersOwnSecurity });
        response.end('window.umami = {};');
      } else {
        response.writeHead(202, { 'content-type': 'text/plain', 'set-cookie': 'tracking=1' });
        response.end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerOrigin = `http://127.0.0.1:${(provider.address() as { port: number }).port}`;

  root = await mkdtemp(join(tmpdir(), 'be-forwards-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Kit</title>');
  await writeFile(
    join(root, '404.html'),
    '<!doctype html><title>Not found</title><h1>Oops! Page not found</h1>',
  );
  await writeFile(
    join(root, '_forwards.json'),
    JSON.stringify([
      { path: '/a/script.js', method: 'GET', upstream: `${providerOrigin}/script.js` },
      { path: '/a/event', method: 'POST', upstream: `${providerOrigin}/api/event` },
      { path: '/a/gone', method: 'POST', upstream: 'http://127.0.0.1:9/api/event' },
    ]),
  );
  security = expectedSecurity(await routeManifest(root), 'http');
  app = await buildServer({ root });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  provider.close();
  await rm(root, { recursive: true, force: true });
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': 'text/plain', ...headers } });

describe('a forwarded path', () => {
  it('passes the event on with the visitor’s browser and address, never their cookies', async () => {
    received.length = 0;
    const event = JSON.stringify({ n: 'cta_click', u: 'https://buildequity.com/', d: 'buildequity.com' });
    const response = await post('/a/event', event, {
      'user-agent': 'Mozilla/5.0 (Test)',
      'accept-language': 'en-GB',
      cookie: 'session=secret',
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('ok');
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/event', body: event });
    expect(sent!.headers).toMatchObject({
      'content-type': 'text/plain',
      'user-agent': 'Mozilla/5.0 (Test)',
      'accept-language': 'en-GB',
      'x-forwarded-for': '127.0.0.1',
    });
    expect(sent!.headers.cookie).toBeUndefined();
  });

  it('answers under our own security headers, uncached, without the provider’s cookie', async () => {
    const response = await post('/a/event', '{}');
    expect(pick(headersOf(response), security)).toEqual(security);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('behind a trusted proxy, sends the visitor’s address from X-Forwarded-For, not the proxy’s', async () => {
    received.length = 0;
    await post('/a/event', '{}', { 'x-forwarded-for': '203.0.113.7' });
    expect(received[0]!.headers['x-forwarded-for']).toBe('203.0.113.7');
  });

  it('a GET path (Umami’s script) is passed on too, cacheable for a day, with our headers only', async () => {
    const response = await fetch(`${base}/a/script.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('window.umami = {};');
    expect(response.headers.get('content-type')).toBe('application/javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400, must-revalidate');
    expect(pick(headersOf(response), security)).toEqual(security);
  });

  it('takes only its own method, and no body over the limit', async () => {
    expect((await fetch(`${base}/a/event`)).status).toBe(404);
    expect((await post('/a/script.js', '{}')).status).toBe(405);
    const tooBig = await post('/a/event', 'x'.repeat(FORWARD_LIMITS.bodyBytes + 1));
    expect(tooBig.status).toBe(413);
    expect(pick(headersOf(tooBig), security)).toEqual(security);
  });

  it('answers 502 with the headers when the provider cannot be reached, and the site keeps serving', async () => {
    const response = await post('/a/gone', '{}');
    expect(response.status).toBe(502);
    expect(pick(headersOf(response), security)).toEqual(security);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });

  it('the list itself is never served', async () => {
    expect((await fetch(`${base}/_forwards.json`)).status).toBe(404);
  });
});
