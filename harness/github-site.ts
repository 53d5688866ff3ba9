/**
 * The hosted editor's setting, shared by its specs: a copy of the project committed as the owner's
 * repository (a bare git repository on disk), built in GitHub mode, GitHub's stand-in
 * (./github-stand-in.ts) over that repository, and the production server of the build, its own
 * requests to GitHub rerouted to the stand-in (./github-hosts.ts). The browser's requests to
 * GitHub go there too, through the stand-in as its proxy (`browserToStandIn`, ./github-tunnel.ts).
 * With `deployHook`, the server runs from a clone of that repository with its deploy hook on, and
 * the stand-in sends it GitHub's push webhook: a merge on main is pulled, built and served, as on
 * a self-hosted site.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEPLOY_HOOK_PATH } from '../runtime/deploy-hook.ts';
import { copyProject, PROJECT_ROOT } from './project-copy.ts';
import { GitHubStandIn } from './github-stand-in.ts';

export { browserToStandIn } from './github-tunnel.ts';

export const OWNER = 'build-equity';
export const NAME = 'site';

/** The hosted editor's five variables, for a GitHub app (client id) of the spec's own. */
export const editorEnv = (clientId: string) => ({
  KEYSTATIC_GITHUB_REPO: `${OWNER}/${NAME}`,
  KEYSTATIC_GITHUB_CLIENT_ID: clientId,
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'stand-in-client-secret',
  KEYSTATIC_SECRET: 'a-secret-of-at-least-thirty-two-characters-for-the-test',
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'build-equity-site-editor',
});

/** A draft's preview address, as a host that builds each branch gives it. */
export const PREVIEW_URL = 'https://{branch}--build-equity.netlify.app/';

/**
 * The editor as an owner on such a host sets it up, with its previews: hosted-editor.spec.ts and
 * publish.spec.ts both use it, so the one build of the site they start from serves both.
 */
export const SITE_EDITOR_ENV = { ...editorEnv('Iv1.standin0000000001'), KEYSTATIC_PREVIEW_URL: PREVIEW_URL };

export function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')}: ${result.stderr.slice(-3000)}\n${result.stdout.slice(-3000)}`,
    );
  return result.stdout;
}

/** `env` is the build's and the server's (the editor's variables); `prepare` changes the copy before it is committed. */
interface GitHubSiteOptions {
  name: string;
  port: number;
  standInPort: number;
  env: Record<string, string>;
  prepare?: (root: string) => void;
  buildEnv?: Record<string, string>;
  serverEnv?: Record<string, string>;
  /**
   * Build the copy once without the editor first, into `dist-without-editor/`, to compare the
   * visitors' pages. A spec that starts from the same builds as one that compares asks for it too:
   * the builds are then made once for both (`builtOnce`).
   */
  buildWithoutEditor?: boolean;
  logLevel: 'warn' | 'info';
  /** The deploy hook's secret: the server publishes main's pushes, as GitHub's webhook tells it. */
  deployHook?: { secret: string };
}

export type GitHubSite = Awaited<ReturnType<typeof startGitHubSite>>;

/** The owner's repository: the copy committed on main, then cloned bare. */
function ownersRepository(root: string): string {
  writeFileSync(join(root, '.gitignore'), 'node_modules\n.astro\ndist\ndist.next\ndist.previous\n');
  run('git', ['init', '-q', '-b', 'main'], root);
  run('git', ['add', '-A'], root);
  run(
    'git',
    ['-c', 'user.name=owner', '-c', 'user.email=owner@example.org', 'commit', '-qm', 'The site'],
    root,
  );
  const repository = mkdtempSync(join(tmpdir(), 'be-github-'));
  run('git', ['clone', '-q', '--bare', root, repository], tmpdir());
  return repository;
}

/** The copy's builds: without the editor (when asked) into `dist-without-editor/`, then with it into `dist/`. */
function build(root: string, options: GitHubSiteOptions): void {
  if (options.buildWithoutEditor) {
    run('npm', ['run', 'build'], root, options.buildEnv);
    renameSync(join(root, 'dist'), join(root, 'dist-without-editor'));
  }
  run('npm', ['run', 'build'], root, { ...options.env, ...options.buildEnv });
}

/** What a build makes: the folders `build` writes. */
const builtFolders = (options: GitHubSiteOptions) => [
  ...(options.buildWithoutEditor ? ['dist-without-editor'] : []),
  'dist',
];

