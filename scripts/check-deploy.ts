/**
 * Checks a live host against the route manifest (deploy/routes.ts) of the build it serves: every
 * page path, file, redirect (with a query, which must be kept) and a missing page, for status,
 * Location, caching and every security header, each compared with what the manifest says.
 * Usage: npm run check:deploy -- https://buildequity.com [dist]
 * (dist: the build that was deployed, by default ./dist; its CSP is the one expected.)
 */
import { resolve } from 'node:path';
import { allRoutes, answerFor, routeManifest, type RouteManifest } from '../deploy/routes.ts';
import type { Transport } from '../runtime/rules.ts';

/** A path no build has: the not-found page answers it. */
export const MISSING_PATH = '/this-page-does-not-exist';

/** Every URL the check asks for: each path of each route, each redirect with and without its slash and with a query, a missing page. */
export function pathsToCheck(manifest: RouteManifest): string[] {
  return [
    ...allRoutes(manifest).flatMap((route) => route.paths),
    ...manifest.redirects.flatMap((r) => [r.from, `${r.from}/`, `${r.from}?utm_source=check&x=1`]),
    MISSING_PATH,
  ];
}

export interface CheckOptions {
  log?: (line: string) => void;
  /** Sent with every request, e.g. `X-Forwarded-Proto: https` to check the Node server as a TLS proxy reaches it. */
  headers?: Record<string, string>;
  /** How the answers reach a browser: `http` for the Node server on plain HTTP (no HSTS, no upgrade-insecure-requests). */
  transport?: Transport;
  /** The paths to ask for (pathsToCheck by default). */
  paths?: string[];
  /** The host sends the not-found page with a Cache-Control of its own (Cloudflare Pages: no-store). */
  hostCachesNotFound?: boolean;
}

export async function checkDeploy(
  origin: string,
  manifest: RouteManifest,
  {
    log = console.log,
    headers = {},
    transport = 'https',
    paths = pathsToCheck(manifest),
    hostCachesNotFound = false,
  }: CheckOptions = {},
): Promise<number> {
  let failures = 0;
  let hstsMissing = false;
  const fail = (line: string) => {
    failures += 1;
    log(`  ✗ ${line}`);
  };
  for (const path of paths) {
    const expected = answerFor(manifest, path, transport);
    const response = await fetch(new URL(path, origin), { redirect: 'manual', headers });
    await response.arrayBuffer();
    log(`${response.status} ${path}`);
    if (response.status !== expected.status) fail(`expected status ${expected.status}`);
    for (const [name, value] of Object.entries(expected.headers)) {
      if (hostCachesNotFound && expected.status === 404 && name === 'cache-control') continue;
      const got = response.headers.get(name);
      if (name === 'location') {
        // A host may answer with an absolute URL: the path and the query are what must match.
        const target = got === null ? null : new URL(got, origin);
        if (target === null || `${target.pathname}${target.search}` !== value)
          fail(`expected Location ${value}, got "${got ?? 'none'}"`);
      } else if (got !== value) {
        fail(`${name}: ${got ?? 'missing'}${got === null ? '' : ` (expected "${value}")`}`);
        if (name === 'strict-transport-security' && got === null) hstsMissing = true;
      }
    }
  }
  if (failures > 0 && hstsMissing)
    log(
      '  (no HSTS: the Node server sends it only behind TLS, when a trusted proxy says X-Forwarded-Proto: https; see TRUST_PROXY)',
    );
  log(failures === 0 ? 'deploy check: all good' : `deploy check: ${failures} problem(s)`);
  return failures;
}

if (import.meta.main) {
  const origin = process.argv[2];
  if (!origin || !/^https?:\/\//.test(origin)) {
    console.error('Usage: npm run check:deploy -- https://your-site.example [dist]');
    process.exit(2);
  }
  const manifest = await routeManifest(resolve(process.argv[3] ?? 'dist'));
  process.exit((await checkDeploy(origin, manifest)) === 0 ? 0 : 1);
}
