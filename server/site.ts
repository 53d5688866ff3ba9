/**
 * The build, loaded into memory once at start: every file of dist/ with its brotli and gzip copies,
 * and every response header precomputed, so a request is a table lookup and a write of a shared
 * buffer. No request path ever reaches the file system.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import {
  findRedirect,
  headersFor,
  HOST_CONFIG_FILES,
  notFoundPage,
  securityHeaders,
  type Forward,
  type Transport,
} from '../deploy/rules.ts';
import { siteCsp, siteForwards } from '../deploy/site-policy.ts';

export type Encoding = 'br' | 'gzip' | 'identity';
export type Headers = Record<string, string>;

/** One encoding of one file: its bytes and the headers of each answer, by transport. */
export interface Variant {
  body: Buffer;
  etag: string;
  /** 200 (and the HEAD of it). */
  ok: Record<Transport, Headers>;
  /** 304: the validators, caching and security headers, no body headers. */
  notModified: Record<Transport, Headers>;
}

export interface Resource {
  /** The encodings the build made for this file, identity always among them. */
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** Which encodings exist, in order of preference, for negotiation (e.g. `br,gzip,identity`). */
  encodings: readonly Encoding[];
  /** Last-Modified, and the same instant in whole seconds for If-Modified-Since. */
  lastModified: string;
  modifiedSeconds: number;
}

/** A fixed answer without validators: the not-found page (400 and 404) and short plain-text errors. */
export interface Fixed {
  variants: Partial<Record<Encoding, { body: Buffer; headers: Record<Transport, Headers> }>> & {
    identity: { body: Buffer; headers: Record<Transport, Headers> };
  };
  encodings: readonly Encoding[];
}

export interface Site {
  csp: string;
  /** URL path → file, for every path the build answers with 200. */
  routes: Map<string, Resource>;
  /** The not-found page, sent with 400 and 404 to clients that take HTML. */
  notFound: Fixed;
  /** Security headers alone, for answers made elsewhere (405, 408, 413, 414, 431...). */
  security: Record<Transport, Headers>;
  /** Paths forwarded to another origin (the analytics first-party path), as the build lists them. */
  forwards: Forward[];
}

/** Content types of the files a build can hold; anything else is application/octet-stream. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function contentType(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

async function readVariants(file: string): Promise<Partial<Record<Encoding, Buffer>>> {
  const found: Partial<Record<Encoding, Buffer>> = {};
  for (const encoding of PREFERENCE) {
    const body = await readFile(file + SUFFIX[encoding]).catch(() => null);
    if (body) found[encoding] = body;
  }
  return found;
}

function byTransport(make: (transport: Transport) => Headers): Record<Transport, Headers> {
  return { https: make('https'), http: make('http') };
}

/** The URL paths the build answers with 200: each file, and `dir/` and `dir` for `dir/index.html`. */
function urlPaths(rel: string): string[] {
  if (rel === 'index.html' || rel.endsWith('/index.html')) {
    const dir = rel.slice(0, -'index.html'.length); // '' or 'community/'
    return dir ? [`/${rel}`, `/${dir}`, `/${dir.slice(0, -1)}`] : [`/${rel}`, '/'];
  }
  return [`/${rel}`];
}

/** Loads the build at `root` into memory. */
export async function loadSite(root: string): Promise<Site> {
  const absolute = resolve(root);
  const csp = await siteCsp(absolute);
  const routes = new Map<string, Resource>();
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = resolve(entry.parentPath, entry.name);
    const rel = file
      .slice(absolute.length + 1)
      .split(sep)
      .join('/');
    if (`/${rel}` === notFoundPage || (HOST_CONFIG_FILES as readonly string[]).includes(rel)) continue;
    const bodies = await readVariants(file);
    const identity = bodies.identity;
    if (!identity) continue;
    const modified = (await stat(file)).mtime;
    const lastModified = modified.toUTCString();
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
    const encodings = PREFERENCE.filter((encoding) => bodies[encoding]);
    const negotiated = encodings.length > 1;
    const type = contentType(rel);
    // A path that redirects is answered by the redirect, not by the file behind it.
    for (const path of urlPaths(rel).filter((candidate) => !findRedirect(candidate))) {
      const variants = {} as Resource['variants'];
      for (const encoding of encodings) {
        const body = bodies[encoding]!;
        const etag = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
        const common = (transport: Transport): Headers => ({
          ...lower(headersFor(path, csp, transport)),
          etag,
          'last-modified': lastModified,
          ...(negotiated ? { vary: 'Accept-Encoding' } : {}),
        });
        variants[encoding] = {
          body,
          etag,
          ok: byTransport((transport) => ({
            ...common(transport),
            'content-type': type,
            'content-length': String(body.length),
            ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          })),
          notModified: byTransport(common),
        };
      }
      routes.set(path, {
        variants,
        encodings,
        lastModified,
        modifiedSeconds: Math.floor(modified.getTime() / 1000),
      });
    }
  }

  const notFoundBodies = await readVariants(resolve(absolute, notFoundPage.slice(1)));
  if (!notFoundBodies.identity) throw new Error(`The build has no ${notFoundPage}: run "npm run build".`);
  const notFoundEncodings = PREFERENCE.filter((encoding) => notFoundBodies[encoding]);
  const notFound = { variants: {}, encodings: notFoundEncodings } as unknown as Fixed;
  for (const encoding of notFoundEncodings) {
    const body = notFoundBodies[encoding]!;
    notFound.variants[encoding] = {
      body,
      headers: byTransport((transport) => ({
        ...lower(headersFor(notFoundPage, csp, transport)),
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(body.length),
        ...(notFoundEncodings.length > 1 ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      })),
    };
  }

  const security = byTransport((transport) => ({
    ...lower(securityHeaders(csp, transport)),
    'cache-control': 'no-store',
  }));
  return { csp, routes, notFound, security, forwards: await siteForwards(absolute) };
}

function lower(headers: Headers): Headers {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