/**
 * Makes the builds of the copy at `root` once per run for every spec whose inputs are the same: the
 * copy's sources (the tree of its commit) and the builds' variables name a folder under the run's
 * output folder (test-results/, which Playwright empties as a run starts). The first spec there
 * builds in its own copy and leaves its builds in that folder; another, or the same spec's retry,
 * waits for them and copies them. Both builds of a pair are made in the same folder, as the
 * comparison of their pages needs (Astro names islands after their files' full paths).
 */
async function builtOnce(root: string, options: GitHubSiteOptions): Promise<void> {
  const everyRun = sharedBuilds();
  if (!everyRun) return build(root, options);
  const inputs = {
    tree: run('git', ['rev-parse', 'HEAD^{tree}'], root).trim(),
    env: options.env,
    buildEnv: options.buildEnv ?? {},
    folders: builtFolders(options),
  };
  const key = createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16);
  const shared = join(everyRun, key);
  const [made, builder] = [join(shared, 'made'), join(shared, 'builder')];
  mkdirSync(join(shared, '..'), { recursive: true });
  try {
    mkdirSync(shared);
  } catch {
    // Another worker builds them: its copies once it has, or our own if it stopped without them.
    await expect
      .poll(() => existsSync(made) || !alive(builder), { timeout: 400_000, intervals: [1000] })
      .toBe(true);
    if (!existsSync(made)) return build(root, options);
    for (const folder of inputs.folders)
      cpSync(join(shared, folder), join(root, folder), { recursive: true });
    return;
  }
  writeFileSync(builder, String(process.pid));
  try {
    build(root, options);
  } catch (error) {
    writeFileSync(builder, 'failed');
    throw error;
  }
  for (const folder of inputs.folders) cpSync(join(root, folder), join(shared, folder), { recursive: true });
  writeFileSync(made, '');
}

/**
 * Where the specs of a Playwright run share their builds (under the run's output folder), or null
 * outside Playwright's runner (`npm run bench:publish`), where the one copy builds its own.
 */
function sharedBuilds(): string | null {
  try {
    return join(test.info().project.outputDir, 'hosted-builds');
  } catch {
    return null; // test.info() answers only inside a test
  }
}

/** Whether the process named in `file` still runs (a worker that is still building); false once it has stopped or failed. */
function alive(file: string): boolean {
  try {
    process.kill(Number(readFileSync(file, 'utf8')), 0);
    return true;
  } catch {
    // No file yet is a builder between making the folder and writing its name: still at it.
    return !existsSync(file) && existsSync(join(file, '..'));
  }
}

/** The owner's repository (bare), the stand-in over it and the server: `git` runs in the repository, `log` is the server's. */
export async function startGitHubSite(options: GitHubSiteOptions) {
  const project = copyProject(options.name);
  options.prepare?.(project.root);
  const repository = ownersRepository(project.root);
  await builtOnce(project.root, options);
  const standIn = new GitHubStandIn({
    repository,
    owner: OWNER,
    name: NAME,
    clientId: options.env['KEYSTATIC_GITHUB_CLIENT_ID']!,
    clientSecret: options.env['KEYSTATIC_GITHUB_CLIENT_SECRET']!,
  });
  await standIn.listen(options.standInPort);
  const standInOrigin = `http://127.0.0.1:${options.standInPort}`;
  const site = `http://127.0.0.1:${options.port}`;
  if (options.deployHook) {
    // The server's own clone, as on a self-hosted site: it pulls main from the repository when told.
    run('git', ['remote', 'add', 'origin', repository], project.root);
    standIn.addWebhook(`${site}${DEPLOY_HOOK_PATH}`, options.deployHook.secret);
  }
  const server = spawn(
    process.execPath,
    ['--import', join(import.meta.dirname, 'github-hosts.ts'), 'server/index.ts'],
    {
      cwd: options.deployHook ? project.root : PROJECT_ROOT,
      env: {
        ...process.env,
        ...options.env,
        ...options.serverEnv,
        ...(options.deployHook ? { DEPLOY_HOOK_SECRET: options.deployHook.secret } : {}),
        SITE_ROOT: join(project.root, 'dist'),
        PORT: String(options.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: options.logLevel,
        GITHUB_STAND_IN: standInOrigin,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(async () => (await fetch(`${site}/keystatic`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200);
  return {
    project,
    repository,
    standIn,
    site,
    git: (...args: string[]) => run('git', args, repository).trim(),
    log: () => log,
    stop: async () => {
      server.kill('SIGTERM');
      await standIn.close();
      project.remove();
      rmSync(repository, { recursive: true, force: true });
    },
  };
}
