/**
 * Publishing a pushed change on a running server (server/deploy-hook.ts): pull the branch, build
 * it into a folder beside the one being served, load that build, and swap it in. One build runs at
 * a time; pushes that come during it ask for one more build after it, never more than one (the
 * last build then takes every push). A failed step leaves the running site as it was and logs why.
 * It keeps which commit it serves, for the hosted editor to tell when a published change is live
 * (runtime/served-wire.ts).
 */
import { execFile } from 'node:child_process';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';

/** A finished build: its folder, and the commit it was made from (null where that is not known). */
export interface Built {
  folder: string;
  commit: string | null;
}

/**
 * Builds the newest published change. A failed build may say which commit it tried, as `commit`
 * on the error it throws.
 */
export type Build = () => Promise<Built>;
/** Starts serving the build in `folder` (throws, changing nothing, when it cannot be loaded). */
export type Swap = (folder: string) => Promise<void>;

export interface PublishLog {
  info: (message: string) => void;
  error: (message: string) => void;
}

export class Publisher {
  private running: Promise<void> | null = null;
  private again = false;
  /** Builds started since the server started (for the log and the tests). */
  builds = 0;
  /** The commit of the build being served, once a build of this server's has been swapped in. */
  served: string | null = null;
  /** The commit whose build failed last, until a later build succeeds. */
  failed: string | null = null;

  private readonly build: Build;
  private readonly swap: Swap;
  private readonly log: PublishLog;

  constructor(build: Build, swap: Swap, log: PublishLog) {
    this.build = build;
    this.swap = swap;
    this.log = log;
  }

  /** Asks for a build of the newest change: started now, or once the running one ends. */
  publish(): 'started' | 'queued' {
    if (this.running) {
      this.again = true;
      return 'queued';
    }
    this.running = this.loop().finally(() => (this.running = null));
    return 'started';
  }

  /** Whether a build runs now. */
  get building(): boolean {
    return this.running !== null;
  }

  /** Resolves once no build runs and none waits. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      await this.once();
    } while (this.again);
  }

  private async once(): Promise<void> {
    this.builds += 1;
    const number = this.builds;
    this.log.info(`deploy ${number}: building the newest change`);
    try {
      const { folder, commit } = await this.build();
      await this.swap(folder);
      this.served = commit;
      this.failed = null;
      this.log.info(`deploy ${number}: the new build is served${commit ? ` (${commit.slice(0, 12)})` : ''}`);
    } catch (error) {
      const tried = (error as { commit?: unknown }).commit;
      this.failed = typeof tried === 'string' ? tried : this.failed;
      const reason = (error as Error).message.trim().split('\n').slice(-20).join('\n');
      this.log.error(`deploy ${number} failed; the site as it was keeps being served. Why:\n${reason}`);
    }
  }
}

interface GitBuildOptions {
  /** The project's folder: a git clone whose `origin` has the branch. */
  project: string;
  /** The folder being served (dist/): the new build goes beside it, `<root>.next`. */
  root: string;
  branch: string;
  /** False: build the project as it is, with no pull (the editor's setup, which wrote its file there itself). */
  pull?: boolean;
}

const run = promisify(execFile);

/** Runs a command, its output in the error when it fails (the build's own message names the problem). */
async function step(command: string, args: string[], cwd: string): Promise<void> {
  try {
    await run(command, args, {
      cwd,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      maxBuffer: 32 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${[command, ...args].join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

/**
 * The build of a self-hosted project: `git pull --ff-only` of the branch, then Astro's build and
 * the compressed copies (as `npm run build` makes them; the other hosts' configs are not needed)
 * into `<root>.next`. The commit is the clone's HEAD after the pull.
 */
export function gitBuild({ project, root, branch, pull = true }: GitBuildOptions): Build {
  const next = `${resolve(root)}.next`;
  return async () => {
    if (pull) await step('git', ['pull', '--ff-only', 'origin', branch], project);
    const commit = pull ? (await run('git', ['rev-parse', 'HEAD'], { cwd: project })).stdout.trim() : null;
    try {
      await rm(next, { recursive: true, force: true });
      await step(
        process.execPath,
        [join(project, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', next],
        project,
      );
      await step(process.execPath, [join(project, 'scripts/compress.ts'), next], project);
    } catch (error) {
      throw Object.assign(error as Error, { commit });
    }
    return { folder: next, commit };
  };
}

/**
 * After a swap: the served folder becomes `<root>.previous` and the new build takes its name, so
 * a restart serves what was last published. The server holds its build in memory: moving the
 * folders does not touch what it serves.
 */
export async function keepAsServed(root: string, folder: string): Promise<void> {
  const served = resolve(root);
  if (resolve(folder) === served) return;
  const previous = `${served}.previous`;
  await rm(previous, { recursive: true, force: true });
  await rename(served, previous).catch(() => undefined);
  await rename(folder, served);
}

/** The server's log, as the publisher writes to it. */
export function publishLog(log: FastifyBaseLogger): PublishLog {
  return { info: (message) => log.info(message), error: (message) => log.error(message) };
}
