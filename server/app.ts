/**
 * The production server: the static build, with the statuses, redirects and headers of
 * deploy/rules.ts. The build is loaded into memory at start (server/site.ts), so only files that
 * were in it then are ever served and no request path reaches the file system.
 *
 * Sturdy where the internet is rough: every answer, framework and parser errors included, carries
 * the security headers; slow or stalled clients are cut by time limits; bodies are refused without
 * being read; Host is checked; on shutdown every request already received gets its normal answer.
 */
import { METHODS, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Negotiator } from '@fastify/accept-negotiator';
import proxyAddr from '@fastify/proxy-addr';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  findRedirect,
  forwardCacheControl,
  headersFor,
  TIME_LIMITS,
  type Forward,
  type Transport,
} from '../deploy/rules.ts';
import { loadSite, type Encoding, type Fixed, type Headers, type Resource, type Site } from './site.ts';

/** Time limits, in milliseconds. */
export interface Timeouts {
  /** A connection with no bytes moving either way (a stalled reader or sender) is cut. */
  idle: number;
  /** The request line and headers must arrive within this. */
  headers: number;
  /** The whole request must arrive within this. */
  request: number;
  /** An idle keep-alive connection is closed after this. */
  keepAlive: number;
}

/** deploy/rules.ts TIME_LIMITS, in milliseconds. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  idle: TIME_LIMITS.idle * 1000,
  headers: TIME_LIMITS.headers * 1000,
  request: TIME_LIMITS.request * 1000,
  keepAlive: TIME_LIMITS.keepAlive * 1000,
};
export const DEFAULT_MAX_CONNECTIONS = 1024;
/** Proxies whose X-Forwarded-Proto is believed, by default: this machine and private networks. */
export const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';
/** A request line longer than this gets 414, as nginx does. */
export const MAX_URL_LENGTH = 8 * 1024;

export interface ServerOptions {
  /** The built site (dist/). */
  root: string;
  logger?: FastifyServerOptions['logger'];
  /** Host names a request may name (ALLOWED_HOSTS); empty: any well-formed host. `*.x.com` allows subdomains. */
  allowedHosts?: readonly string[];
  /** Proxies whose X-Forwarded-Proto is believed (TRUST_PROXY): true, false, or addresses, CIDRs and proxy-addr names. */
  trustProxy?: boolean | string;
  /** Concurrent connections per process (MAX_CONNECTIONS); more are refused at once. */
  maxConnections?: number;
  timeouts?: Partial<Timeouts>;
}

export interface DrainOptions {
  /** How long an idle keep-alive connection may still send a request already on its way. */
  graceMs?: number;
  /** After this, every connection left is cut. */
  deadlineMs?: number;
}

export type SiteServer = FastifyInstance & {
  /** Stops accepting, answers every request already received, closes each connection after its answer. */
  drain: (options?: DrainOptions) => Promise<void>;
  site: Site;
};

/** The decoded path of a request URL, or null when it cannot be decoded or is hostile. */
export function requestPath(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return null;
  return path;
}

/** A hostname, IPv4 or [IPv6] literal, with an optional port. */
const HOST_PATTERN =
  /^(?:\[[0-9a-f:.]{2,45}\]|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?)(?::[0-9]{1,5})?$/i;

/** Whether a Host header is well formed and, with an allow-list, one of the allowed names. */
export function hostAllowed(host: string, allowed: readonly string[] = []): boolean {
  if (host.length > 261 || !HOST_PATTERN.test(host)) return false;
  if (allowed.length === 0) return true;
  const name = (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, ''))
    .toLowerCase()
    .replace(/\.$/, '');
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith('*.') ? name.endsWith(rule.slice(1)) : name === rule;
  });
}

/** Whether a client takes HTML: no Accept at all, or one naming text/html, text/* or * / *. */
export function acceptsHtml(accept: string | undefined): boolean {
  return accept === undefined || /text\/html|text\/\*|\*\/\*/i.test(accept);
}

/** A small cache for the negotiator: a client cannot grow it without bound. */
class BoundedCache<V> {
  private map = new Map<string, V>();
  private readonly limit: number;
  constructor(limit = 200) {
    this.limit = limit;
  }
  get(key: string) {
    return this.map.get(key);
  }
  has(key: string) {
    return this.map.has(key);
  }
  set(key: string, value: V) {
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, value);
    return this;
  }
}

