/**
 * The route manifest: every URL the build answers, and what each answer carries, worked out once
 * from the build (dist/, read by build-output.ts) and runtime/rules.ts. The Node server, every host config, check-deploy and
 * the tests read it; none of them turns a file into a URL path or names a header again.
 *
 * - pages: each HTML file with the URL paths that answer 200 with it (`/community`, `/community/`,
 *   `/community/index.html`), unless a redirect takes the path;
 * - assets and immutable files: each at its own path;
 * - redirects (rules.ts), with and without the trailing slash, the query kept;
 * - forwarded paths (the analytics first-party path, rules.ts FORWARDS_FILE);
 * - the hosted editor, when the build has one (runtime/editor.ts): its page and scripts under
 *   /keystatic, with their own headers, and its API under /api/keystatic/;
 * - anything else: the not-found page with 404.
 */
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  findRedirect,
  headersFor,
  HOST_CONFIG_FILES,
  lowerCaseNames as lower,
  IMMUTABLE_PREFIX,
  notFoundPage,
  redirects,
  type Forward,
  type Redirect,
  type SitePolicy,
  type Transport,
} from '../runtime/rules.ts';
import { servedExperiments, siteCsp, siteForwards, siteHsts } from './build-output.ts';
import { UNDER_TEST_HEADERS, type ServedExperiment } from '../runtime/experiments.ts';
import { EDITOR_FOLDER, EDITOR_PAGE } from '../runtime/editor.ts';

/** A file of the build and the URL paths that answer 200 with it. */
export interface Route {
  /** The file, as a path from the build's root: `/community/index.html`. */
  file: string;
  /** The URL paths answered with it, the canonical one first. */
  paths: string[];
  /**
   * For a folder's `index.html`, the folder's URL (`/community/`, `/`): the one spelling some static
   * hosts (Cloudflare Pages) serve it at by themselves; they redirect the others unless told not to.
   */
  folder: string | null;
}

export interface RouteManifest extends SitePolicy {
  /** The site-wide Content-Security-Policy header (deploy/build-output.ts). */
  csp: string;
  /** The Strict-Transport-Security header, with `preload` when the build says so (deploy/build-output.ts). */
  hsts: string;
  /** The HTML pages, the not-found page aside. */
  pages: Route[];
  /** The other unhashed files (favicon, images, robots.txt, …). */
  assets: Route[];
  /** The hashed files, under IMMUTABLE_PREFIX. */
  immutable: Route[];
  redirects: readonly Redirect[];
  /** Paths forwarded to another origin (rules.ts FORWARDS_FILE). */
  forwards: Forward[];
  /** The page sent with 404 (and 400). */
  notFound: string;
  /**
   * The running split tests (runtime/experiments.ts): a page under test answers each visitor with
   * one of its variants' files, which answer at no path of their own.
   */
  experiments: ServedExperiment[];
  /** The hosted editor's files, when the build has it (never a visitor's route); else null. */
  editor: EditorRoutes | null;
}

/**
 * The hosted editor's files: its page answers at /keystatic and at every path below it that is
 * not one of its scripts (the app routes itself: /keystatic/branch/main/singleton/offer).
 */
export interface EditorRoutes {
  /** `/keystatic/index.html`. */
  page: string;
  /** Its scripts and styles, each at its own path (`/keystatic/assets/…`). */
  assets: string[];
}

/**
 * The one place a file of the build becomes URL paths: `community/index.html` answers at
 * `/community`, `/community/` and `/community/index.html`; `index.html` at `/` and `/index.html`;
 * any other file at its own path.
 */
export function urlPathsOf(file: string): string[] {
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) {
    const dir = `/${file.slice(0, -'/index.html'.length)}`;
    return [dir, `${dir}/`, `/${file}`];
  }
  return [`/${file}`];
}

/** A file of the build as a route: the paths no redirect takes. */
export function routeOf(file: string): Route {
  const all = urlPathsOf(file);
  // A path that redirects is answered by the redirect, not by the file behind it.
  return {
    file: `/${file}`,
    paths: all.filter((path) => !findRedirect(path)),
    folder: file === 'index.html' || file.endsWith('/index.html') ? all.find((p) => p.endsWith('/'))! : null,
  };
}

