/**
 * After the build: writes the host configs from deploy/ into the build (and deploy/nginx.conf with
 * its include, deploy/security-headers.conf). On Vercel (VERCEL=1, set by Vercel's build and by
 * `vercel build`) it also writes `.vercel/output/`, the Build Output API folder Vercel serves.
 * Usage: node scripts/deploy-configs.ts [dist] [nginx port]
 */
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  nginxConfig,
  nginxSecurityHeaders,
  netlifyHeaders,
  netlifyRedirects,
  pagePaths,
  vercelOutputConfig,
  type BuildFacts,
} from '../deploy/host-configs.ts';
import { findRedirect, HOST_CONFIG_FILES, IMMUTABLE_PREFIX, notFoundPage } from '../deploy/rules.ts';
import { htmlFiles, siteCsp, siteForwards } from '../deploy/site-policy.ts';
import { nginxBrotli } from './lib/nginx-bin.ts';

/** Every file of the build as a URL path, without the compressed copies and the host configs. */
async function servedFiles(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => `${entry.parentPath.slice(root.length).split('\\').join('/')}/${entry.name}`)
    .filter((path) => !(HOST_CONFIG_FILES as readonly string[]).includes(path.slice(1)))
    .sort();
}

export async function buildFacts(root: string): Promise<BuildFacts> {
  const files = (await htmlFiles(root)).filter((file) => `/${file}` !== notFoundPage);
  // A path that redirects is answered by the redirect, not by the file behind it.
  const pages = files.flatMap(pagePaths).filter((path) => !findRedirect(path));
  const others = (await servedFiles(root)).filter((path) => !path.endsWith('.html'));
  return {
    csp: await siteCsp(root),
    pages,
    assets: others.filter((path) => !path.startsWith(IMMUTABLE_PREFIX)),
    immutable: others.filter((path) => path.startsWith(IMMUTABLE_PREFIX)),
    forwards: await siteForwards(root),
  };
}

/**
 * Vercel's Build Output API (v3) folder: `static/` (the build without its compressed copies, which
 * Vercel makes itself, and without the other hosts' configs) and `config.json` (the routes).
 */
export async function writeVercelOutput(root: string, output: string): Promise<void> {
  await rm(output, { recursive: true, force: true });
  for (const path of await servedFiles(root)) {
    const target = join(output, 'static', path);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(root, path), target);
  }
  await writeFile(
    join(output, 'config.json'),
    `${JSON.stringify(vercelOutputConfig(await buildFacts(root)), null, 2)}\n`,
  );
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? 'dist');
  const port = Number(process.argv[3] ?? 8080);
  const facts = await buildFacts(root);
  await writeFile(resolve(root, '_headers'), netlifyHeaders(facts));
  await writeFile(resolve(root, '_redirects'), netlifyRedirects(facts.forwards));
  const headersFile = resolve('deploy/security-headers.conf');
  const brotli = nginxBrotli().available;
  await writeFile(headersFile, nginxSecurityHeaders(facts.csp));
  await writeFile(resolve('deploy/nginx.conf'), nginxConfig(facts, { root, port, headersFile, brotli }));
  const vercel = process.env['VERCEL'] === '1';
  if (vercel) await writeVercelOutput(root, resolve('.vercel/output'));
  console.log(
    `deploy-configs: _headers, _redirects in ${root}; deploy/nginx.conf (port ${port}, ${brotli ? 'brotli_static' : 'no brotli module: gzip'}) including deploy/security-headers.conf${vercel ? '; .vercel/output (Vercel)' : ''}${facts.forwards.length > 0 ? `; forwarding ${facts.forwards.map((f) => f.path).join(', ')}` : ''}`,
  );
}
