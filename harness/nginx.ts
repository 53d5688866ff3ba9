/**
 * Starts Debian's nginx on a loopback port with the generated server block over dist/, for the
 * HTTP parity tests, `npm run bench:security` and `npm run bench:load`. CI installs nginx
 * (.ci/run); elsewhere, install it (`apt-get install nginx`, `brew install nginx`) or set NGINX_BIN.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nginxConfig, nginxSecurityHeaders } from '../deploy/host-configs.ts';
import { routeManifest } from '../deploy/routes.ts';
import { findNginx, nginxBrotli } from '../scripts/lib/nginx-bin.ts';

export interface NginxRun {
  stop: () => void;
  /** The master's pid, for measuring it. */
  pid: () => number;
  /** The worker's pids (one worker). */
  workers: () => number[];
}

/** Blocks until the process `pid` has exited, or `ms` have passed. */
function waitForExit(pid: number, ms: number) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const deadline = Date.now() + ms; Date.now() < deadline; Atomics.wait(pause, 0, 0, 25)) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
}

/**
 * Runs nginx from a private prefix (no system paths written) with the given `server` blocks;
 * returns how to stop it.
 */
export function runNginx(prefix: string, servers: string, { workerConnections = 256 } = {}): NginxRun {
  const bin = findNginx();
  const mime = [
    '/etc/nginx/mime.types',
    '/opt/homebrew/etc/nginx/mime.types',
    '/usr/local/etc/nginx/mime.types',
  ].find(existsSync);
  // Debian's module files name their .so relative to its prefix; this nginx runs from another.
  const modules = nginxBrotli()
    .moduleIncludes.map((file) =>
      readFileSync(file, 'utf8').replace(/load_module\s+(?!\/)(\S+);/g, 'load_module /usr/share/nginx/$1;'),
    )
    .join('\n');
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir), { recursive: true });
  writeFileSync(join(prefix, 'site.conf'), servers);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `daemon on;
worker_processes 1;
${modules}
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections ${workerConnections}; }
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
  const pid = () => Number(readFileSync(join(prefix, 'nginx.pid'), 'utf8').trim());
  return {
    // `-s stop` only signals the master: it is waited for, so that its prefix can be removed after.
    stop: () => {
      const master = existsSync(join(prefix, 'nginx.pid')) ? pid() : 0;
      spawnSync(bin, [...args, '-s', 'stop'], { stdio: 'ignore' });
      if (master > 0) waitForExit(master, 5_000);
    },
    pid,
    workers: () => {
      const children = spawnSync('pgrep', ['-P', String(pid())], { encoding: 'utf8' }).stdout;
      return children
        .split('\n')
        .map(Number)
        .filter((n) => n > 0);
    },
  };
}

/**
 * The generated server block and its security-headers include for dist/, written into `prefix`,
 * listening on 127.0.0.1 only.
 */
export async function siteConfig(prefix: string, port: number, root = resolve('dist')): Promise<string> {
  const manifest = await routeManifest(root);
  const headersFile = join(prefix, 'security-headers.conf');
  writeFileSync(headersFile, nginxSecurityHeaders(manifest));
  // A split test's salt: the environment's, else one for this run (a visitor keeps a variant while it runs).
  const experimentSecret = process.env['EXPERIMENT_SECRET'] ?? randomBytes(18).toString('base64url');
  return nginxConfig(manifest, {
    root,
    port,
    headersFile,
    brotli: nginxBrotli().available,
    experimentSecret,
  }).replace(`listen ${port};`, `listen 127.0.0.1:${port};`);
}

/** nginx on a loopback port serving dist/ (or another build, `root`) with the generated server block. */
export async function startNginx(
  port: number,
  { root, ...options }: { workerConnections?: number; root?: string } = {},
): Promise<{ url: string; stop: () => void; run: NginxRun; prefix: string }> {
  const prefix = mkdtempSync(join(tmpdir(), 'be-nginx-'));
  let nginx: NginxRun;
  try {
    nginx = runNginx(prefix, await siteConfig(prefix, port, root), options);
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    run: nginx,
    prefix,
    stop: () => {
      nginx.stop();
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
