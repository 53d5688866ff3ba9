/**
 * After the build: writes the host configs from deploy/ into the build (and deploy/nginx.conf with
 * its include, deploy/security-headers.conf).
 * Usage: node scripts/deploy-configs.ts [dist] [nginx port]
 */
import { readdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  nginxConfig,
  nginxSecurityHeaders,
  netlifyHeaders,
  netlifyRedirects,
  pagePaths,
  vercelConfig,
  type BuildFacts,
} from '../deploy/host-configs.ts';
import { findRedirect, HOST_CONFIG_FILES, IMMUTABLE_PREFIX, notFoundPage } from '../deploy/rules.ts';
import { htmlFiles, siteCsp } from '../deploy/site-policy.ts';
import { nginxBrotli } from './lib/nginx-bin.ts';

export async function buildFacts(root: string): Promise<BuildFacts> {
  const files = (await htmlFiles(root)).filter((file) => `/${file}` !== notFoundPage);
  // A path that redirects is answered by the redirect, not by the file behind it.
  const pages = files.flatMap(pagePaths).filter((path) => !findRedirect(path));
  const assets = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(html|br|gz)$/.test(entry.name))
    .map((entry) => `${entry.parentPath.slice(root.length).split('\\').join('/')}/${entry.name}`)
    .filter(
      (path) =>
        !path.startsWith(IMMUTABLE_PREFIX) &&
        !(HOST_CONFIG_FILES as readonly string[]).includes(path.slice(1)),
    )
    .sort();
  return { csp: await siteCsp(root), pages, assets };
}

if (import.meta.main) {
  const root = resolve(process.argv[2] ?? 'dist');
  const port = Number(process.argv[3] ?? 8080);
  const facts = await buildFacts(root);
  await writeFile(resolve(root, '_headers'), netlifyHeaders(facts));
  await writeFile(resolve(root, '_redirects'), netlifyRedirects());
  await writeFile(resolve(root, 'vercel.json'), vercelConfig(facts));
  const headersFile = resolve('deploy/security-headers.conf');
  const brotli = nginxBrotli().available;
  await writeFile(headersFile, nginxSecurityHeaders(facts.csp));
  await writeFile(resolve('deploy/nginx.conf'), nginxConfig(facts, { root, port, headersFile, brotli }));
  console.log(
    `deploy-configs: _headers, _redirects, vercel.json in ${root}; deploy/nginx.conf (port ${port}, ${brotli ? 'brotli_static' : 'no brotli module: gzip'}) including deploy/security-headers.conf`,
  );
}
