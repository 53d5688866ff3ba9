/**
 * The browser editor (`npm run edit`) in a throwaway copy of the project, for the editor's browser
 * tests: the copy is a git repository of its own (a save is a diff, the working tree is never
 * touched), changed by `prepare` before the editor starts on 127.0.0.1:`port` with `env`. What the
 * editor's server prints is kept, for a failure's message.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { copyProject } from '../../scripts/lib/project-copy.ts';

export interface EditorCopy {
  root: string;
  /** The editor's origin: http://127.0.0.1:<port>. */
  origin: string;
  /** What the editor's server printed so far. */
  log: () => string;
  /** Git in the copy. */
  git: (...args: string[]) => string;
  /** Stops the editor's server and removes the copy. */
  stop: () => void;
}

export async function startEditorCopy(
  name: string,
  port: number,
  { env = {}, prepare }: { env?: Record<string, string>; prepare?: (root: string) => void } = {},
): Promise<EditorCopy> {
  const project = copyProject(name);
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: project.root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  prepare?.(project.root);
  // What the dev server and a build write beside the sources is no part of a save.
  writeFileSync(join(project.root, '.gitignore'), '.git\nnode_modules\n.astro\ndist\n');
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=owner', '-c', 'user.email=owner@example.org', 'commit', '-qm', 'start');
  let log = '';
  const server = spawn('npm', ['run', 'edit', '--', '--port', String(port)], {
    cwd: project.root,
    env: { ...process.env, BROWSER: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.on('exit', (code, signal) => (log += `\n[the editor's server stopped: ${code ?? signal}]\n`));
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    project.remove();
  };
  try {
    await expect
      .poll(async () => (await fetch(`${origin}/keystatic`).catch(() => null))?.status ?? 0, {
        timeout: 90_000,
      })
      .toBe(200);
  } catch (error) {
    stop();
    throw new Error(`The editor did not start:\n${log.slice(-3000)}`, { cause: error });
  }
  return { root: project.root, origin, log: () => log, git, stop };
}
