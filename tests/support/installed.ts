/**
 * A test skips only where a program it needs is not installed, and says which; under CI (where
 * every program is installed) a missing one fails instead. Once the program is there, whatever
 * goes wrong starting it (a config it rejects, a worker that does not load) fails the test.
 */
import { test } from '@playwright/test';
import { nginxBinary } from '../../scripts/lib/nginx-bin.ts';
import { onCi } from '../../scripts/lib/ci.ts';

/** Skips the test (or, in a hook, the file's tests) when `missing` names a program; fails under CI. */
export function skipWhereMissing(missing: string | null): void {
  if (!missing) return;
  if (onCi()) throw new Error(`${missing}, and CI installs every program the tests need.`);
  test.skip(true, missing);
}

export const nginxMissing = (): string | null =>
  nginxBinary() ? null : 'nginx is not installed (apt-get install nginx, or set NGINX_BIN)';
