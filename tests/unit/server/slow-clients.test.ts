/** Slow and stalled clients are cut by the time limits, connections are capped, and a shutdown answers what was already asked. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  exchange,
  expectSecurityHeaders,
  parse,
  quickServer,
  raw,
  useServer,
} from '../../support/server-client.ts';
import { MAX_PIPELINED } from '../../../server/pipelining.ts';

const served = useServer();

describe('slow clients', () => {
  it('a body that stops coming: 405 at once and the connection closed, without waiting for it', async () => {
    // Time limits far beyond the client's patience: a server that waited for the body would still
    // hold the connection when the client gives up, however slow the machine.
    const { server, origin } = await quickServer(served.build.root, {
      timeouts: { idle: 60_000, headers: 60_000, request: 120_000, keepAlive: 60_000 },
    });
    try {
      const stalled = await exchange(
        origin,
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n0123456789',
        { waitMs: 10_000 },
      );
      expect(parse(stalled.text).status).toBe(405);
      expect(parse(stalled.text).headers['connection']).toBe('close');
      expect(stalled.closedMs, 'closed by the server, not by the client giving up').not.toBeNull();
    } finally {
      await server.close();
    }
  }, 20_000);

  it('headers that never end: 408 with the headers when the time limit is reached', async () => {
    const { server, origin } = await quickServer(served.build.root);
    try {
      // The 408 says the headers' limit ended it; the client waits far longer than that limit.
      const slow = await exchange(origin, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n', { waitMs: 10_000 });
      const answer = parse(slow.text);
      expect(answer.status).toBe(408);
      expectSecurityHeaders(answer, served.build.manifest, 'http');
      expect(slow.closedMs, 'closed by the server, not by the client giving up').not.toBeNull();
    } finally {
      await server.close();
    }
  }, 20_000);

  it('a client that never reads its pipelined answers is cut, and the server answers others meanwhile', async () => {
    const { server, origin, connections } = await quickServer(served.build.root);
    try {
      // As many as the server answers at once; it still cuts the connection once its answers wait.
      const pipelined = 'GET /big.bin HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n'.repeat(
        MAX_PIPELINED,
      );
      const stalled = exchange(origin, pipelined, { pause: true, waitMs: 2500 });
      await expect.poll(connections).toBe(1);
      expect((await raw(origin, '/')).status).toBe(200);
      // Cut by the server (the client never reads, so the server's count is what tells).
      await expect.poll(connections, { timeout: 3000 }).toBe(0);
      await stalled;
    } finally {
      await server.close();
    }
  }, 10_000);

  it(`a connection that pipelines more than ${MAX_PIPELINED} requests at once gets ${MAX_PIPELINED} answers and is closed: the rest are never handled`, async () => {
    // What a stalled reader costs the server is what the requests it is answered cost: without the
    // limit, all of them (the kernel's buffers take the answers of a client that never reads).
    const request = 'GET /community HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n';
    const over = await exchange(served.base, request.repeat(MAX_PIPELINED * 5), { waitMs: 5000 });
    expect(over.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(MAX_PIPELINED);
    expect(over.text.match(/Community page/g)).toHaveLength(MAX_PIPELINED);
    expect(over.closedMs, 'closed by the server once its answers were written').not.toBeNull();
    // Pipelining up to the limit: every request answered, the connection kept for the next.
    const within = await exchange(served.base, request.repeat(MAX_PIPELINED), { waitMs: 1000 });
    expect(within.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(MAX_PIPELINED);
    expect(within.closedMs).toBeNull();
  });

  it('MAX_CONNECTIONS: a connection over the cap is refused at once', async () => {
    const { server, origin, connections } = await quickServer(served.build.root, { maxConnections: 2 });
    try {
      const url = new URL(origin);
      const held = [0, 1].map(() => connect({ host: url.hostname, port: Number(url.port) }));
      await expect.poll(connections).toBe(2);
      const over = await exchange(origin, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(over.text).toBe('');
      expect(over.closedMs).not.toBeNull();
      for (const socket of held) socket.destroy();
      await expect.poll(connections).toBe(0);
      expect((await raw(origin, '/')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('shutdown (drain)', () => {
  it('answers the requests on their way and those sent on idle connections during it with their 200 and Connection: close, then stops accepting', async () => {
    const { server, origin } = await quickServer(served.build.root, {
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
    // The drain starts while requests are on their way on two connections...
    for (const text of texts.keys()) texts[text] = '';
    for (const socket of sockets.slice(0, 2)) socket.write(request);
    const drained = server.drain({ graceMs: 500, deadlineMs: 3000 });
    // ...and the third, idle, sends one once it has begun.
    sockets[2]!.write(request);
    await drained;
    await Promise.all(closed);
    for (const text of texts) {
      const answer = parse(text);
      expect(answer.status).toBe(200);
      expect(answer.headers['connection']).toBe('close');
      expect(answer.body.toString()).toContain('Community page');
    }
    await expect(raw(origin, '/')).rejects.toThrow();
  });
});
