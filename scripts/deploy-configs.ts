/**
 * After the build: writes the host configs from the route manifest (deploy/routes.ts) into the
 * build (and deploy/nginx.conf with its include, deploy/security-headers.conf). On Vercel (VERCEL=1,
 * set by Vercel's build and by `vercel build`) it also writes `.vercel/output/`, the Build Output
 * API folder Vercel serves.
 * Usage: node scripts/deploy-configs.ts [dist] [nginx port]
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  nginxConfig,
  nginxSecurityHeaders,
  netlifyHeaders,
  netlifyRedirects,
  vercelOutputConfig,
} from '../deploy/host-configs.ts';
import {
  cloudflareRoutes,
  cloudflareWorker,
  netlifyEdgeFunction,
  VERCEL_FUNCTION,
  vercelEdgeFunction,
} from '../deploy/experiment-hosts.ts';
import { routeManifest, servedFiles, type RouteManifest } from '../deploy/routes.ts';
import { nginxBrotli } from './lib/nginx-bin.ts';

/**
 * Vercel's Build Output API (v3) folder: `static/` (the build without its compressed copies, which
 * Vercel makes itself, and without the other hosts' configs) and `config.json` (the routes).
 */
export async function writeVercelOutput(root: string, output: string): Promise<void> {
  await rm(output, { recursive: true, force: true });
  for (const file of await servedFiles(root)) {
    const target = join(output, 'static', file);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(root, file), target);
  }
  const manifest = await routeManifest(root);
  await writeFile(join(output, 'config.json'), `${JSON.stringify(vercelOutputConfig(manifest), null, 2)}\n`);
  if (manifest.experiments.length > 0) {
    // The split-test function (deploy/experiment-hosts.ts), on Vercel's edge runtime.
    const folder = join(output, 'functions', `${VERCEL_FUNCTION}.func`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.js'), vercelEdgeFunction(manifest));
    await writeFile(
      join(folder, '.vc-config.json'),
      `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js' }, null, 2)}\n`,
    );
  }
}

/**
 * The split-test functions of the static hosts (deploy/experiment-hosts.ts), when a test runs:
 * Cloudflare Pages' `_worker.js` and `_routes.json` in the build, Netlify's edge function in its
 * folder for generated functions.
 */
export async function writeExperimentFunctions(
  root: string,
  manifest: RouteManifest,
  netlifyFolder: string,
): Promise<void> {
  await writeFile(join(root, '_worker.js'), cloudflareWorker(manifest));
  await writeFile(join(root, '_routes.json'), cloudflareRoutes(manifest));
  await mkdir(netlifyFolder, { recursive: true });
  await writeFile(join(netlifyFolder, 'experiments.js'), netlifyEdgeFunction(manifest));
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? 'dist');
  const port = Number(process.argv[3] ?? 8080);
  const manifest = await routeManifest(root);
  await writeFile(resolve(root, '_headers'), netlifyHeaders(manifest));
  await writeFile(resolve(root, '_redirects'), netlifyRedirects(manifest));
  const headersFile = resolve('deploy/security-headers.conf');
  const brotli = nginxBrotli().available;
  await writeFile(headersFile, nginxSecurityHeaders(manifest.csp));
  const running = manifest.experiments.length > 0;
  let experimentSecret = process.env['EXPERIMENT_SECRET'];
  if (running && !experimentSecret) {
    // nginx has no environment to read at run time: the secret is written into its config.
    experimentSecret = randomBytes(24).toString('base64url');
    console.warn(
      'deploy-configs: a split test runs and EXPERIMENT_SECRET is not set: deploy/nginx.conf gets a secret of its own (set EXPERIMENT_SECRET to share one between servers).',
    );
  }
  await writeFile(
    resolve('deploy/nginx.conf'),
    nginxConfig(manifest, { root, port, headersFile, brotli, ...(experimentSecret && { experimentSecret }) }),
  );
  if (running) await writeExperimentFunctions(root, manifest, resolve('.netlify/v1/edge-functions'));
  const vercel = process.env['VERCEL'] === '1';
  if (vercel) await writeVercelOutput(root, resolve('.vercel/output'));
  console.log(
    `deploy-configs: _headers, _redirects in ${root}; deploy/nginx.conf (port ${port}, ${brotli ? 'brotli_static' : 'no brotli module: gzip'}) including deploy/security-headers.conf${vercel ? '; .vercel/output (Vercel)' : ''}${manifest.forwards.length > 0 ? `; forwarding ${manifest.forwards.map((f) => f.path).join(', ')}` : ''}`,
  );
}
