/**
 * The forwarded paths (the analytics first-party path), as a Fastify plugin: each passes a request
 * on to its origin from the visitor's address as proxies say it (X-Forwarded-For: providers count
 * unique visitors by it), and answers with the origin's status, type and body under our own
 * security headers. Only the headers a provider needs go along; cookies never do.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forwardCacheControl, type Forward } from '../runtime/rules.ts';
import type { Answers } from './answers.ts';
import type { Site } from './site.ts';

/** A forwarded path: the most it takes and waits for. */
export const FORWARD_LIMITS = { bodyBytes: 16 * 1024, answerBytes: 512 * 1024, timeoutMs: 5_000 } as const;
/**
 * Request headers a provider needs to count a visitor (which browser, which language; Umami's
 * session token): everything else, cookies above all, stays with us.
 */
const PASSED_ON = ['content-type', 'user-agent', 'accept-language', 'x-umami-cache'] as const;

interface ForwardingOptions {
  site: Site;
  answers: Answers;
  hostOk: (request: FastifyRequest['raw']) => boolean;
}

/** The origin's answer, read whole up to FORWARD_LIMITS.answerBytes. */
async function fetchUpstream(forward: Forward, request: FastifyRequest) {
  const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
  for (const name of PASSED_ON) {
    const value = request.raw.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const response = await fetch(forward.upstream, {
    method: forward.method,
    headers,
    body: forward.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(FORWARD_LIMITS.timeoutMs),
  });
  const tooBig = new Error(`answer over ${FORWARD_LIMITS.answerBytes} bytes`);
  if (Number(response.headers.get('content-length') ?? 0) > FORWARD_LIMITS.answerBytes) throw tooBig;
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > FORWARD_LIMITS.answerBytes) throw tooBig;
  return { status: response.status, type: response.headers.get('content-type'), body };
}

export async function forwarding(scope: FastifyInstance, { site, answers, hostOk }: ForwardingOptions) {
  async function passOn(forward: Forward, request: FastifyRequest, reply: FastifyReply) {
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    let answer: Awaited<ReturnType<typeof fetchUpstream>>;
    try {
      answer = await fetchUpstream(forward, request);
    } catch (error) {
      request.log.warn({ err: error }, `forwarding ${forward.path} to ${forward.upstream} failed`);
      return answers.sendText(request, reply, 502);
    }
    const headers = {
      ...answers.current.security[answers.transportOf(request)],
      'cache-control': forwardCacheControl(forward),
      ...(answer.type ? { 'content-type': answer.type } : {}),
      'content-length': String(answer.body.length),
    };
    return answers.send(reply, answer.status, headers, answer.body);
  }

  // The body is passed on as the bytes that came, whatever its type, up to a small limit.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: FORWARD_LIMITS.bodyBytes },
    (_request, body, done) => done(null, body),
  );
  for (const forward of site.forwards) {
    scope.route({
      method: forward.method === 'GET' ? ['GET', 'HEAD'] : ['POST'],
      url: forward.path,
      exposeHeadRoute: false,
      bodyLimit: FORWARD_LIMITS.bodyBytes,
      handler: (request, reply) => passOn(forward, request, reply),
    });
  }
}
