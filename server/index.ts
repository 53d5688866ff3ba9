/**
 * `npm run serve`: serves the production build on HOST:PORT (127.0.0.1:4321 by default).
 * On SIGTERM and SIGINT: stops accepting, answers every request already received (with
 * Connection: close), then exits 0 within 10 s.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { deployHookSettings, DEPLOY_HOOK_PATH, type DeployHookSettings } from '../runtime/deploy-hook.ts';
import { EDITOR_FOLDER, hostedEditorSettings, type HostedEditorSettings } from '../runtime/editor.ts';
import { buildServer, DEFAULT_MAX_CONNECTIONS, DEFAULT_TRUST_PROXY } from './app.ts';
import { trustProxyFn } from './request-checks.ts';

const env = process.env;
const root = resolve(env['SITE_ROOT'] ?? 'dist');
const host = env['HOST'] ?? '127.0.0.1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  return value;
}

function trustProxy(): boolean | string {
  const raw = (env['TRUST_PROXY'] ?? DEFAULT_TRUST_PROXY).trim();
  if (raw === 'true') return true;
  if (raw === 'false' || raw === '') return false;
  return raw;
}

if (!existsSync(resolve(root, 'index.html'))) {
  fail(`No build found in ${root}. Run "npm run build" first (or "npm start", which builds and serves).`);
}
const port = whole('PORT', 4321, 0, 65535);
const maxConnections = whole('MAX_CONNECTIONS', DEFAULT_MAX_CONNECTIONS, 1, 1_000_000);
const allowedHosts = (env['ALLOWED_HOSTS'] ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

let trust: boolean | string;
try {
  trust = trustProxy();
  trustProxyFn(trust);
} catch {
  fail(`TRUST_PROXY must be true, false, or addresses and CIDRs (got "${env['TRUST_PROXY']}").`);
}

// The hosted editor: its variables at run time as at build time, all or none.
let editor: HostedEditorSettings | null = null;
try {
  editor = hostedEditorSettings(env);
} catch (error) {
  fail((error as Error).message);
}
const builtWithEditor = existsSync(resolve(root, EDITOR_FOLDER, 'index.html'));
if (editor && !builtWithEditor)
  fail(
    `The hosted editor's variables are set but the build in ${root} has no editor: run "npm run build" with them set.`,
  );
if (!editor && builtWithEditor)
  console.warn(
    `The build in ${root} has the hosted editor but its variables are not set here: /keystatic and /api/keystatic/ answer 404.`,
  );

// The deploy hook: a signed push to DEPLOY_BRANCH is pulled, built beside the build and served.
let deployHook: DeployHookSettings | null = null;
try {
  deployHook = deployHookSettings(env);
} catch (error) {
  fail((error as Error).message);
}
if (deployHook && !existsSync(resolve('.git')))
  fail(
    `DEPLOY_HOOK_SECRET is set but ${resolve('.')} is not a git clone: the deploy hook pulls the pushed change there. Start the server from the project's clone.`,
  );

const app = await buildServer({
  editor,
  editorEnv: env,
  deployHook,
  root,
  logger: { level: env['LOG_LEVEL'] ?? 'info' },
  allowedHosts,
  trustProxy: trust,
  maxConnections,
  experiments: { secret: env['EXPERIMENT_SECRET'] },
});
if (app.site.experiments.size > 0 && !env['EXPERIMENT_SECRET'])
  app.log.warn(
    'Split tests run with a secret made at start: set EXPERIMENT_SECRET so a visitor keeps their variant across restarts and processes.',
  );

if (deployHook)
  app.log.info(
    `deploy hook: POST ${DEPLOY_HOOK_PATH} (GitHub webhook, push events) publishes ${deployHook.branch}`,
  );

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    app.log.info(`${signal}: answering the requests in flight, then closing`);
    // A last resort: whatever happens, the process is gone within 10 s.
    setTimeout(() => process.exit(0), 9_500).unref();
    app.drain().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ host, port });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
