/**
 * Finds the machine's nginx and what it can do. Kept apart from the runner (nginx.ts) so the
 * config generator (scripts/deploy-configs.ts) can ask without importing the runner.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export const NGINX_CANDIDATES = [
  process.env['NGINX_BIN'],
  '/usr/sbin/nginx',
  '/usr/local/sbin/nginx',
  '/opt/homebrew/bin/nginx',
];

/** The nginx binary, or null. */
export function nginxBinary(): string | null {
  return NGINX_CANDIDATES.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

export function findNginx(): string {
  const found = nginxBinary();
  if (!found)
    throw new Error('nginx is needed for the host parity tests: apt-get install -y nginx (CI does this).');
  return found;
}

/** Where Debian's nginx packages put their `load_module` lines. */
export const MODULES_ENABLED = '/etc/nginx/modules-enabled';

/**
 * Whether this machine's nginx can use `brotli_static`: built in (`nginx -V` names it) or as a
 * dynamic module enabled in MODULES_ENABLED (then `moduleIncludes` must be loaded by the main config).
 */
export function nginxBrotli(): { available: boolean; moduleIncludes: string[] } {
  const bin = nginxBinary();
  if (!bin) return { available: false, moduleIncludes: [] };
  // nginx -V prints its build to stderr.
  const version = spawnSync(bin, ['-V'], { encoding: 'utf8' });
  if (/brotli/i.test(`${version.stdout}${version.stderr}`)) return { available: true, moduleIncludes: [] };
  const moduleIncludes = existsSync(MODULES_ENABLED)
    ? readdirSync(MODULES_ENABLED)
        .map((file) => `${MODULES_ENABLED}/${file}`)
        .filter((file) => /brotli/i.test(file))
    : [];
  return { available: moduleIncludes.length > 0, moduleIncludes };
}
