/**
 * The configuration owners ship, next to the default one: a production build on real origins, with
 * the newsletter provider's form embedded (PUBLIC_NEWSLETTER_EMBED_URL) and an analytics provider
 * reached through our own origin (PUBLIC_ANALYTICS_PROXY=true). Here both are a stand-in on loopback, under another host name than
 * the site's (`localhost` against `127.0.0.1`), so it is another origin, as the real provider is.
 * Used by `npm run bench` and the tests that hold budgets and the first paint in both configurations.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { compressDir } from '../scripts/compress.ts';
import { copyProject } from './project-copy.ts';
import { PAGE_SETTINGS } from '../runtime/settings.ts';

/** The two configurations every speed figure and byte budget is given for. */
export const CONFIGURATIONS = ['default', 'production-like'] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];

/** Where the stand-in serves the embeddable form. */
export const EMBED_PATH = '/embed/form';

/** The real origins a production build is given (it stops on the placeholders). */
export const PRODUCTION_ORIGINS = {
  PUBLIC_SITE_URL: 'https://buildequity.com',
  PUBLIC_APP_URL: 'https://app.buildequity.com',
};

/**
 * The build settings of the production-like configuration, with the provider at `providerOrigin`:
 * a production build (SITE_ENV=production) on real origins.
 */
export function productionLikeEnv(providerOrigin: string): Record<string, string> {
  return {
    SITE_ENV: 'production',
    ...PRODUCTION_ORIGINS,
    PUBLIC_NEWSLETTER_EMBED_URL: `${providerOrigin}${EMBED_PATH}`,
    PUBLIC_ANALYTICS_PROVIDER: 'plausible',
    PUBLIC_ANALYTICS_HOST: providerOrigin,
    PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
    PUBLIC_ANALYTICS_PROXY: 'true',
  };
}

/**
 * Settings a build must not inherit from the shell, so each configuration is exactly itself: the
 * host's production switches, every setting the pages read (runtime/settings.ts) and HSTS_PRELOAD,
 * cleared.
 */
export const CLEAN_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  ['SITE_ENV', 'CONTEXT', 'VERCEL_ENV', 'CF_PAGES', 'HSTS_PRELOAD', ...PAGE_SETTINGS].map((name) => [
    name,
    '',
  ]),
);

/**
 * Builds the site with `env` into `outDir` and writes the brotli and gzip copies, as `npm run
 * build` does for dist/ (the host configs are not written: the Node server needs none). It builds
 * in `project` when given (a copy of this project), else in a throwaway copy of its own: Astro
 * keeps its prerendered chunks and its content store inside the project, and two builds in one
 * folder at once (a test's and another's, or a bench's) took each other's files (seen: "Cannot
 * find module …/.astro/.prerender/chunks/404_….mjs").
 */
export async function buildSite(
  outDir: string,
  env: Record<string, string>,
  project?: string,
): Promise<void> {
  const copy = project ? undefined : copyProject('build');
  const root = project ?? copy!.root;
  try {
    await promisify(execFile)(
      process.execPath,
      [resolve(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', resolve(outDir)],
      {
        cwd: root,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...CLEAN_ENV, ...env },
        timeout: 300_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } finally {
    copy?.remove();
  }
  await compressDir(outDir);
}

export interface StandInProvider {
  /** `http://localhost:<port>`: another origin than the site's 127.0.0.1. */
  origin: string;
  /** Every request it received, as `METHOD path`, in order. */
  requests: string[];
  close: () => Promise<void>;
}

/** A small sign-up form, as a newsletter provider's embed is: one field and a button. */
const FORM = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign up</title>
<style>body{margin:0;font:16px system-ui}form{display:flex;gap:8px;height:52px;align-items:center}</style>
<form><label>Email <input type="email" name="email" required></label><button>Subscribe</button></form></html>`;

/** The newsletter provider and the analytics provider, played by one loopback server. */
export async function startStandInProvider(): Promise<StandInProvider> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    if (request.url?.startsWith(EMBED_PATH)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FORM);
      return;
    }
    // Analytics events (forwarded by our origin): accepted, as the provider does.
    response.writeHead(202, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://localhost:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
