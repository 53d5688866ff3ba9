// @vitest-environment node
/**
 * The production server over real HTTP, against a small build made in a temp folder:
 * every route's status (200, 301, 404, 400 for a malformed path), the redirect, caching, compression, HEAD, conditional requests,
 * hostile paths, the headers of every error, Host checks, slow clients and shutdown.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptsHtml,
  buildServer,
  encodingPicker,
  hostAllowed,
  requestPath,
  type ServerOptions,
  type SiteServer,
} from '../../server/app.ts';

const PAGES: Record<string, string> = {
  'index.html': '<!doctype html><title>Kit</title><h1>Kit page</h1>',
  'community/index.html': '<!doctype html><title>Community</title><h1>Community page</h1>',
  'oh-shit-kit/index.html': '<!doctype html><meta http-equiv="refresh" content="0; url=/">',
  '404.html': `<!doctype html><title>Not found</title><h1>Oops! Page not found</h1>${'<!-- pad -->'.repeat(80)}`,
  '_astro/app.Ab12Cd.js': `console.log("hashed");${' '.repeat(600)}`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  _headers: '/*\n  X-Test: 1',
  // Larger than the kernel's socket buffers once pipelined: a reader that stops holds the server's writes.
  'big.bin': 'x'.repeat(400_000),
  _redirects: '/oh-shit-kit / 301',
};

let root: string;
let app: SiteServer;
let base: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Writes `data` on a fresh connection exactly as given; resolves with what came back and how long
 * until the server closed the connection (null: still open after `waitMs`).
 */
function exchange(
  data: string,
  { origin = base, waitMs = 3000, pause = false }: { origin?: string; waitMs?: number; pause?: boolean } = {},
): Promise<{ text: string; closedMs: number | null }> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const start = performance.now();
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(data);
      if (pause) socket.pause();
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedMs: null });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedMs: performance.now() - start });
    });
  });
}

/** The first response in a raw exchange. */
function parse(text: string): Answer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: Buffer.from(rest.join('\r\n\r\n'), 'latin1'),
  };
}

/** A raw HTTP request: the path goes on the wire exactly as given (no normalisation). */
function raw(
  path: string,
  {
    method = 'GET',
    headers = {},
    origin = base,
  }: { method?: string; headers?: Record<string, string>; origin?: string } = {},
) {
  const url = new URL(origin);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, insecureHTTPParser: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'be-server-'));
  for (const [file, body] of Object.entries(PAGES)) {
    await mkdir(join(root, file, '..'), { recursive: true });
    await writeFile(join(root, file), body);
    if (body.length >= 512) {
      await writeFile(join(root, `${file}.br`), brotliCompressSync(body));
      await writeFile(join(root, `${file}.gz`), gzipSync(body));
    }
  }
  // A file outside the build that no request may ever reach.
  await writeFile(join(root, '..', 'be-secret.txt'), 'secret');
  app = await buildServer({ root });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('routes and statuses', () => {
  it('serves / and /community (with or without the slash) with 200', async () => {
    expect((await raw('/')).body.toString()).toContain('Kit page');
    for (const path of ['/community', '/community/', '/community/index.html']) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.toString()).toContain('Community page');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('redirects /oh-shit-kit to / with 301, keeping the query string', async () => {
    for (const path of ['/oh-shit-kit', '/oh-shit-kit/']) {
      const answer = await raw(path);
      expect(answer.status).toBe(301);
      expect(answer.headers['location']).toBe('/');
    }
    expect((await raw('/oh-shit-kit?utm_source=x')).headers['location']).toBe('/?utm_source=x');
  });

  it('answers any other path with 404 and the not-found page', async () => {
    for (const path of ['/nope', '/community/extra', '/404', '/404.html', '/index.htm', '/Community']) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString()).toContain('Oops! Page not found');
    }
  });

  it('answers HEAD like GET without a body, with the same Content-Length (the 404 page too)', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/nope', 404],
      ['/_astro/app.Ab12Cd.js', 200],
    ] as const) {
      for (const encoding of ['br', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const [get, head] = await Promise.all([
          raw(path, { headers }),
          raw(path, { method: 'HEAD', headers }),
        ]);
        expect(head.status, path).toBe(status);
        expect(head.body.length).toBe(0);
        expect(head.headers['content-length'], `${path} ${encoding}`).toBe(String(get.body.length));
        expect(head.headers['content-type']).toBe(get.headers['content-type']);
      }
    }
  });

  it('refuses every other method with 405 and says which are allowed', async () => {
    for (const method of [
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'PROPFIND',
      'TRACE',
      'MKCOL',
      'SEARCH',
    ]) {
      const answer = await raw('/', { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers['allow'], method).toBe('GET, HEAD');
      expectSecurityHeaders(answer, 'http', method);
    }
    // A method the parser does not know at all, and CONNECT, are refused the same way.
    for (const line of ['FOO / HTTP/1.1', `CONNECT 127.0.0.1:${new URL(base).port} HTTP/1.1`]) {
      const answer = parse((await exchange(`${line}\r\nHost: 127.0.0.1\r\n\r\n`)).text);
      expect(answer.status, line).toBe(405);
      expect(answer.headers['allow']).toBe('GET, HEAD');
      expectSecurityHeaders(answer, 'http', line);
    }
  });
});

