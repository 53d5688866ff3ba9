/**
 * Writing answers. Every answer is written straight to Node's response with headers made once at
 * start (server/site.ts), after `reply.hijack()`: Fastify still routes, logs and times the request,
 * but its reply pipeline (serializers, onSend hooks, header objects per request) is skipped. The
 * cost: nothing registered on Fastify's reply (onSend hooks, reply.header plugins, compression
 * plugins) sees these answers, so every header an answer carries is decided here.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findRedirect, headersFor, lowerCaseNames, type Redirect, type Transport } from '../runtime/rules.ts';
import { BoundedCache } from './bounded-cache.ts';
import { acceptsHtml, hasBody } from './request-checks.ts';
import { variantChooser, type VariantChooser } from './experiments.ts';
import type { Encoding, Fixed, Headers, Resource, Site } from './site.ts';

export const ALLOW = 'GET, HEAD';
/** After these, like nginx, the connection is not trusted for another request. */
const CLOSING_STATUSES = new Set([400, 408, 413, 414, 431]);
const CLOSE = ['connection', 'close'];

/** Picks the encoding to send among those the build made, by Accept-Encoding (@fastify/accept-negotiator). */
export function encodingPicker(): (available: readonly Encoding[], header: string | undefined) => Encoding {
  const negotiators = new Map<string, Negotiator>();
  return (available, header) => {
    if (available.length === 1 || header === undefined) return 'identity';
    const key = available.join(',');
    let negotiator = negotiators.get(key);
    if (!negotiator) {
      negotiator = new Negotiator({ supportedValues: [...available], cache: new BoundedCache<string>() });
      negotiators.set(key, negotiator);
    }
    return (negotiator.negotiate(header) as Encoding | null) ?? 'identity';
  };
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whether the client already has this variant (If-None-Match first, else If-Modified-Since). */
function notModified(request: IncomingMessage, resource: Resource, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && since / 1000 >= resource.modifiedSeconds;
}

/** The lower-case header object as the flat list Node writes as it is. */
function flatten(): (headers: Headers) => string[] {
  const lists = new WeakMap<Headers, string[]>();
  return (headers) => {
    let list = lists.get(headers);
    if (!list) {
      list = Object.entries(headers).flat();
      lists.set(headers, list);
    }
    return list;
  };
}

/** The answers of one server over one build; `state.closing` is set by the drain. */
export class Answers {
  private readonly flat = flatten();
  private readonly pickEncoding = encodingPicker();
  /** Short plain-text answers (405, 408, 413...), made once per status, transport and extra headers. */
  private readonly textAnswers = new Map<string, { body: string; headers: Headers }>();
  private readonly redirectHeaders = new Map<string, Record<Transport, Headers>>();

  private site: Site;
  private readonly state: { closing: boolean };
  private readonly trustsPeer: (address: string | undefined) => boolean;
  private readonly chooseVariant: VariantChooser;

  constructor(
    site: Site,
    state: { closing: boolean },
    trustsPeer: (address: string | undefined) => boolean,
    chooseVariant: VariantChooser = variantChooser(),
  ) {
    this.site = site;
    this.state = state;
    this.trustsPeer = trustsPeer;
    this.chooseVariant = chooseVariant;
  }
  /** The build being served. */
  get current(): Site {
    return this.site;
  }

  /**
   * Serves another build from the next request on (a published change, server/deploy-hook.ts);
   * answers already being written finish with the build they started with.
   */
  replaceSite(site: Site): void {
    this.site = site;
    this.textAnswers.clear();
    this.redirectHeaders.clear();
  }

  /**
   * https when a trusted proxy says so in X-Forwarded-Proto (its last entry is the nearest
   * proxy's). Fastify's trustProxy (request.protocol) does the same for a routed request, but the
   * request it hands to frameworkErrors (a URL it cannot parse) is built without it: one check for both.
   */
  transportOf(request: FastifyRequest): Transport {
    const proto = request.raw.headers['x-forwarded-proto'];
    if (proto === undefined || !this.trustsPeer(request.raw.socket.remoteAddress)) return 'http';
    const value = Array.isArray(proto) ? proto.join(',') : proto;
    return value
      .slice(value.lastIndexOf(',') + 1)
      .trim()
      .toLowerCase() === 'https'
      ? 'https'
      : 'http';
  }

  /**
   * Writes one answer. During a shutdown, or when a body was left unread, the connection closes
   * after it. HEAD: Node sends the headers, Content-Length included, and drops the body.
   */
  send(
    reply: FastifyReply,
    status: number,
    headers: Headers,
    body: Buffer | string | undefined,
    close = false,
    extra?: string[],
  ): FastifyReply {
    reply.hijack();
    let list = this.flat(headers);
    if (extra) list = list.concat(extra);
    if (close || this.state.closing || CLOSING_STATUSES.has(status)) list = list.concat(CLOSE);
    reply.raw.writeHead(status, list);
    reply.raw.end(body);
    return reply;
  }

  textAnswer(status: number, transport: Transport, extra: Headers = {}) {
    const key = `${status} ${transport} ${Object.values(extra).join(' ')}`;
    let answer = this.textAnswers.get(key);
    if (!answer) {
      const body = `${status} ${STATUS_CODES[status] ?? 'Error'}\n`;
      const length = String(Buffer.byteLength(body));
      answer = {
        body,
        headers: {
          ...this.site.security[transport],
          'content-type': 'text/plain; charset=utf-8',
          'content-length': length,
          ...extra,
        },
      };
      this.textAnswers.set(key, answer);
    }
    return answer;
  }

  sendText(request: FastifyRequest, reply: FastifyReply, status: number, extra: Headers = {}, close = false) {
    const { body, headers } = this.textAnswer(status, this.transportOf(request), extra);
    return this.send(reply, status, headers, body, close);
  }

  sendFixed(request: FastifyRequest, reply: FastifyReply, status: number, fixed: Fixed) {
    const encoding = this.pickEncoding(fixed.encodings, request.headers['accept-encoding']);
    const encoded = fixed.byEncoding[encoding] ?? fixed.byEncoding.identity;
    return this.send(reply, status, encoded.headers[this.transportOf(request)], encoded.body);
  }

  /** 400 and 404: the site's not-found page for clients that take HTML, a line of text for the rest. */
  sendNotFound(request: FastifyRequest, reply: FastifyReply, status: 400 | 404): FastifyReply {
    if (acceptsHtml(request.headers.accept))
      return this.sendFixed(request, reply, status, this.site.notFound);
    return this.sendText(request, reply, status);
  }

  /** 405 for every method but GET and HEAD, at once: a body is never read, the connection closes instead. */
  refuseMethod(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return this.sendText(request, reply, 405, { allow: ALLOW }, hasBody(request.raw));
  }

  /** A file of the build: 304 when the client has it, else 200 with the encoding it takes. */
  sendFile(request: FastifyRequest, reply: FastifyReply, resource: Resource): FastifyReply {
    const raw = request.raw;
    const encoding = this.pickEncoding(resource.encodings, raw.headers['accept-encoding']);
    const encoded = resource.byEncoding[encoding] ?? resource.byEncoding.identity;
    const transport = this.transportOf(request);
    if (notModified(raw, resource, encoded.etag))
      return this.send(reply, 304, encoded.notModified[transport], undefined);
    return this.send(reply, 200, encoded.ok[transport], encoded.body);
  }

  /** A redirect of runtime/rules.ts, the query kept. */
  sendRedirect(request: FastifyRequest, reply: FastifyReply, redirect: Redirect): FastifyReply {
    let headers = this.redirectHeaders.get(redirect.to);
    if (!headers) {
      const make = (transport: Transport) => ({
        ...lowerCaseNames(headersFor(redirect.to, this.site, transport)),
        'content-length': '0',
      });
      headers = { https: make('https'), http: make('http') };
      this.redirectHeaders.set(redirect.to, headers);
    }
    const url = request.raw.url ?? '/';
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const location = ['location', `${redirect.to}${query}`];
    return this.send(reply, redirect.status, headers[this.transportOf(request)], undefined, false, location);
  }

  /**
   * What a path of the build answers: its file (the visitor's variant of a page under a split
   * test), else its redirect, else the not-found page.
   */
  sendPath(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply | Promise<FastifyReply> {
    const underTest = this.site.experiments.get(path);
    if (underTest)
      return this.chooseVariant(request, underTest).then((resource) =>
        this.sendFile(request, reply, resource),
      );
    const resource = this.site.routes.get(path);
    if (resource) return this.sendFile(request, reply, resource);
    const redirect = findRedirect(path);
    if (redirect) return this.sendRedirect(request, reply, redirect);
    return this.sendNotFound(request, reply, 404);
  }
}
