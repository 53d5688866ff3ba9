/**
 * The one fixture of what every host must answer, read from deploy/ where it is defined: a small
 * build written to a temp folder and its route manifest (deploy/routes.ts), the paths to ask for
 * (the ones `npm run check:deploy` asks), the hostile paths, and the security headers each answer
 * carries (runtime/rules.ts). The server and each host config are checked against it once each.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { answerFor, routeManifest, type RouteManifest } from '../../deploy/routes.ts';
import { notFoundPage, securityHeaders, type SitePolicy, type Transport } from '../../runtime/rules.ts';
import { MISSING_PATH, pathsToCheck } from '../../scripts/check-deploy.ts';

export { answerFor, pathsToCheck };

/** The small build: its pages, the redirect's file-only fallback, the not-found page, hashed and unhashed files. */
export const SAMPLE_FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Kit</title><h1>Kit page</h1>',
  'community/index.html': '<!doctype html><title>Community</title><h1>Community page</h1>',
  'oh-shit-kit/index.html': '<!doctype html><meta http-equiv="refresh" content="0; url=/">',
  // A campaign page (src/content/campaigns/podcast.yaml): one more page, answered as the others.
  'podcast/index.html': '<!doctype html><title>Podcast</title><h1>Podcast page</h1>',
  '404.html': `<!doctype html><title>Not found</title><h1>Oops! Page not found</h1>${'<!-- pad -->'.repeat(80)}`,
  '_astro/app.Ab12Cd.js': `console.log("hashed");${' '.repeat(600)}`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'avatars/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  _headers: '/*\n  X-Test: 1',
  // Larger than the kernel's socket buffers once pipelined: a reader that stops holds the server's writes.
  'big.bin': 'x'.repeat(400_000),
  _redirects: '/oh-shit-kit / 301',
};

/** Words of the sample pages, to tell which file an answer sent. */
export const SAMPLE_WORDS: Record<string, string> = {
  '/index.html': 'Kit page',
  '/community/index.html': 'Community page',
  '/podcast/index.html': 'Podcast page',
  [notFoundPage]: 'Oops! Page not found',
};

export interface SampleBuild {
  root: string;
  manifest: RouteManifest;
  remove: () => Promise<void>;
}

/** The hosted editor's files, as a build with its variables set adds them. */
export const SAMPLE_EDITOR_FILES: Record<string, string> = {
  'keystatic/index.html':
    '<!doctype html><title>Keystatic</title><div id="root"></div><script type="module" src="/keystatic/assets/app-Q1w2E3.js"></script>',
  'keystatic/assets/app-Q1w2E3.js': 'console.log("the editor");',
};

/**
 * Writes the small build (with .br and .gz copies of its larger files, as the build makes them) to
 * a temp folder; with `editor`, the hosted editor's files too.
 */
export async function sampleBuild({ editor = false } = {}): Promise<SampleBuild> {
  // The build sits a folder down, so that what a test puts beside it (a file no request may reach)
  // is its own and goes with it, not a file of the shared temp folder.
  const work = await mkdtemp(join(tmpdir(), 'be-sample-'));
  const root = join(work, 'dist');
  for (const [file, body] of Object.entries({ ...SAMPLE_FILES, ...(editor ? SAMPLE_EDITOR_FILES : {}) })) {
    await mkdir(join(root, file, '..'), { recursive: true });
    await writeFile(join(root, file), body);
    if (body.length >= 512) {
      await writeFile(join(root, `${file}.br`), brotliCompressSync(body));
      await writeFile(join(root, `${file}.gz`), gzipSync(body));
    }
  }
  return {
    root,
    manifest: await routeManifest(root),
    remove: () => rm(work, { recursive: true, force: true }),
  };
}

/** Paths that are no file of the build: each gets the not-found page with 404. */
export const MISSING = [
  MISSING_PATH,
  '/nope',
  '/community/nope',
  '/_astro/gone.js',
  '/avatars/b.svg',
  '/404',
  '/Community',
];

/** Every path to ask a host for: the manifest's routes, redirects and a missing page, and more missing ones. */
export const pathsOf = (manifest: RouteManifest): string[] => [
  ...new Set([...pathsToCheck(manifest), ...MISSING, notFoundPage]),
];

/**
 * Paths an attacker tries, at least 20, each to be answered 400, 404 (or 414 for the very long
 * ones) with nothing from outside the build: traversals to `secret` (a file outside the build's
 * folder, e.g. `etc/passwd`), null bytes, bad encodings, markup, and the project's own files.
 */
export function hostilePaths(secret: string): string[] {
  return [
    `/../${secret}`,
    `/..%2f${secret}`,
    `/%2e%2e/${secret}`,
    `/%2e%2e%2f${secret}`,
    `/%252e%252e%252f${secret}`,
    `/..%5c${secret}`,
    `/..\\${secret}`,
    `/community/../../${secret}`,
    `/_astro/..%2f..%2f${secret}`,
    `/%c0%ae%c0%ae/${secret}`,
    `/${'../'.repeat(300)}${secret}`,
    '/..%5c..%5cwindows%5cwin.ini',
    '/index.html%00.js',
    '/%00',
    '/community%00',
    '/%E0%A4%A',
    '/%',
    '/%zz',
    '/%ff%fe',
    `/${'a'.repeat(4000)}`,
    `/${'a'.repeat(8000)}`,
    '/<script>alert(1)</script>',
    '/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '/"><img%20src=x%20onerror=alert(1)>',
    '//etc/passwd',
    '/./index.html/..',
    '/etc/passwd',
    '/.env',
    '/.git/config',
    '/server/app.ts',
    '/runtime/rules.ts',
    '/package.json',
    '/_headers',
    '/_redirects',
  ];
}

/** The security headers every answer of the build `policy` carries (runtime/rules.ts), lower-case, over `transport`. */
export function expectedSecurity(policy: SitePolicy, transport: Transport = 'https'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(securityHeaders(policy, transport)).map(([name, value]) => [name.toLowerCase(), value]),
  );
}

/** The response headers of `received` named in `expected` (the rest, lengths and validators, are each host's own). */
export function pick(
  received: Record<string, string | string[] | undefined>,
  expected: Record<string, string>,
): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.keys(expected).map((name) => [name, received[name]]));
}
