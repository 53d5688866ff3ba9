/**
 * The production server: the static build, with the statuses, redirects and headers
 * of deploy/rules.ts. Only files that exist in the build at start-up are ever served,
 * looked up in a table, so no request path can reach the file system.
 */
import { readdir, readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  findRedirect,
  headersFor,
  HOST_CONFIG_FILES,
  notFoundPage,
  securityHeaders,
} from '../deploy/rules.ts';
import { siteCsp } from '../deploy/site-policy.ts';

export interface ServerOptions {
  /** The built site (dist/). */
  root: string;
  logger?: FastifyServerOptions['logger'];
}

/** Maps every URL path the build answers to its file, relative to root. */
export async function routeTable(root: string): Promise<Map<string, string>> {
  const table = new Map<string, string>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const rel = resolve(entry.parentPath, entry.name)
      .slice(resolve(root).length + 1)
      .split(sep)
      .join('/');
    if (`/${rel}` === notFoundPage || (HOST_CONFIG_FILES as readonly string[]).includes(rel)) continue;
    table.set(`/${rel}`, rel);
    if (entry.name === 'index.html') {
      const dir = rel.slice(0, -'index.html'.length); // '' or 'community/'
      table.set(`/${dir}`, rel);
      if (dir) table.set(`/${dir.slice(0, -1)}`, rel);
    }
  }
  return table;
}

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

/** The not-found page, read once, in each encoding the build made. */
async function loadNotFoundPage(root: string) {
  const file = resolve(root, notFoundPage.slice(1));
  const read = (suffix: string) => readFile(file + suffix).catch(() => null);
  const [plain, br, gzip] = await Promise.all([read(''), read('.br'), read('.gz')]);
  if (!plain) throw new Error(`The build has no ${notFoundPage}: run "npm run build".`);
  return { plain, br, gzip };
}

/** The encoding to send: brotli, then gzip, when the client accepts it and the build has it. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  has: { br: boolean; gzip: boolean },
): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (has.br && ok('br')) return 'br';
  if (has.gzip && ok('gzip')) return 'gzip';
  return null;
}

export async function buildServer({ root, logger = false }: ServerOptions): Promise<FastifyInstance> {
  const table = await routeTable(root);
  const notFound = await loadNotFoundPage(root);
  const csp = await siteCsp(root);
  const headers = (path: string) => headersFor(path, csp);

  function sendNotFound(request: FastifyRequest, reply: FastifyReply, status: 400 | 404): FastifyReply {
    const encoding = pickEncoding(request.headers['accept-encoding'], {
      br: notFound.br !== null,
      gzip: notFound.gzip !== null,
    });
    reply
      .code(status)
      .headers(headers(notFoundPage))
      .type('text/html; charset=utf-8')
      .header('Vary', 'Accept-Encoding');
    if (encoding) reply.header('Content-Encoding', encoding);
    const body = encoding === 'br' ? notFound.br : encoding === 'gzip' ? notFound.gzip : notFound.plain;
    return reply.send(request.method === 'HEAD' ? '' : body);
  }

  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 2048 },
    // A URL the router cannot parse gets the not-found page with 400, never a crash.
    frameworkErrors: (error, request, reply) => {
      if (error.code !== 'FST_ERR_BAD_URL') request.log.warn({ err: error }, 'framework error');
      void sendNotFound(request, reply, 400);
    },
  });
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      `${request.method} ${request.url.slice(0, 300)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
    );
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const path = requestPath(request.url);
      if (path === null) return sendNotFound(request, reply, 400);
      const redirect = findRedirect(path);
      if (redirect) {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.headers(headers(redirect.to)).redirect(`${redirect.to}${query}`, redirect.status);
      }
      const file = table.get(path);
      if (!file) return sendNotFound(request, reply, 404);
      reply.headers(headers(path));
      return reply.sendFile(file, { cacheControl: false });
    },
  });

  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: async (_request, reply) =>
      reply
        .code(405)
        .headers(securityHeaders(csp))
        .header('Allow', 'GET, HEAD')
        .type('text/plain; charset=utf-8')
        .send('Method Not Allowed\n'),
  });

  return app;
}
