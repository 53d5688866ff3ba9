// @vitest-environment node
/**
 * The production server over real HTTP, against a small build made in a temp folder:
 * every status of CONTRACT, the redirect, caching, compression, HEAD, and hostile paths.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, pickEncoding, requestPath } from '../../server/app.ts';

const PAGES: Record<string, string> = {
  'index.html': '<!doctype html><title>Kit</title><h1>Kit page</h1>',
  'community/index.html': '<!doctype html><title>Community</title><h1>Community page</h1>',
  'oh-shit-kit/index.html': '<!doctype html><meta http-equiv="refresh" content="0; url=/">',
  '404.html': `<!doctype html><title>Not found</title><h1>Oops! Page not found</h1>${'<!-- pad -->'.repeat(80)}`,
  '_astro/app.Ab12Cd.js': `console.log("hashed");${' '.repeat(600)}`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  _headers: '/*\n  X-Test: 1',
  'vercel.json': '{}',
};

let root: string;
let app: FastifyInstance;
let base: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP request: the path goes on the wire exactly as given (no normalisation). */
function raw(
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  const url = new URL(base);
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

  it('answers HEAD like GET without a body', async () => {
    const head = await raw('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const missing = await raw('/nope', { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
  });

  it('refuses other methods with 405 and says which are allowed', async () => {
    const answer = await raw('/', { method: 'POST' });
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe('GET, HEAD');
  });
});

describe('security headers', () => {
  it('arrive on every kind of answer: page, asset, redirect, 404, 400 and 405', async () => {
    const answers = await Promise.all([
      raw('/'),
      raw('/_astro/app.Ab12Cd.js'),
      raw('/oh-shit-kit'),
      raw('/nope'),
      raw('/%E0%A4%A'),
      raw('/', { method: 'POST' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 301, 404, 400, 405]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(answer.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('never serves the host configs that ride along in the build', async () => {
    for (const file of ['_headers', '_redirects', 'vercel.json']) {
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

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br', { br: true, gzip: true })).toBe('br');
    expect(pickEncoding('br;q=0, gzip', { br: true, gzip: true })).toBe('gzip');
    expect(pickEncoding('*', { br: false, gzip: true })).toBe('gzip');
    expect(pickEncoding(undefined, { br: true, gzip: true })).toBeNull();
  });
});