/** The paths of a redirect: with and without the trailing slash. */
export function redirectPaths(redirect: Redirect): [string, string] {
  return [redirect.from, `${redirect.from}/`];
}

/** Every file the build serves, as paths from its root, sorted: no compressed copy, no host config. */
export async function servedFiles(build: string): Promise<string[]> {
  const root = resolve(build);
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => `${entry.parentPath.slice(root.length).split('\\').join('/')}/${entry.name}`.slice(1))
    .filter((file) => !(HOST_CONFIG_FILES as readonly string[]).includes(file))
    .sort();
}

/** The route manifest of the build at `build` (dist/). */
export async function routeManifest(build: string): Promise<RouteManifest> {
  const root = resolve(build);
  const experiments = await servedExperiments(root);
  const variantFiles = new Set(experiments.flatMap((test) => test.variants.slice(1).map((v) => v.file)));
  const inEditor = (file: string) => file.startsWith(`${EDITOR_FOLDER}/`);
  const served = await servedFiles(root);
  const files = served.filter(
    (file) => `/${file}` !== notFoundPage && !variantFiles.has(`/${file}`) && !inEditor(file),
  );
  const editorFiles = served.filter(inEditor).map((file) => `/${file}`);
  const editorPage = `${EDITOR_PAGE}/index.html`;
  const pages = files.filter((file) => file.endsWith('.html')).sort();
  const others = files.filter((file) => !file.endsWith('.html'));
  const immutable = (file: string) => `/${file}`.startsWith(IMMUTABLE_PREFIX);
  return {
    csp: await siteCsp(root),
    hsts: await siteHsts(root),
    pages: pages.map(routeOf).filter((route) => route.paths.length > 0),
    assets: others.filter((file) => !immutable(file)).map(routeOf),
    immutable: others.filter(immutable).map(routeOf),
    redirects,
    forwards: await siteForwards(root),
    notFound: notFoundPage,
    experiments,
    editor: editorFiles.includes(editorPage)
      ? { page: editorPage, assets: editorFiles.filter((file) => file !== editorPage) }
      : null,
  };
}

/** Every URL path of the page routes, in order. */
export const pagePaths = (manifest: RouteManifest): string[] => manifest.pages.flatMap((r) => r.paths);

/** Every route of the manifest: pages, assets and hashed files. */
export const allRoutes = (manifest: RouteManifest): Route[] => [
  ...manifest.pages,
  ...manifest.assets,
  ...manifest.immutable,
];

/** The running split test whose control is this route's file, if any. */
export function experimentOf(manifest: RouteManifest, route: Route): ServedExperiment | undefined {
  return manifest.experiments.find((test) => test.variants[0]?.file === route.file);
}

/** What every host answers for a request: status, the headers the manifest fixes, the file sent. */
export interface Answer {
  status: 200 | 301 | 302 | 308 | 404;
  /** Lower-case names: the security headers, Cache-Control, and Location for a redirect. */
  headers: Record<string, string>;
  /** The file sent (a page's, or the not-found page), null for a redirect. */
  file: string | null;
}

/**
 * The answer to `GET url`, as the manifest says every host gives it: a route's file with 200, a
 * redirect with its status and Location (the query kept), else the not-found page with 404.
 * `transport` is how it reaches the browser (rules.ts Transport: the host configs always say https).
 */
export function answerFor(manifest: RouteManifest, url: string, transport: Transport = 'https'): Answer {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const route = allRoutes(manifest).find((candidate) => candidate.paths.includes(path));
  if (route) {
    const headers = lower(headersFor(path, manifest, transport));
    // A page under test: its answer depends on the visitor, so no shared cache may keep it.
    if (experimentOf(manifest, route)) Object.assign(headers, UNDER_TEST_HEADERS);
    return { status: 200, headers, file: route.file };
  }
  const redirect = findRedirect(path);
  if (redirect) {
    const location = `${redirect.to}${queryAt === -1 ? '' : url.slice(queryAt)}`;
    return {
      status: redirect.status,
      headers: { ...lower(headersFor(redirect.to, manifest, transport)), location },
      file: null,
    };
  }
  return {
    status: 404,
    headers: lower(headersFor(notFoundPage, manifest, transport)),
    file: notFoundPage,
  };
}
