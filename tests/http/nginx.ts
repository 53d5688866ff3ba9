/**
 * Starts Debian's nginx on a loopback port with the generated server block over dist/, for the
 * HTTP parity tests. CI installs nginx (.ci/run); elsewhere, install it (`apt-get install nginx`,
 * `brew install nginx`) or set NGINX_BIN.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nginxConfig } from '../../deploy/host-configs.ts';
import { buildFacts } from '../../scripts/deploy-configs.ts';

export const NGINX_CANDIDATES = [
  process.env['NGINX_BIN'],
  '/usr/sbin/nginx',
  '/usr/local/sbin/nginx',
  '/opt/homebrew/bin/nginx',
];

export function findNginx(): string {
  const found = NGINX_CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found)
    throw new Error('nginx is needed for the host parity tests: apt-get install -y nginx (CI does this).');
  return found;
}

/**
 * Runs nginx from a private prefix (no system paths written) with the given `server` blocks;
 * returns how to stop it. Used by the parity tests and by `npm run bench:security`.
 */
export function runNginx(prefix: string, servers: string): { stop: () => void } {
  const bin = findNginx();
  const mime = [
    '/etc/nginx/mime.types',
    '/opt/homebrew/etc/nginx/mime.types',
    '/usr/local/etc/nginx/mime.types',
  ].find(existsSync);
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir), { recursive: true });
  writeFileSync(join(prefix, 'site.conf'), servers);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  ${mime ? `include ${mime};` : 'types { text/html html; text/css css; application/javascript js; image/svg+xml svg; font/woff2 woff2; image/avif avif; image/webp webp; }'}
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf')];
  execFileSync(bin, ['-t', ...args], { stdio: 'pipe' });
  execFileSync(bin, args, { stdio: 'pipe' });
  return { stop: () => void spawnSync(bin, [...args, '-s', 'stop'], { stdio: 'ignore' }) };
}

/** nginx on a loopback port serving dist/ with the generated server block. */
export async function startNginx(port: number): Promise<{ url: string; stop: () => void }> {
  const prefix = mkdtempSync(join(tmpdir(), 'be-nginx-'));
  const site = nginxConfig(await buildFacts(resolve('dist')), { root: resolve('dist'), port }).replace(
    `listen ${port};`,
    `listen 127.0.0.1:${port};`,
  );
  const nginx = runNginx(prefix, site);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      nginx.stop();
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
