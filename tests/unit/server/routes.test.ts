/**
 * The production server over real HTTP, against the fixture's small build: every path of its
 * route manifest answered as the manifest says (status, Location with the query kept, caching and
 * security headers, the file's bytes), over plain HTTP and behind TLS; HEAD; the methods it refuses.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { hsts, SECURITY_FILE } from '../../../runtime/rules.ts';
import { buildServer } from '../../../server/app.ts';
import { answerFor, pathsOf, pick, sampleBuild } from '../../support/site-facts.ts';
import { exchange, expectSecurityHeaders, parse, raw, useServer } from '../../support/server-client.ts';

const served = useServer();
const BEHIND_TLS = { 'x-forwarded-proto': 'https' };

describe('routes (the route manifest)', () => {
  it.each(['http', 'https'] as const)(
    'over %s, every page path, file, redirect and missing path answers as the manifest says',
    async (transport) => {
      const { manifest, root } = served.build;
      for (const path of pathsOf(manifest)) {
        const answer = await raw(served.base, path, transport === 'https' ? { headers: BEHIND_TLS } : {});
        const expected = answerFor(manifest, path, transport);
        expect(answer.status, path).toBe(expected.status);
        expect(pick(answer.headers, expected.headers), path).toEqual(expected.headers);
        if (expected.file)
          expect(answer.body.equals(readFileSync(join(root, expected.file))), path).toBe(true);
        if (expected.file?.endsWith('.html'))
          expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      }
    },
  );

  it('answers HEAD like GET without a body, with the same Content-Length (the 404 page too)', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/nope', 404],
      ['/_astro/app.Ab12Cd.js', 200],
    ] as const) {
      for (const encoding of ['br', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const [get, head] = await Promise.all([
          raw(served.base, path, { headers }),
          raw(served.base, path, { method: 'HEAD', headers }),
        ]);
        expect(head.status, path).toBe(status);
        expect(head.body.length).toBe(0);
        expect(head.headers['content-length'], `${path} ${encoding}`).toBe(String(get.body.length));
        expect(head.headers['content-type']).toBe(get.headers['content-type']);
      }
    }
  });

  it('refuses every other method with 405 and says which are allowed', async () => {
    const policy = served.build.manifest;
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
      const answer = await raw(served.base, '/', { method });
      expect(answer.status, method).toBe(405);
      expect(answer.headers['allow'], method).toBe('GET, HEAD');
      expectSecurityHeaders(answer, policy, 'http', method);
    }
    // A method the parser does not know at all, and CONNECT, are refused the same way.
    for (const line of ['FOO / HTTP/1.1', `CONNECT 127.0.0.1:${new URL(served.base).port} HTTP/1.1`]) {
      const answer = parse((await exchange(served.base, `${line}\r\nHost: 127.0.0.1\r\n\r\n`)).text);
      expect(answer.status, line).toBe(405);
      expect(answer.headers['allow']).toBe('GET, HEAD');
      expectSecurityHeaders(answer, policy, 'http', line);
    }
  });
});

describe('security headers on the answers the manifest does not list', () => {
  it('400 and 405 carry the full set behind TLS and the plain-HTTP set otherwise', async () => {
    const policy = served.build.manifest;
    for (const [transport, headers] of [
      ['https', BEHIND_TLS],
      ['http', {}],
    ] as const) {
      const answers = await Promise.all([
        raw(served.base, '/%E0%A4%A', { headers }),
        raw(served.base, '/', { method: 'POST', headers }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([400, 405]);
      for (const answer of answers) expectSecurityHeaders(answer, policy, transport);
    }
  });

  it('believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY)', async () => {
    const { root, manifest } = served.build;
    const untrusting = await buildServer({ root, trustProxy: false });
    const elsewhere = await buildServer({ root, trustProxy: '10.0.0.0/8' });
    try {
      for (const server of [untrusting, elsewhere]) {
        const origin = await server.listen({ host: '127.0.0.1', port: 0 });
        const answer = await raw(origin, '/', { headers: BEHIND_TLS });
        expectSecurityHeaders(answer, manifest, 'http');
      }
    } finally {
      await untrusting.close();
      await elsewhere.close();
    }
  });
});

describe('HSTS_PRELOAD', () => {
  it('is the build’s: the server sends `preload` when its build asks for it, whatever its own environment says', async () => {
    const preloaded = await sampleBuild();
    await writeFile(join(preloaded.root, SECURITY_FILE), JSON.stringify({ hstsPreload: true }));
    // The server's own environment says the opposite of each build: it is never asked.
    vi.stubEnv('HSTS_PRELOAD', 'false');
    const withPreload = await buildServer({ root: preloaded.root });
    vi.stubEnv('HSTS_PRELOAD', 'true');
    const without = await buildServer({ root: served.build.root });
    try {
      for (const [server, expected] of [
        [withPreload, hsts(true)],
        [without, hsts(false)],
      ] as const) {
        const origin = await server.listen({ host: '127.0.0.1', port: 0 });
        for (const path of ['/', '/nope', '/oh-shit-kit']) {
          const answer = await raw(origin, path, { headers: BEHIND_TLS });
          expect(answer.headers['strict-transport-security'], path).toBe(expected);
        }
      }
    } finally {
      vi.unstubAllEnvs();
      await withPreload.close();
      await without.close();
      await preloaded.remove();
    }
  });
});