/** The security headers every answer carries, over plain HTTP (`http`) or behind TLS (`https`). */
function expectSecurityHeaders(answer: Answer, transport: 'http' | 'https', label = '') {
  const csp = answer.headers['content-security-policy'];
  expect(csp, label).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
  expect(answer.headers['x-frame-options'], label).toBe('DENY');
  expect(answer.headers['x-content-type-options'], label).toBe('nosniff');
  expect(answer.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  // None on purpose (deploy/rules.ts): it cost every cold start a new renderer process.
  expect(answer.headers['cross-origin-opener-policy'], label).toBeUndefined();
  expect(answer.headers['cross-origin-resource-policy'], label).toBe('same-origin');
  expect(answer.headers['permissions-policy'], label).toContain('camera=()');
  if (transport === 'https') {
    expect(csp, label).toMatch(/; upgrade-insecure-requests$/);
    expect(answer.headers['strict-transport-security'], label).toBe('max-age=63072000; includeSubDomains');
  } else {
    expect(csp, label).not.toContain('upgrade-insecure-requests');
    expect(answer.headers['strict-transport-security'], label).toBeUndefined();
  }
}

describe('security headers', () => {
  const requests: [string, Parameters<typeof raw>[1]][] = [
    ['/', {}],
    ['/_astro/app.Ab12Cd.js', {}],
    ['/oh-shit-kit', {}],
    ['/nope', {}],
    ['/%E0%A4%A', {}],
    ['/', { method: 'POST' }],
  ];

  it('behind TLS (X-Forwarded-Proto: https from a trusted proxy): the full set on every kind of answer', async () => {
    const tls = { 'x-forwarded-proto': 'https' };
    const answers = await Promise.all(
      requests.map(([path, options]) => raw(path, { ...options, headers: tls })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 301, 404, 400, 405]);
    for (const answer of answers) expectSecurityHeaders(answer, 'https');
  });

  it('over plain HTTP: the same set without HSTS and without upgrade-insecure-requests (Safari on npm start)', async () => {
    const answers = await Promise.all(requests.map(([path, options]) => raw(path, options)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 301, 404, 400, 405]);
    for (const answer of answers) expectSecurityHeaders(answer, 'http');
    // Only that one directive goes: the rest of the policy is the host configs' policy.
    const plain = answers[0]!.headers['content-security-policy'];
    const tls = (await raw('/', { headers: { 'x-forwarded-proto': 'https' } })).headers[
      'content-security-policy'
    ];
    expect(`${plain}; upgrade-insecure-requests`).toBe(tls);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY)', async () => {
    const untrusting = await buildServer({ root, trustProxy: false });
    const elsewhere = await buildServer({ root, trustProxy: '10.0.0.0/8' });
    try {
      for (const server of [untrusting, elsewhere]) {
        const origin = await server.listen({ host: '127.0.0.1', port: 0 });
        const answer = await raw('/', { origin, headers: { 'x-forwarded-proto': 'https' } });
        expectSecurityHeaders(answer, 'http');
      }
    } finally {
      await untrusting.close();
      await elsewhere.close();
    }
  });

  it('never serves the host configs that ride along in the build', async () => {
    for (const file of ['_headers', '_redirects']) {
      expect((await raw(`/${file}`)).status).toBe(404);
    }
  });
});

