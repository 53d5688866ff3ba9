/**
 * After the build: writes the host configs from the route manifest (deploy/routes.ts) into the
 * build (and deploy/nginx.conf with its include, deploy/security-headers.conf). On Vercel (VERCEL=1,
 * set by Vercel's build and by `vercel build`) it also writes `.vercel/output/`, the Build Output
 * API folder Vercel serves.
 * Usage: node scripts/deploy-configs.ts [dist] [nginx port]
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  nginxConfig,
  nginxSecurityHeaders,
  netlifyHeaders,
  netlifyRedirects,
  vercelOutputConfig,
} from '../deploy/host-configs.ts';
import { routeManifest, servedFiles } from '../deploy/routes.ts';
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
  await writeFile(
    join(output, 'config.json'),
    `${JSON.stringify(vercelOutputConfig(await routeManifest(root)), null, 2)}\n`,
  );
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
  await writeFile(resolve('deploy/nginx.conf'), nginxConfig(manifest, { root, port, headersFile, brotli }));
  const vercel = process.env['VERCEL'] === '1';
  if (vercel) await writeVercelOutput(root, resolve('.vercel/output'));
  console.log(
    `deploy-configs: _headers, _redirects in ${root}; deploy/nginx.conf (port ${port}, ${brotli ? 'brotli_static' : 'no brotli module: gzip'}) including deploy/security-headers.conf${vercel ? '; .vercel/output (Vercel)' : ''}${manifest.forwards.length > 0 ? `; forwarding ${manifest.forwards.map((f) => f.path).join(', ')}` : ''}`,
  );
}
