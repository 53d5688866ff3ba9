/** What the server sends for a file beyond its route: the encoding the client takes, and 304 for what it already has. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { notFoundPage } from '../../../runtime/rules.ts';
import { encodingPicker } from '../../../server/answers.ts';
import { answerFor, SAMPLE_WORDS } from '../../support/site-facts.ts';
import { expectSecurityHeaders, raw, useServer } from '../../support/server-client.ts';

const served = useServer();
const ASSET = '/_astro/app.Ab12Cd.js';

describe('compression', () => {
  it('sends the brotli or gzip file the build made, by Accept-Encoding', async () => {
    const br = await raw(served.base, ASSET, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('hashed');
    const gz = await raw(served.base, ASSET, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('hashed');
    const plain = await raw(served.base, ASSET, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('hashed');
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('compresses the not-found page too', async () => {
    const answer = await raw(served.base, '/nope', { headers: { 'accept-encoding': 'br' } });
    expect(answer.status).toBe(404);
    expect(brotliDecompressSync(answer.body).toString()).toContain(SAMPLE_WORDS[notFoundPage]);
  });

  it('prefers brotli, then gzip, honouring q=0, among the encodings the build made (@fastify/accept-negotiator)', () => {
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

describe('conditional requests', () => {
  it('answers If-None-Match and If-Modified-Since with 304 and the same validators, per encoding', async () => {
    const policy = served.build.manifest;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const first = await raw(served.base, ASSET, { headers });
      const etag = first.headers['etag'] as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await raw(served.base, ASSET, { headers: { ...headers, 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['cache-control']).toBe(
        answerFor(served.build.manifest, ASSET).headers['cache-control'],
      );
      expectSecurityHeaders(again, policy, 'http');
      const since = await raw(served.base, ASSET, {
        headers: { ...headers, 'if-modified-since': first.headers['last-modified'] as string },
      });
      expect(since.status).toBe(304);
    }
    const br = (await raw(served.base, ASSET, { headers: { 'accept-encoding': 'br' } })).headers['etag'];
    const plain = (await raw(served.base, ASSET, { headers: { 'accept-encoding': 'identity' } })).headers[
      'etag'
    ];
    expect(br).not.toBe(plain);
    // A stale tag gets the file.
    expect((await raw(served.base, '/', { headers: { 'if-none-match': '"old"' } })).status).toBe(200);
  });
});
