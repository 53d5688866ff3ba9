/**
 * `npm run serve`: serves the production build on HOST:PORT (127.0.0.1:4321 by default), with the
 * settings read from the environment once, here (server/settings.ts).
 * On SIGTERM and SIGINT: stops accepting, answers every request already received (with
 * Connection: close), then exits 0 within 10 s.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEPLOY_HOOK_PATH } from '../runtime/deploy-hook.ts';
import { CREDENTIALS_FILE, EDITOR_FOLDER } from '../runtime/editor.ts';
import { editorState } from '../editor/api/setup/editor-settings.ts';
import { nodeSetupCode, SETUP_CODE_FILE, siteRepository } from '../editor/node/setup-code.ts';
import { buildServer } from './app.ts';
import { serverSettings, type ServerSettings } from './settings.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// The one reading of this process's environment (server/settings.ts).
let settings: ServerSettings;
try {
  settings = serverSettings(process.env);
} catch (error) {
  fail((error as Error).message);
}
const root = resolve(settings.root);
const { deployHook } = settings;
const project = process.cwd();

// The hosted editor: its five variables, else the credentials its setup page committed, opened with
// the setup code; else its setup page, when there is a code (EDITOR_SETUP_CODE) or the project is a
// clone of a GitHub repository (the server then makes a code and prints it once).
const repo = siteRepository(project);
const offered = !settings.editor && Boolean(settings.setupCode ?? repo);
const setupCode = offered
  ? nodeSetupCode(settings.setupCode, project)
  : { code: settings.setupCode, made: false };
const credentials = existsSync(CREDENTIALS_FILE) ? readFileSync(CREDENTIALS_FILE, 'utf8') : undefined;
let state: Awaited<ReturnType<typeof editorState>>;
try {
  state = await editorState(
    { variables: settings.editor, code: setupCode.code, previewUrl: settings.previewUrl, repo },
    credentials,
  );
} catch (error) {
  fail((error as Error).message);
}
const editor = state.kind === 'set-up' ? state.settings : null;
const setup =
  state.kind === 'setup' ? { code: state.code, repo: state.repo, previewUrl: settings.previewUrl } : null;

if (!existsSync(resolve(root, 'index.html'))) {
  fail(`No build found in ${root}. Run "npm run build" first (or "npm start", which builds and serves).`);
}

// The hosted editor: its variables at run time as at build time, all or none.
const builtWithEditor = existsSync(resolve(root, EDITOR_FOLDER, 'index.html'));
if (editor && !builtWithEditor)
  fail(
    `The hosted editor's variables are set but the build in ${root} has no editor: run "npm run build" with them set.`,
  );
if (!editor && !setup && builtWithEditor)
  console.warn(
    `The build in ${root} has the hosted editor but its variables are not set here: /keystatic and /api/keystatic/ answer 404.`,
  );

// The deploy hook: a signed push to DEPLOY_BRANCH is pulled, built beside the build and served.
if (deployHook && !existsSync(resolve('.git')))
  fail(
    `DEPLOY_HOOK_SECRET is set but ${resolve('.')} is not a git clone: the deploy hook pulls the pushed change there. Start the server from the project's clone.`,
  );

const app = await buildServer({
  editor,
  setup,
  results: settings.results,
  deployHook,
  root,
  logger: { level: settings.logLevel },
  allowedHosts: settings.allowedHosts,
  trustProxy: settings.trustProxy,
  maxConnections: settings.maxConnections,
  experiments: { secret: settings.experimentSecret },
});
if (app.site.experiments.size > 0 && !settings.experimentSecret)
  app.log.warn(
    'Split tests run with a secret made at start: set EXPERIMENT_SECRET so a visitor keeps their variant across restarts and processes.',
  );

if (setup)
  app.log.info(
    setupCode.made
      ? `the hosted editor is not set up: open /keystatic/setup and give it this setup code (shown once, kept in ${SETUP_CODE_FILE}): ${setup.code}`
      : `the hosted editor is not set up: open /keystatic/setup with its setup code (${settings.setupCode ? 'EDITOR_SETUP_CODE' : `the one printed when it was made, kept in ${SETUP_CODE_FILE}`})`,
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
  await app.listen({ host: settings.host, port: settings.port });
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
