/**
 * Shutdown (SIGTERM, SIGINT): stop accepting, answer every request already received with its
 * normal answer and `Connection: close`, and close each connection after it.
 */
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** How long an idle keep-alive connection may still send a request already on its way. */
  graceMs?: number;
  /** After this, every connection left is cut. */
  deadlineMs?: number;
}

/** `state.closing` tells the answers to close their connections. */
export function drainer(app: FastifyInstance, state: { closing: boolean }) {
  return async function drain({ graceMs = 1000, deadlineMs = 8000 }: DrainOptions = {}) {
    if (state.closing) return;
    state.closing = true;
    const server = app.server;
    // server.close() would close idle keep-alive connections at once, losing a request already on
    // its way; they get graceMs to send it (answered with Connection: close), then are closed.
    const closeIdle = server.closeIdleConnections.bind(server);
    server.closeIdleConnections = () => {};
    const idleTimer = setInterval(closeIdle, graceMs);
    const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs);
    try {
      await app.close();
    } finally {
      clearInterval(idleTimer);
      clearTimeout(deadline);
    }
  };
}
