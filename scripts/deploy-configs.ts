/**
 * After the build: writes the host configs from the route manifest (deploy/routes.ts) into the
 * build (and deploy/nginx.conf with its include, deploy/security-headers.conf). On Vercel (VERCEL=1,
 * set by Vercel's build and by `vercel build`) it also writes `.vercel/output/`, the Build Output
 * API folder Vercel serves.
 * Usage: node scripts/deploy-configs.ts [dist] [nginx port]
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  nginxConfig,
  nginxSecurityHeaders,
  netlifyHeaders,
  netlifyRedirects,
  vercelOutputConfig,
} from '../deploy/host-configs.ts';
import { cloudflareRoutes } from '../deploy/experiment-hosts.ts';
import { EDITOR_PATH_PATTERNS } from '../editor/build/editor-hosts.ts';
import { hostFunctions, type HostFunctions } from '../deploy/host-functions.ts';
import { routeManifest, servedFiles, type RouteManifest } from '../deploy/routes.ts';
import { EDITOR_FUNCTION, VERCEL_FUNCTION } from '../runtime/function-paths.ts';
import { CREDENTIALS_FILE } from '../runtime/editor.ts';
import { readSettings } from '../runtime/settings.ts';
import { nginxBrotli } from './lib/nginx-bin.ts';

/**
 * Vercel's Build Output API (v3) folder: `static/` (the build without its compressed copies, which
 * Vercel makes itself, and without the other hosts' configs), `config.json` (the routes) and the
 * edge functions (deploy/host-functions.ts).
 */
async function writeVercelOutput(
  root: string,
  output: string,
  functions: HostFunctions | null,
): Promise<void> {
  await rm(output, { recursive: true, force: true });
  for (const file of await servedFiles(root)) {
    const target = join(output, 'static', file);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(root, file), target);
  }
  const manifest = await routeManifest(root);
  await writeFile(join(output, 'config.json'), `${JSON.stringify(vercelOutputConfig(manifest), null, 2)}\n`);
  const edgeFunction = async (name: string, code: string | undefined) => {
    if (!code) return;
    const folder = join(output, 'functions', `${name}.func`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.js'), code);
    await writeFile(
      join(folder, '.vc-config.json'),
      `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js' }, null, 2)}\n`,
    );
  };
  await edgeFunction(VERCEL_FUNCTION, functions?.vercelSplit);
  await edgeFunction(EDITOR_FUNCTION, functions?.vercelEditor);
}

/**
 * The functions of the static hosts, for a running split test and the hosted editor
 * (deploy/host-functions.ts): Cloudflare Pages' `_worker.js` and `_routes.json` in the build (one
 * worker for both), Netlify's functions in its folders for generated ones.
 */
async function writeHostFunctions(
  root: string,
  manifest: RouteManifest,
  functions: HostFunctions | null,
  netlify: { edgeFunctions: string; functions: string },
): Promise<void> {
  // Netlify's folders outlive a build: a function of an earlier build must not stay deployed.
  await rm(join(netlify.edgeFunctions, 'experiments.js'), { force: true });
  await rm(join(netlify.functions, `${EDITOR_FUNCTION}.mjs`), { force: true });
  if (!functions) return;
  await writeFile(join(root, '_worker.js'), functions.cloudflareWorker);
  await writeFile(
    join(root, '_routes.json'),
    cloudflareRoutes(manifest, manifest.editor ? EDITOR_PATH_PATTERNS : []),
  );
  const netlifyFile = async (folder: string, name: string, code: string | undefined) => {
    if (!code) return;
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), code);
  };
  await netlifyFile(netlify.edgeFunctions, 'experiments.js', functions.netlifySplit);
  await netlifyFile(netlify.functions, `${EDITOR_FUNCTION}.mjs`, functions.netlifyEditor);
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? 'dist');
  const port = Number(process.argv[3] ?? 8080);
  const manifest = await routeManifest(root);
  await writeFile(resolve(root, '_headers'), netlifyHeaders(manifest));
  await writeFile(resolve(root, '_redirects'), netlifyRedirects(manifest));
  const headersFile = resolve('deploy/security-headers.conf');
  const brotli = nginxBrotli().available;
  await writeFile(headersFile, nginxSecurityHeaders(manifest));
  const running = manifest.experiments.length > 0;
  let { EXPERIMENT_SECRET: experimentSecret } = readSettings(process.env, ['EXPERIMENT_SECRET']);
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
  // The editor's pages as the build wrote them: Netlify's and Vercel's functions carry copies.
  const { editor } = manifest;
  const editorPages = editor
    ? Object.fromEntries(
        await Promise.all(
          [editor.page, editor.preview].map(async (file) => [file, await readFile(join(root, file), 'utf8')]),
        ),
      )
    : {};
  // The editor's credentials as its setup committed them (sealed), for the functions to carry.
  const credentials = existsSync(CREDENTIALS_FILE) ? await readFile(CREDENTIALS_FILE, 'utf8') : null;
  const functions = await hostFunctions(manifest, editorPages, editor ? credentials : null);
  await writeHostFunctions(root, manifest, functions, {
    edgeFunctions: resolve('.netlify/v1/edge-functions'),
    functions: resolve('.netlify/v1/functions'),
  });
  const vercel = process.env['VERCEL'] === '1';
  if (vercel) await writeVercelOutput(root, resolve('.vercel/output'), functions);
  console.log(
    `deploy-configs: _headers, _redirects in ${root}; deploy/nginx.conf (port ${port}, ${brotli ? 'brotli_static' : 'no brotli module: gzip'}) including deploy/security-headers.conf${vercel ? '; .vercel/output (Vercel)' : ''}${manifest.forwards.length > 0 ? `; forwarding ${manifest.forwards.map((f) => f.path).join(', ')}` : ''}`,
  );
}
