/**
 * What the parser refuses before any request exists (a malformed request line, headers too large
 * or too slow, an unknown method, CONNECT): the status is written straight to the socket, with the
 * same security headers as every other answer, and the connection closes.
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Transport } from '../runtime/rules.ts';
import { ALLOW, type Answers } from './answers.ts';
import { acceptsHtml } from './request-checks.ts';
import type { Headers } from './site.ts';

/** The status for a parser error: 408 for a timeout, 431 for headers over the limit, 405 for an unknown method, else 400. */
function statusOf(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_INVALID_METHOD') return 405;
  return 400;
}

export function clientErrors(
  answers: Pick<Answers, 'textAnswer' | 'current'>,
  trustsPeer: (address: string | undefined) => boolean,
  log: () => FastifyBaseLogger,
) {
  /** One answer and the end of the connection, written as bytes: there is no response object to write to. */
  function writeRaw(socket: Socket, status: number, transport: Transport, extra: Headers, accept?: string) {
    const notFound = answers.current.notFound.byEncoding.identity;
    const { headers, body } =
      status === 400 && acceptsHtml(accept)
        ? { headers: notFound.headers[transport], body: notFound.body }
        : answers.textAnswer(status, transport, extra);
    const head = Object.entries({ ...headers, connection: 'close' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(
      Buffer.concat([
        Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`, 'latin1'),
        Buffer.from(body),
      ]),
    );
  }

  /** Fastify's clientErrorHandler: the parser's error, answered on the socket. */
  function onClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
    const pending = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const status = statusOf(error.code);
    log().debug({ err: error }, `client error ${status}`);
    // The request's own headers, read from the bytes the parser refused.
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const tls = trustsPeer(socket.remoteAddress) && /\r\nx-forwarded-proto:[ \t]*https\b/i.test(raw);
    const accept = /\r\naccept:([^\r\n]*)/i.exec(raw)?.[1];
    writeRaw(socket, status, tls ? 'https' : 'http', status === 405 ? { allow: ALLOW } : {}, accept);
  }

  /** CONNECT is never ours to answer (405); Expect is answered like any request, never a bare 100 or 417. */
  function listen(server: Server): void {
    server.on('connect', (_request, socket: Socket) => writeRaw(socket, 405, 'http', { allow: ALLOW }));
    server.on('checkContinue', (request, response) => server.emit('request', request, response));
    server.on('checkExpectation', (request, response) => server.emit('request', request, response));
  }

  return { onClientError, listen };
}
