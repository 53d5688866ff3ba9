/**
 * What the build wrote that every host's answers follow, read from the build's folder (dist/):
 * the one site-wide policy (the union of the pages' own), the forwarded paths (FORWARDS_FILE),
 * the running split tests (EXPERIMENTS_FILE) and the security headers' settings (SECURITY_FILE). The
 * route manifest (routes.ts) reads them here; request-time code (runtime/) reads no file.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServedExperiment } from '../runtime/experiments.ts';
import { EXPERIMENTS_FILE, FORWARDS_FILE, hsts, SECURITY_FILE, type Forward } from '../runtime/rules.ts';
import { cspDirectives, metaPolicy, unionPolicy } from './csp.ts';

/** Every HTML file of the build, as paths relative to root. */
export async function htmlFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.html'))
    .map((entry) => entry.split('\\').join('/'))
    .sort();
}

/** The site's CSP header: the union of the pages' meta policies, plus the header-only directives. */
export async function siteCsp(root: string): Promise<string> {
  const policies: string[] = [];
  for (const file of await htmlFiles(root)) {
    const policy = metaPolicy(await readFile(join(root, file), 'utf8'));
    if (policy) policies.push(policy);
  }
  // A build without meta policies (an older or hand-made one) still gets a strict policy.
  if (policies.length === 0) {
    policies.push(
      [...cspDirectives({ frameOrigins: [] }), "script-src 'self'", "style-src 'self'"].join('; '),
    );
  }
  return unionPolicy(policies);
}

/** The build's Strict-Transport-Security: `preload` only when it says so (runtime/rules.ts SECURITY_FILE). */
export async function siteHsts(root: string): Promise<string> {
  const text = await readFile(join(root, SECURITY_FILE), 'utf8').catch(() => null);
  if (text === null) return hsts(false);
  const { hstsPreload } = (JSON.parse(text) ?? {}) as { hstsPreload?: unknown };
  if (typeof hstsPreload !== 'boolean')
    throw new Error(`${join(root, SECURITY_FILE)}: expected { "hstsPreload": true or false }.`);
  return hsts(hstsPreload);
}

/** The paths the build forwards to another origin (runtime/rules.ts FORWARDS_FILE); none when absent. */
export async function siteForwards(root: string): Promise<Forward[]> {
  const text = await readFile(join(root, FORWARDS_FILE), 'utf8').catch(() => null);
  if (text === null) return [];
  const listed: unknown = JSON.parse(text);
  const valid = (entry: unknown): entry is Forward => {
    const { path, method, upstream } = (entry ?? {}) as Partial<Forward>;
    return (
      typeof path === 'string' &&
      /^\/[\w./-]+$/.test(path) &&
      (method === 'GET' || method === 'POST') &&
      typeof upstream === 'string' &&
      /^https?:\/\/[^\s"';{}]+$/.test(upstream)
    );
  };
  if (!Array.isArray(listed) || !listed.every(valid)) {
    throw new Error(`${join(root, FORWARDS_FILE)}: expected a list of { path, method, upstream }.`);
  }
  return listed;
}

/** The running experiments of a build (EXPERIMENTS_FILE); none when absent. */
export async function servedExperiments(root: string): Promise<ServedExperiment[]> {
  const text = await readFile(join(root, EXPERIMENTS_FILE), 'utf8').catch(() => null);
  if (text === null) return [];
  const listed: unknown = JSON.parse(text);
  const id = /^[a-z0-9][a-z0-9-]*$/;
  const valid = (entry: unknown): entry is ServedExperiment => {
    const experiment = (entry ?? {}) as Partial<ServedExperiment>;
    return (
      typeof experiment.id === 'string' &&
      id.test(experiment.id) &&
      typeof experiment.page === 'string' &&
      /^\/[\w/-]*$/.test(experiment.page) &&
      Array.isArray(experiment.variants) &&
      experiment.variants.length >= 2 &&
      experiment.variants.every(
        (variant) =>
          typeof variant.id === 'string' &&
          id.test(variant.id) &&
          typeof variant.weight === 'number' &&
          variant.weight > 0 &&
          typeof variant.file === 'string' &&
          /^\/[\w/.-]+\.html$/.test(variant.file),
      )
    );
  };
  if (!Array.isArray(listed) || !listed.every(valid))
    throw new Error(`${join(root, EXPERIMENTS_FILE)}: expected a list of { id, page, variants }.`);
  return listed;
}
