/**
 * How deep a connection may pipeline. Node's parser takes every request of a read at once (20
 * pipelined `GET /` in one packet are 20 requests before any answer is written), and the kernel's
 * socket buffers take about a megabyte and a half of answers from a client that never reads, so
 * neither back-pressure nor a paused socket stops the server from handling them all: a stalled
 * reader cost what 20 requests allocate (the answers themselves are shared buffers, held by the
 * kernel). Here a request that arrives while MAX_PIPELINED answers of its connection are still
 * being written is not handled: the answers ahead of it finish, then the connection closes, and
 * the client asks again on a new one (RFC 9112 section 9.3.2: a client retries the requests a
 * closed connection left unanswered). Browsers do not pipeline; a client that waits for each
 * answer, or pipelines a few, never meets the limit.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const MAX_PIPELINED = 2;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Puts the limit in front of the server's request handler (Fastify's, set when it made the server). */
export function limitPipelining(server: Server, max = MAX_PIPELINED): void {
  const handlers = server.listeners('request') as Handler[];
  if (handlers.length !== 1) throw new Error(`expected one request handler, found ${handlers.length}`);
  const handler = handlers[0]!;
  server.removeListener('request', handler);
  /** Answers of each connection handed to the handler and not yet finished. */
  const inFlight = new WeakMap<Socket, number>();
  /** Connections over the limit: closed once their answers in flight are written. */
  const cut = new WeakSet<Socket>();

  const close = (socket: Socket) => {
    // The answers already written stay in the kernel's buffers and still reach the client.
    socket.once('finish', () => socket.destroy());
    socket.end();
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    if (cut.has(socket)) return;
    const ahead = inFlight.get(socket) ?? 0;
    if (ahead >= max) {
      cut.add(socket);
      return;
    }
    inFlight.set(socket, ahead + 1);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (left === 0 && cut.has(socket)) close(socket);
    });
    handler.call(server, request, response);
  });
}
