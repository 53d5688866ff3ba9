/**
 * `npm run edit` in a copy of the project, for the editor's browser tests (tests/editor/): the copy
 * is a git repository of its own (each save is a diff the test reads, and the working tree is never
 * touched), and the editor's app is the project's own build of it, shared by every copy
 * (EDITOR_APP_CACHE): the first test to start builds it when the sources changed, the others wait
 * for that build.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { copyProject, PROJECT_ROOT, type ProjectCopy } from './project-copy.ts';

export interface EditorCopy {
  project: ProjectCopy;
  origin: string;
  /** Git in the copy. */
  git: (...args: string[]) => string;
  /** Everything in the copy committed, as the owner would after a save. */
  commitAll: () => void;
  /** What `npm run edit` printed so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/** Waits for `server` to answer at `origin`, or fails with what it printed (it stopped, or it never answered). */
async function answering(origin: string, server: ChildProcess, log: () => string) {
  let stopped = false;
  server.once('exit', () => (stopped = true));
  // A cold start builds the editor's app: about a minute on a busy 2-core machine.
  await expect
    .poll(
      async () => {
        if (stopped) return 'stopped';
        return (await fetch(`${origin}/keystatic`).catch(() => null))?.status ?? 0;
      },
      { timeout: 300_000, message: `npm run edit answers at ${origin}` },
    )
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nnpm run edit printed:\n${log().slice(-3000)}`, { cause: error });
    });
}

/** A copy of the project (after `prepare`), committed, with `npm run edit` running on `port`. */
export async function startEditorCopy(
  name: string,
  port: number,
  { env = {}, prepare }: { env?: Record<string, string>; prepare?: (root: string) => void } = {},
): Promise<EditorCopy> {
  const project = copyProject(name);
  prepare?.(project.root);
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: project.root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  const commitAll = () => {
    git('add', '-A');
    git(
      '-c',
      'user.name=owner',
      '-c',
      'user.email=owner@example.org',
      'commit',
      '-qm',
      'saved',
      '--allow-empty',
    );
  };
  // What a build writes beside the sources is no part of a save (Keystatic, which reads the
  // project's tree as git would, then skips it too).
  writeFileSync(join(project.root, '.gitignore'), '.git\nnode_modules\n.astro\ndist\n');
  git('init', '-q');
  commitAll();
  const server = spawn('npm', ['run', 'edit', '--', '--port', String(port)], {
    cwd: project.root,
    env: {
      ...process.env,
      ...env,
      EDITOR_APP_CACHE: join(PROJECT_ROOT, 'node_modules/.cache/editor'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  server.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.on('exit', (code, signal) => (printed += `\n[npm run edit stopped: ${code ?? signal}]\n`));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.pid && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      process.kill(-server.pid, 'SIGTERM');
      await exited;
    }
    project.remove();
  };
  try {
    await answering(origin, server, () => printed);
  } catch (error) {
    await stop();
    throw error;
  }
  return { project, origin, git, commitAll, log: () => printed, stop };
}
