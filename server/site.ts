/**
 * The build, loaded into memory once at start: every file of dist/ with its brotli and gzip copies,
 * and every response header precomputed, so a request is a table lookup and a write of a shared
 * buffer. No request path ever reaches the file system.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { UNDER_TEST_HEADERS, type ServedExperiment } from '../runtime/experiments.ts';
import { allRoutes, experimentOf, routeManifest } from '../deploy/routes.ts';
import { EDITOR_PAGE, editorHeaders, PREVIEW_PAGE } from '../runtime/editor.ts';
import {
  headersFor,
  lowerCaseNames as lower,
  notFoundPage,
  securityHeaders,
  type Forward,
  type SitePolicy,
  type Transport,
} from '../runtime/rules.ts';

export type Encoding = 'br' | 'gzip' | 'identity';
export type Headers = Record<string, string>;

/** One encoding of one file (not a split test's variant): its bytes and the headers of each answer, by transport. */
export interface EncodedFile {
  body: Buffer;
  etag: string;
  /** 200 (and the HEAD of it). */
  ok: Record<Transport, Headers>;
  /** 304: the validators, caching and security headers, no body headers. */
  notModified: Record<Transport, Headers>;
}

export interface Resource {
  /** The encodings the build made for this file, identity always among them. */
  byEncoding: Partial<Record<Encoding, EncodedFile>> & { identity: EncodedFile };
  /** Which encodings exist, in order of preference, for negotiation (e.g. `br,gzip,identity`). */
  encodings: readonly Encoding[];
  /** Last-Modified, and the same instant in whole seconds for If-Modified-Since. */
  lastModified: string;
  modifiedSeconds: number;
}

/** A fixed answer without validators: the not-found page (400 and 404) and short plain-text errors. */
export interface Fixed {
  byEncoding: Partial<Record<Encoding, { body: Buffer; headers: Record<Transport, Headers> }>> & {
    identity: { body: Buffer; headers: Record<Transport, Headers> };
  };
  encodings: readonly Encoding[];
}

export interface Site extends SitePolicy {
  /** The build's site-wide policy and HSTS (deploy/routes.ts, from the build's own files). */
  csp: string;
  hsts: string;
  /** URL path → file, for every path the build answers with 200. */
  routes: Map<string, Resource>;
  /** The not-found page, sent with 400 and 404 to clients that take HTML. */
  notFound: Fixed;
  /** Security headers alone, for answers made elsewhere (405, 408, 413, 414, 431...). */
  security: Record<Transport, Headers>;
  /** Paths forwarded to another origin (the analytics first-party path), as the build lists them. */
  forwards: Forward[];
  /** URL paths of pages under a running split test: each variant's answers, in the test's order. */
  experiments: Map<string, PageUnderTest>;
  /** The hosted editor's page and scripts, when the build has them. */
  editor: EditorFiles | null;
}

export interface PageUnderTest {
  experiment: ServedExperiment;
  /** One per variant, the control first. */
  resources: Resource[];
}

