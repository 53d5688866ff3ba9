/**
 * After the build: writes the host configs from the route manifest (deploy/routes.ts) into the
 * build (and deploy/nginx.conf with its include, deploy/security-headers.conf). On Vercel (VERCEL=1,
 * set by Vercel's build and by `vercel build`) it also writes `.vercel/output/`, the Build Output
 * API folder Vercel serves.
 * Usage: node scripts/deploy-configs.ts [dist] [nginx port]
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
import {
  CLOUDFLARE_EDITOR_ROUTES,
  editorCore,
  EDITOR_FUNCTION,
  netlifyEditorFunction,
  vercelEditorFunction,
} from '../deploy/editor-hosts.ts';
import { routeManifest, servedFiles, type RouteManifest } from '../deploy/routes.ts';
import { editorBundle } from './lib/editor-bundle.ts';
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
  const edgeFunction = async (name: string, code: string) => {
    const folder = join(output, 'functions', `${name}.func`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.js'), code);
    await writeFile(
      join(folder, '.vc-config.json'),
      `${JSON.stringify({ runtime: 'edge', entrypoint: 'index.js' }, null, 2)}\n`,
    );
  };
  // The split-test function (deploy/experiment-hosts.ts), on Vercel's edge runtime.
  if (manifest.experiments.length > 0) await edgeFunction(VERCEL_FUNCTION, vercelEdgeFunction(manifest));
  // The hosted editor's function (deploy/editor-hosts.ts).
  if (manifest.editor)
    await edgeFunction(
      EDITOR_FUNCTION,
      vercelEditorFunction(manifest.editor, await editorBundle(), await editorPage(root, manifest)),
    );
}

/** The editor's page as the build wrote it. */
async function editorPage(root: string, manifest: RouteManifest): Promise<string> {
  return readFile(join(root, manifest.editor!.page), 'utf8');
}

/**
 * The functions of the static hosts, for a running split test (deploy/experiment-hosts.ts) and
 * the hosted editor (deploy/editor-hosts.ts): Cloudflare Pages' `_worker.js` and `_routes.json` in
 * the build (one worker for both), Netlify's functions in its folders for generated ones.
 */
export async function writeHostFunctions(
  root: string,
  manifest: RouteManifest,
  netlify: { edgeFunctions: string; functions: string },
): Promise<void> {
  const testing = manifest.experiments.length > 0;
  const editor = manifest.editor;
  // Netlify's folders outlive a build: a function of an earlier build must not stay deployed.
  await rm(join(netlify.edgeFunctions, 'experiments.js'), { force: true });
  await rm(join(netlify.functions, `${EDITOR_FUNCTION}.mjs`), { force: true });
  if (!testing && !editor) return;
  const bundle = editor ? await editorBundle() : '';
  await writeFile(
    join(root, '_worker.js'),
    cloudflareWorker(manifest, editor ? editorCore(editor, bundle) : ''),
  );
  await writeFile(
    join(root, '_routes.json'),
    cloudflareRoutes(manifest, editor ? CLOUDFLARE_EDITOR_ROUTES : []),
  );
  if (testing) {
    await mkdir(netlify.edgeFunctions, { recursive: true });
    await writeFile(join(netlify.edgeFunctions, 'experiments.js'), netlifyEdgeFunction(manifest));
  }
  if (editor) {
    await mkdir(netlify.functions, { recursive: true });
    await writeFile(
      join(netlify.functions, `${EDITOR_FUNCTION}.mjs`),
      netlifyEditorFunction(editor, bundle, await editorPage(root, manifest)),
    );
  }
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
  await writeHostFunctions(root, manifest, {
    edgeFunctions: resolve('.netlify/v1/edge-functions'),
    functions: resolve('.netlify/v1/functions'),
  });
  const vercel = process.env['VERCEL'] === '1';
  if (vercel) await writeVercelOutput(root, resolve('.vercel/output'));
  console.log(
    `deploy-configs: _headers, _redirects in ${root}; deploy/nginx.conf (port ${port}, ${brotli ? 'brotli_static' : 'no brotli module: gzip'}) including deploy/security-headers.conf${vercel ? '; .vercel/output (Vercel)' : ''}${manifest.forwards.length > 0 ? `; forwarding ${manifest.forwards.map((f) => f.path).join(', ')}` : ''}`,
  );
}