describe('caching and compression', () => {
  it('marks hashed assets immutable for a year and makes HTML revalidate', async () => {
    expect((await raw('/_astro/app.Ab12Cd.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await raw('/')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await raw('/nope')).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('sends the brotli or gzip file the build made, by Accept-Encoding', async () => {
    const br = await raw('/_astro/app.Ab12Cd.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('hashed');
    const gz = await raw('/_astro/app.Ab12Cd.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('hashed');
    const plain = await raw('/_astro/app.Ab12Cd.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('hashed');
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('compresses the not-found page too', async () => {
    const answer = await raw('/nope', { headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(404);
    expect(brotliDecompressSync(answer.body).toString()).toContain('Oops! Page not found');
  });
});

/** At least 20 hostile paths, each answered 400 or 404 with the not-found page, never a file outside the build. */
const HOSTILE = [
  '/../be-secret.txt',
  '/..%2fbe-secret.txt',
  '/%2e%2e/be-secret.txt',
  '/%2e%2e%2fbe-secret.txt',
  '/%252e%252e%252fbe-secret.txt',
  '/..%5cbe-secret.txt',
  '/..\\be-secret.txt',
  '/community/../../be-secret.txt',
  '/_astro/..%2f..%2fbe-secret.txt',
  '/%c0%ae%c0%ae/be-secret.txt',
  '/index.html%00.js',
  '/%00',
  '/community%00',
  '/%E0%A4%A',
  '/%',
  '/%zz',
  '/%ff%fe',
  `/${'a'.repeat(8000)}`,
  `/${'../'.repeat(500)}etc/passwd`,
  '/<script>alert(1)</script>',
  '/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '/"><img%20src=x%20onerror=alert(1)>',
  '//etc/passwd',
  '/./index.html/..',
  '/etc/passwd',
  '/.env',
  '/.git/config',
  '/server/app.ts',
  '/package.json',
];

describe('hostile paths', () => {
  it('requestPath refuses what cannot be decoded or carries a null byte or backslash', () => {
    expect(requestPath('/%E0%A4%A')).toBeNull();
    expect(requestPath('/a%00b')).toBeNull();
    expect(requestPath('/a%5cb')).toBeNull();
    expect(requestPath('/community?x=1')).toBe('/community');
  });

  it.each(HOSTILE)('%s gets 400 or 404 and nothing outside the build', async (path) => {
    const answer = await raw(path);
    expect([400, 404, 414, 431]).toContain(answer.status);
    const body = answer.body.toString();
    expect(body).not.toContain('secret');
    expect(body).not.toContain('"name"');
    if (answer.status === 400 || answer.status === 404) expect(body).toContain('Oops! Page not found');
  });

  it('is alive and answering after all of them', async () => {
    await Promise.all(HOSTILE.map((path) => raw(path)));
    const answer = await raw('/');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('Kit page');
  });
});

describe('conditional requests', () => {
  it('answers If-None-Match and If-Modified-Since with 304 and the same validators, per encoding', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const first = await raw('/_astro/app.Ab12Cd.js', { headers });
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await raw('/_astro/app.Ab12Cd.js', { headers: { ...headers, 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expectSecurityHeaders(again, 'http');
      const since = await raw('/_astro/app.Ab12Cd.js', {
        headers: { ...headers, 'if-modified-since': first.headers['last-modified'] as string },
      });
      expect(since.status).toBe(304);
    }
    const asset = '/_astro/app.Ab12Cd.js';
    const br = (await raw(asset, { headers: { 'accept-encoding': 'br' } })).headers['etag'];
    const plain = (await raw(asset, { headers: { 'accept-encoding': 'identity' } })).headers['etag'];
    expect(br).not.toBe(plain);
    // A stale tag gets the file.
    expect((await raw('/', { headers: { 'if-none-match': '"old"' } })).status).toBe(200);
  });
});

describe('every answer the framework or the parser makes carries the headers', () => {
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  const json = { accept: 'application/json' };

  it('400 and 404 give HTML clients the not-found page, others a line of text', async () => {
    for (const path of ['/nope', '/%E0%A4%A']) {
      const page = await raw(path, { headers: html });
      expect(page.body.toString()).toContain('Oops! Page not found');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(page, 'http', path);
      const text = await raw(path, { headers: json });
      expect(text.status).toBe(page.status);
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(text.body.toString()).toMatch(/^(400 Bad Request|404 Not Found)\n$/);
      expectSecurityHeaders(text, 'http', path);
    }
  });

  it('a request line the parser refuses gets 400 with the page and the headers, and the server lives', async () => {
    for (const data of [
      'GET /a b HTTP/1.1\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
    ]) {
      const answer = parse((await exchange(data)).text);
      expect(answer.status, JSON.stringify(data)).toBe(400);
      expect(answer.body.toString()).toContain('Oops! Page not found');
      expectSecurityHeaders(answer, 'http', JSON.stringify(data));
    }
    expect((await raw('/')).status).toBe(200);
  });

  it('413 for a GET with a body, 414 for a URL over 8 KB, 431 for headers over the limit', async () => {
    const withBody = await exchange('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello');
    expect(parse(withBody.text).status).toBe(413);
    expectSecurityHeaders(parse(withBody.text), 'http', '413');
    const long = await raw(`/${'a'.repeat(9000)}`);
    expect(long.status).toBe(414);
    expectSecurityHeaders(long, 'http', '414');
    const huge = parse(
      (await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`)).text,
    );
    expect(huge.status).toBe(431);
    expectSecurityHeaders(huge, 'http', '431');
  });

  it('a body of any type is refused with 405 before it is read: never 413 or 415 from the framework', async () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'x/unknown']) {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const url = new URL(base);
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/',
            headers: { 'content-type': type },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }),
            );
          },
        );
        req.on('error', reject);
        req.end('x'.repeat(2_000_000));
      }).catch(() => null);
      // The server may close before the client finished writing 2 MB; when an answer arrived, it is this one.
      if (answer) {
        expect(answer.status).toBe(405);
        expectSecurityHeaders(answer, 'http', type);
      }
    }
    expect((await raw('/')).status).toBe(200);
  });

  it('acceptsHtml: no Accept, text/html, text/* or */*', () => {
    expect(acceptsHtml(undefined)).toBe(true);
    expect(acceptsHtml('text/html')).toBe(true);
    expect(acceptsHtml('*/*')).toBe(true);
    expect(acceptsHtml('application/json')).toBe(false);
    expect(acceptsHtml('image/avif,image/webp')).toBe(false);
  });
});

describe('the Host header', () => {
  it('is required in HTTP/1.1, once, and well formed: 400 with the headers otherwise', async () => {
    for (const [label, head] of [
      ['missing', 'GET / HTTP/1.1\r\n\r\n'],
      ['duplicate', 'GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n'],
      ['markup', 'GET / HTTP/1.1\r\nHost: <script>\r\n\r\n'],
      ['a path', 'GET / HTTP/1.1\r\nHost: a.example/x\r\n\r\n'],
      ['10 kB', `GET / HTTP/1.1\r\nHost: ${'a'.repeat(10_000)}\r\n\r\n`],
    ] as const) {
      const answer = parse((await exchange(head)).text);
      expect(answer.status, label).toBe(400);
      expect(answer.body.toString(), label).toContain('Oops! Page not found');
      expectSecurityHeaders(answer, 'http', label);
    }
    // HTTP/1.0 needs no Host; ordinary names, addresses and ports pass.
    expect(parse((await exchange('GET / HTTP/1.0\r\n\r\n')).text).status).toBe(200);
    for (const host of [
      'buildequity.com',
      'www.buildequity.com:443',
      '127.0.0.1:4321',
      '[::1]:80',
      'my_site.local',
    ]) {
      expect((await raw('/', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('ALLOWED_HOSTS: only the listed names (and *.name subdomains), any port', async () => {
    expect(hostAllowed('buildequity.com:8080', ['buildequity.com'])).toBe(true);
    expect(hostAllowed('BuildEquity.com.', ['buildequity.com'])).toBe(true);
    expect(hostAllowed('evil.com', ['buildequity.com'])).toBe(false);
    expect(hostAllowed('www.buildequity.com', ['*.buildequity.com'])).toBe(true);
    expect(hostAllowed('buildequity.com.evil.com', ['*.buildequity.com'])).toBe(false);
    expect(hostAllowed('[::1]:80', ['[::1]'])).toBe(true);
    const strict = await buildServer({ root, allowedHosts: ['buildequity.com'] });
    try {
      const origin = await strict.listen({ host: '127.0.0.1', port: 0 });
      expect((await raw('/', { origin, headers: { host: 'buildequity.com' } })).status).toBe(200);
      const other = await raw('/', { origin, headers: { host: 'evil.example' } });
      expect(other.status).toBe(400);
      expectSecurityHeaders(other, 'http');
    } finally {
      await strict.close();
    }
  });
});

/** A server of the same build with short time limits, for the slow-client tests. */
async function quickServer(options: Partial<ServerOptions> = {}) {
  const server = await buildServer({
    root,
    timeouts: { idle: 400, headers: 300, request: 600, keepAlive: 300 },
    ...options,
  });
  const origin = await server.listen({ host: '127.0.0.1', port: 0 });
  const connections = () =>
    new Promise<number>((resolve) => server.server.getConnections((_error, count) => resolve(count)));
  return { server, origin, connections };
}

describe('slow clients', () => {
  it('a body that stops coming: 405 at once and the connection closed, without waiting for it', async () => {
    const { server, origin } = await quickServer({
      timeouts: { idle: 5000, headers: 5000, request: 10_000, keepAlive: 5000 },
    });
    try {
      const stalled = await exchange(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n0123456789',
        { origin },
      );
      expect(parse(stalled.text).status).toBe(405);
      expect(parse(stalled.text).headers['connection']).toBe('close');
      expect(stalled.closedMs).not.toBeNull();
      expect(stalled.closedMs!).toBeLessThan(1000);
    } finally {
      await server.close();
    }
  });

  it('headers that never end: 408 with the headers when the time limit is reached', async () => {
    const { server, origin } = await quickServer();
    try {
      const slow = await exchange('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n', { origin });
      const answer = parse(slow.text);
      expect(answer.status).toBe(408);
      expectSecurityHeaders(answer, 'http');
      expect(slow.closedMs).not.toBeNull();
      expect(slow.closedMs!).toBeLessThan(2000);
    } finally {
      await server.close();
    }
  });

  it('a client that never reads its pipelined answers is cut, and the server answers others meanwhile', async () => {
    const { server, origin, connections } = await quickServer();
    try {
      const pipelined = 'GET /big.bin HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n'.repeat(50);
      const stalled = exchange(pipelined, { origin, pause: true, waitMs: 2500 });
      await expect.poll(connections).toBe(1);
      expect((await raw('/', { origin })).status).toBe(200);
      // Cut by the server (the client never reads, so the server's count is what tells).
      await expect.poll(connections, { timeout: 3000 }).toBe(0);
      await stalled;
    } finally {
      await server.close();
    }
  }, 10_000);

  it('MAX_CONNECTIONS: a connection over the cap is refused at once', async () => {
    const { server, origin, connections } = await quickServer({ maxConnections: 2 });
    try {
      const url = new URL(origin);
      const held = [0, 1].map(() => connect({ host: url.hostname, port: Number(url.port) }));
      await expect.poll(connections).toBe(2);
      const over = await exchange('GET / HTTP/1.1\r\nHost: x\r\n\r\n', { origin });
      expect(over.text).toBe('');
      expect(over.closedMs).not.toBeNull();
      for (const socket of held) socket.destroy();
      await expect.poll(connections).toBe(0);
      expect((await raw('/', { origin })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('shutdown (drain)', () => {
  it('answers the requests already sent with their 200 and Connection: close, then stops accepting', async () => {
    const { server, origin } = await quickServer({
      timeouts: { idle: 5000, headers: 5000, request: 10_000, keepAlive: 5000 },
    });
    const url = new URL(origin);
    // Keep-alive connections that have had an answer each, idle when the drain starts.
    const sockets = [0, 1, 2].map(() => connect({ host: url.hostname, port: Number(url.port) }));
    const texts = sockets.map(() => '');
    sockets.forEach((socket, i) =>
      socket.on('data', (chunk: Buffer) => (texts[i] += chunk.toString('latin1'))),
    );
    const request = 'GET /community HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n';
    for (const socket of sockets) socket.write(request);
    await expect.poll(() => texts.every((text) => text.includes('Community page'))).toBe(true);
    const closed = sockets.map(
      (socket) => new Promise<void>((resolve) => socket.on('close', () => resolve())),
    );
    // The drain starts while these requests are on their way.
    for (const text of texts.keys()) texts[text] = '';
    for (const socket of sockets) socket.write(request);
    const drained = server.drain({ graceMs: 500, deadlineMs: 3000 });
    await drained;
    await Promise.all(closed);
    for (const text of texts) {
      const answer = parse(text);
      expect(answer.status).toBe(200);
      expect(answer.headers['connection']).toBe('close');
      expect(answer.body.toString()).toContain('Community page');
    }
    await expect(raw('/', { origin })).rejects.toThrow();
  });
});

describe('encoding negotiation (@fastify/accept-negotiator)', () => {
  it('prefers brotli, then gzip, honouring q=0, among the encodings the build made', () => {
    const pick = encodingPicker();
    const all = ['br', 'gzip', 'identity'] as const;
    expect(pick(all, 'gzip, deflate, br')).toBe('br');
    expect(pick(all, 'br;q=0, gzip')).toBe('gzip');
    expect(pick(['gzip', 'identity'], '*')).toBe('gzip');
    expect(pick(all, 'deflate')).toBe('identity');
    expect(pick(all, undefined)).toBe('identity');
    expect(pick(['identity'], 'br')).toBe('identity');
  });
});