/** Picks the encoding to send among those the build made, by Accept-Encoding (@fastify/accept-negotiator). */
export function encodingPicker(): (available: readonly Encoding[], header: string | undefined) => Encoding {
  const negotiators = new Map<string, Negotiator>();
  return (available, header) => {
    if (available.length === 1 || header === undefined) return 'identity';
    const key = available.join(',');
    let negotiator = negotiators.get(key);
    if (!negotiator) {
      negotiator = new Negotiator({
        supportedValues: [...available],
        cache: new BoundedCache<string>(),
      });
      negotiators.set(key, negotiator);
    }
    return (negotiator.negotiate(header) as Encoding | null) ?? 'identity';
  };
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function notModified(request: IncomingMessage, resource: Resource, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && since / 1000 >= resource.modifiedSeconds;
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const ALLOW = 'GET, HEAD';

/** A forwarded path (the analytics first-party path): the most it takes and waits for. */
export const FORWARD_LIMITS = { bodyBytes: 16 * 1024, answerBytes: 512 * 1024, timeoutMs: 5_000 } as const;
/**
 * Request headers a provider needs to count a visitor (which browser, which language; Umami's
 * session token): everything else, cookies above all, stays with us.
 */
const PASSED_ON = ['content-type', 'user-agent', 'accept-language', 'x-umami-cache'] as const;

export async function buildServer({
  root,
  logger = false,
  allowedHosts = [],
  trustProxy = DEFAULT_TRUST_PROXY,
  maxConnections = DEFAULT_MAX_CONNECTIONS,
  timeouts: timeoutOptions = {},
}: ServerOptions): Promise<SiteServer> {
  const site = await loadSite(root);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutOptions };
  const pickEncoding = encodingPicker();
  const trustsPeer = trustProxyFn(trustProxy);
  let closing = false;

  /** Hosts already found good, so the check is one lookup for the usual request. */
  const goodHosts = new BoundedCache<true>(64);
  function hostOk(request: IncomingMessage): boolean {
    const host = request.headers.host;
    if (host === undefined) return request.httpVersion !== '1.1';
    if (goodHosts.has(host)) return true;
    if (!hostAllowed(host, allowedHosts)) return false;
    goodHosts.set(host, true);
    return true;
  }

  const app = Fastify({
    logger,
    // One logger for every request: a child per request costs more than the answer itself.
    childLoggerFactory: (parent) => parent,
    logController: new LogController({ disableRequestLogging: true }),
    // Node's own limits: slow headers or bodies get 408, a stalled connection is cut.
    connectionTimeout: timeouts.idle,
    keepAliveTimeout: timeouts.keepAlive,
    requestTimeout: timeouts.request,
    http: {
      headersTimeout: timeouts.headers,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headers / 4))),
      // Host is checked here, so a missing one gets the site's headers too.
      requireHostHeader: false,
      // A duplicate Host arrives joined ("a, b") and fails the check, instead of one being dropped.
      joinDuplicateHeaders: true,
      // Bodyless requests skip the stream life cycle.
      optimizeEmptyRequests: true,
    },
    // Shutdown is ours (drain): requests already received get their normal answer, not 503.
    return503OnClosing: false,
    forceCloseConnections: false,
    bodyLimit: 1,
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    // A URL the router cannot parse gets the not-found page with 400, never a crash.
    frameworkErrors: (error, request, reply) => {
      if (error.code !== 'FST_ERR_BAD_URL') request.log.warn({ err: error }, 'framework error');
      sendNotFound(request, reply, 400);
    },
    clientErrorHandler: onClientError,
  }) as unknown as SiteServer;

  const server = app.server;
  server.maxConnections = maxConnections;

  /** https when a trusted proxy says so in X-Forwarded-Proto (its last entry is the nearest proxy's). */
  function transportOf(request: FastifyRequest): Transport {
    const proto = request.raw.headers['x-forwarded-proto'];
    if (proto === undefined || !trustsPeer(request.raw.socket.remoteAddress)) return 'http';
    const value = Array.isArray(proto) ? proto.join(',') : proto;
    return value
      .slice(value.lastIndexOf(',') + 1)
      .trim()
      .toLowerCase() === 'https'
      ? 'https'
      : 'http';
  }

  /** Header objects as the flat lists Node writes as they are, made once per object. */
  const flatHeaders = new WeakMap<Headers, string[]>();
  const CLOSE = ['connection', 'close'];
  /** After these, like nginx, the connection is not trusted for another request. */
  const CLOSING_STATUSES = new Set([400, 408, 413, 414, 431]);
  function flat(headers: Headers): string[] {
    let list = flatHeaders.get(headers);
    if (!list) {
      list = Object.entries(headers).flat();
      flatHeaders.set(headers, list);
    }
    return list;
  }

  /**
   * Writes one answer straight to Node's response with its precomputed headers (Fastify still
   * routes, logs and times it). During a shutdown, or when a body was left unread, the connection
   * closes after it. HEAD: Node sends the headers, Content-Length included, and drops the body.
   */
  function send(
    reply: FastifyReply,
    status: number,
    headers: Headers,
    body: Buffer | string | undefined,
    close = false,
    extra?: string[],
  ): FastifyReply {
    reply.hijack();
    const response = reply.raw;
    let list = flat(headers);
    if (extra) list = list.concat(extra);
    if (close || closing || CLOSING_STATUSES.has(status)) list = list.concat(CLOSE);
    response.writeHead(status, list);
    response.end(body);
    return reply;
  }

  function sendFixed(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    fixed: Fixed,
    close = false,
  ): FastifyReply {
    const encoding = pickEncoding(fixed.encodings, request.headers['accept-encoding']);
    const variant = fixed.variants[encoding] ?? fixed.variants.identity;
    return send(reply, status, variant.headers[transportOf(request)], variant.body, close);
  }

  /** 400 and 404: the site's not-found page for clients that take HTML, a line of text for the rest. */
  function sendNotFound(request: FastifyRequest, reply: FastifyReply, status: 400 | 404): FastifyReply {
    if (acceptsHtml(request.headers.accept)) return sendFixed(request, reply, status, site.notFound);
    return sendText(request, reply, status);
  }

  /** Short plain-text answers (405, 408, 413...), made once per status, transport and extra headers. */
  const textAnswers = new Map<string, { body: string; headers: Headers }>();
  function textAnswer(status: number, transport: Transport, extra: Headers = {}) {
    const key = `${status} ${transport} ${Object.values(extra).join(' ')}`;
    let answer = textAnswers.get(key);
    if (!answer) {
      const body = `${status} ${STATUS_CODES[status] ?? 'Error'}\n`;
      answer = {
        body,
        headers: {
          ...site.security[transport],
          'content-type': 'text/plain; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
          ...extra,
        },
      };
      textAnswers.set(key, answer);
    }
    return answer;
  }

  function sendText(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    extra: Headers = {},
    close = false,
  ): FastifyReply {
    const { body, headers } = textAnswer(status, transportOf(request), extra);
    return send(reply, status, headers, body, close);
  }

  /** 405 for every method but GET and HEAD, at once: a body is never read, the connection closes instead. */
  function refuseMethod(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return sendText(request, reply, 405, { allow: ALLOW }, hasBody(request.raw));
  }

  /** What the parser rejects before any request exists: written on the socket, with the same headers. */
  function onClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const pending = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (pending?.headersSent) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : error.code === 'HPE_INVALID_METHOD'
            ? 405
            : 400;
    app.log.debug({ err: error }, `client error ${status}`);
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
    const transport: Transport =
      trustsPeer(socket.remoteAddress) && /\r\nx-forwarded-proto:[ \t]*https\b/i.test(raw) ? 'https' : 'http';
    writeRaw(
      socket,
      status,
      transport,
      status === 405 ? { allow: ALLOW } : {},
      /\r\naccept:([^\r\n]*)/i.exec(raw)?.[1],
    );
  }

  function writeRaw(socket: Socket, status: number, transport: Transport, extra: Headers, accept?: string) {
    let headers: Headers;
    let body: Buffer | string;
    if (status === 400 && acceptsHtml(accept)) {
      ({ headers, body } = {
        headers: site.notFound.variants.identity.headers[transport],
        body: site.notFound.variants.identity.body,
      });
    } else {
      ({ headers, body } = textAnswer(status, transport, extra));
    }
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

  // CONNECT is never ours to answer: 405, like any other method but GET and HEAD.
  server.on('connect', (_request: IncomingMessage, socket: Socket) =>
    writeRaw(socket, 405, 'http', { allow: ALLOW }),
  );
  // Expect: answered like any request (the body is refused anyway), never a bare 100 or 417.
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  server.on('checkExpectation', (request, response) => server.emit('request', request, response));

  if (['trace', 'debug', 'info'].includes(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        `${request.method} ${request.url.slice(0, 300)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
      );
      done();
    });
  }

  const redirectHeaders = new Map<string, Record<Transport, Headers>>();
  function redirectAnswer(to: string, transport: Transport): Headers {
    let headers = redirectHeaders.get(to);
    if (!headers) {
      const make = (t: Transport) => ({
        ...Object.fromEntries(
          Object.entries(headersFor(to, site.csp, t)).map(([k, v]) => [k.toLowerCase(), v]),
        ),
        'content-length': '0',
      });
      headers = { https: make('https'), http: make('http') };
      redirectHeaders.set(to, headers);
    }
    return headers[transport];
  }

  function serve(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const raw = request.raw;
    const url = raw.url ?? '/';
    if (url.length > MAX_URL_LENGTH) return sendText(request, reply, 414);
    if (!hostOk(raw)) return sendNotFound(request, reply, 400);
    if (hasBody(raw)) return sendText(request, reply, 413, {}, true);
    const path = requestPath(url);
    if (path === null) return sendNotFound(request, reply, 400);
    const resource = site.routes.get(path);
    if (!resource) {
      const redirect = findRedirect(path);
      if (!redirect) return sendNotFound(request, reply, 404);
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      return send(
        reply,
        redirect.status,
        redirectAnswer(redirect.to, transportOf(request)),
        undefined,
        false,
        ['location', `${redirect.to}${query}`],
      );
    }
    const encoding = pickEncoding(resource.encodings, raw.headers['accept-encoding']);
    const variant = resource.variants[encoding] ?? resource.variants.identity;
    const transport = transportOf(request);
    if (notModified(raw, resource, variant.etag)) {
      return send(reply, 304, variant.notModified[transport], undefined);
    }
    return send(reply, 200, variant.ok[transport], variant.body);
  }

  app.route({ method: ['GET', 'HEAD'], url: '/*', exposeHeadRoute: false, handler: serve });

  /**
   * Passes a request for a forwarded path on to its origin, from the visitor's address as proxies
   * say it (X-Forwarded-For: providers count unique visitors by it), and answers with the origin's
   * status, type and body under our own security headers.
   */
  async function passOn(
    forward: Forward,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const raw = request.raw;
    if (!hostOk(raw)) return sendNotFound(request, reply, 400);
    const headers: Record<string, string> = {
      'x-forwarded-for': proxyAddr(raw, (address) => trustsPeer(address)),
    };
    for (const name of PASSED_ON) {
      const value = raw.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let answer: { status: number; type: string | null; body: Buffer };
    try {
      const response = await fetch(forward.upstream, {
        method: forward.method,
        headers,
        body:
          forward.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(FORWARD_LIMITS.timeoutMs),
      });
      if (Number(response.headers.get('content-length') ?? 0) > FORWARD_LIMITS.answerBytes)
        throw new Error(`answer over ${FORWARD_LIMITS.answerBytes} bytes`);
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > FORWARD_LIMITS.answerBytes)
        throw new Error(`answer over ${FORWARD_LIMITS.answerBytes} bytes`);
      answer = { status: response.status, type: response.headers.get('content-type'), body };
    } catch (error) {
      request.log.warn({ err: error }, `forwarding ${forward.path} to ${forward.upstream} failed`);
      return sendText(request, reply, 502);
    }
    return send(
      reply,
      answer.status,
      {
        ...site.security[transportOf(request)],
        'cache-control': forwardCacheControl(forward),
        ...(answer.type ? { 'content-type': answer.type } : {}),
        'content-length': String(answer.body.length),
      },
      answer.body,
    );
  }

  // Every other method the parser knows gets 405 before any body is read.
  for (const method of METHODS) {
    if (method === 'CONNECT' || app.supportedMethods.includes(method)) continue;
    app.addHttpMethod(method, { hasBody: true });
  }
  const others = app.supportedMethods.filter((method) => method !== 'GET' && method !== 'HEAD');
  app.route({
    method: others,
    url: '/*',
    onRequest: (request, reply, done) => {
      refuseMethod(request, reply);
      done();
    },
    handler: (request, reply) => refuseMethod(request, reply),
  });

  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? sendNotFound(request, reply, 404)
      : refuseMethod(request, reply),
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    if (status === 400 || status === 404) return sendNotFound(request, reply, status);
    return sendText(request, reply, status, status === 405 ? { allow: ALLOW } : {}, true);
  });

  // Registered after the error handler, so a refused forward (a body over the limit) carries our headers too.
  if (site.forwards.length > 0) {
    await app.register(async (scope) => {
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
    });
  }

  async function drain({ graceMs = 1000, deadlineMs = 8000 }: DrainOptions = {}) {
    if (closing) return;
    closing = true;
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
  }

  return Object.assign(app, { drain, site });
}

/** Which peers' X-Forwarded-Proto is believed: TRUST_PROXY as a proxy-addr rule (addresses, CIDRs, names). */
export function trustProxyFn(trustProxy: boolean | string): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  const list =
    trustProxy === false
      ? []
      : trustProxy
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
  if (list.length === 0) return () => false;
  const trust = proxyAddr.compile(list);
  return (address) => address !== undefined && trust(address, 0);
}