export interface EditorFiles {
  /** The app's page, sent for /keystatic and every path below it that is not a file. */
  page: Resource;
  /** URL path → file: the page at /keystatic, each script at its own path. */
  files: Map<string, Resource>;
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

async function readEncodings(file: string): Promise<Partial<Record<Encoding, Buffer>>> {
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

/** A file of the build, read with its compressed copies, for the answers at one or more paths. */
interface LoadedFile {
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  modified: Date;
  hash: string;
  type: string;
}

async function loadFile(absolute: string, file: string): Promise<LoadedFile | null> {
  const path = resolve(absolute, file.slice(1));
  const bodies = await readEncodings(path);
  const identity = bodies.identity;
  if (!identity) return null;
  return {
    bodies: { ...bodies, identity },
    modified: (await stat(path)).mtime,
    hash: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
    type: contentType(file),
  };
}

/**
 * One file's answers at one path: every encoding, both transports, with the headers `headersOf`
 * gives for each transport; `override` replaces some of them (a page under test's caching).
 */
function resourceOf(
  loaded: LoadedFile,
  headersOf: (transport: Transport) => Headers,
  override: Headers = {},
): Resource {
  const { bodies, modified, hash, type } = loaded;
  const lastModified = modified.toUTCString();
  const encodings = PREFERENCE.filter((encoding) => bodies[encoding]);
  const negotiated = encodings.length > 1;
  const byEncoding = {} as Resource['byEncoding'];
  for (const encoding of encodings) {
    const body = bodies[encoding]!;
    const etag = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const common = (transport: Transport): Headers => ({
      ...headersOf(transport),
      etag,
      'last-modified': lastModified,
      ...(negotiated ? { vary: 'Accept-Encoding' } : {}),
      ...override,
    });
    byEncoding[encoding] = {
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
  return { byEncoding, encodings, lastModified, modifiedSeconds: Math.floor(modified.getTime() / 1000) };
}

/** Loads the build at `root` into memory: every route of its manifest (deploy/routes.ts). */
export async function loadSite(root: string): Promise<Site> {
  const absolute = resolve(root);
  const manifest = await routeManifest(absolute);
  const { csp, hsts } = manifest;
  const policy = { csp, hsts };
  const pageHeaders = (path: string) => (transport: Transport) => lower(headersFor(path, policy, transport));
  const routes = new Map<string, Resource>();
  const experiments = new Map<string, PageUnderTest>();
  for (const route of allRoutes(manifest)) {
    const loaded = await loadFile(absolute, route.file);
    if (!loaded) continue;
    const experiment = experimentOf(manifest, route);
    if (experiment) {
      // Each variant's file answers at the page's paths, with caching no shared cache may keep.
      const files = await Promise.all(experiment.variants.map((variant) => loadFile(absolute, variant.file)));
      for (const path of route.paths) {
        experiments.set(path, {
          experiment,
          resources: files.map((file, index) => {
            if (!file)
              throw new Error(`The build has no ${experiment.variants[index]!.file}: run "npm run build".`);
            return resourceOf(file, pageHeaders(path), UNDER_TEST_HEADERS);
          }),
        });
      }
    }
    for (const path of route.paths) routes.set(path, resourceOf(loaded, pageHeaders(path)));
  }
  // The hosted editor's files, with its own headers (runtime/editor.ts); served only by a server
  // started with the editor's variables (editor/node/).
  let editor: EditorFiles | null = null;
  if (manifest.editor) {
    const files = new Map<string, Resource>();
    const editorFile = async (file: string, path: string) => {
      const loaded = await loadFile(absolute, file);
      if (loaded)
        files.set(
          path,
          resourceOf(loaded, (transport) => lower(editorHeaders(path, hsts, transport))),
        );
    };
    await editorFile(manifest.editor.page, EDITOR_PAGE);
    await editorFile(manifest.editor.preview, PREVIEW_PAGE);
    for (const asset of manifest.editor.assets) await editorFile(asset, asset);
    editor = { page: files.get(EDITOR_PAGE)!, files };
  }

  const notFoundBodies = await readEncodings(resolve(absolute, notFoundPage.slice(1)));
  if (!notFoundBodies.identity) throw new Error(`The build has no ${notFoundPage}: run "npm run build".`);
  const notFoundEncodings = PREFERENCE.filter((encoding) => notFoundBodies[encoding]);
  const notFound = { byEncoding: {}, encodings: notFoundEncodings } as unknown as Fixed;
  for (const encoding of notFoundEncodings) {
    const body = notFoundBodies[encoding]!;
    notFound.byEncoding[encoding] = {
      body,
      headers: byTransport((transport) => ({
        ...lower(headersFor(notFoundPage, policy, transport)),
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(body.length),
        ...(notFoundEncodings.length > 1 ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      })),
    };
  }

  const security = byTransport((transport) => ({
    ...lower(securityHeaders(policy, transport)),
    'cache-control': 'no-store',
  }));
  return { csp, hsts, routes, notFound, security, forwards: manifest.forwards, experiments, editor };
}
