/**
 * Cloudflare Pages on its own runtime, for the tests: `wrangler pages dev <build>` (workerd, which
 * runs offline here with the newest compatibility date its bundled runtime supports), on loopback,
 * its state folder (.wrangler/) in a temp folder, with the given bindings (the Pages project's
 * environment variables). A test skips only where wrangler is not installed (`wranglerMissing`);
 * a worker that does not load, or a wrangler that never says it is ready, throws with its output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { stopThenRemove } from './stop-process.ts';

const BIN = resolve(import.meta.dirname, '../../node_modules/.bin');
/** Its first start compiles the worker: seconds on a quiet machine, a minute on a busy one. */
const READY_WITHIN_MS = 120_000;

export interface Wrangler {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Stops it, waits until it has gone, then removes its state folder. */
  stop: () => Promise<void>;
}

/** The newest compatibility date the bundled workerd supports (`workerd --version`: "workerd 2026-04-26"). */
function compatibilityDate(): string | null {
  const run = spawnSync(join(BIN, 'workerd'), ['--version'], { encoding: 'utf8' });
  return /\d{4}-\d{2}-\d{2}/.exec(run.stdout ?? '')?.[0] ?? null;
}

/** What is not installed for wrangler to run here (a sentence), or null when it can run. */
export function wranglerMissing(): string | null {
  if (!existsSync(join(BIN, 'wrangler'))) return 'wrangler is not installed (npm install)';
  if (!compatibilityDate()) return 'workerd, the runtime wrangler runs, is not installed (npm install)';
  return null;
}

/** Waits for wrangler's "Ready on": rejects with its output when it exits, reports an error, or takes too long. */
function readyOrigin(wrangler: ReturnType<typeof spawn>): Promise<string> {
  let output = '';
  return new Promise<string>((done, fail) => {
    const failWith = (why: string) => {
      clearTimeout(timer);
      fail(new Error(`wrangler pages dev ${why}:\n${output.slice(-3000)}`));
    };
    const timer = setTimeout(
      () => failWith(`said nothing of being ready in ${READY_WITHIN_MS / 1000} s`),
      READY_WITHIN_MS,
    );
    const read = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        done(ready[1]!);
      } else if (/The Workers runtime failed to start|\[ERROR\]/.test(output))
        failWith('could not load the worker');
    };
    wrangler.stdout!.on('data', read);
    wrangler.stderr!.on('data', read);
    wrangler.on('exit', (code) => failWith(`exited (${code}) before it was ready`));
  });
}

/** Starts wrangler on the build; throws when it is not installed or the worker does not load. */
export async function startWrangler(
  build: string,
  { bindings = {}, port = 0 }: { bindings?: Record<string, string>; port?: number } = {},
): Promise<Wrangler> {
  const missing = wranglerMissing();
  if (missing) throw new Error(missing);
  const args = ['pages', 'dev', build, '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', '0'];
  args.push('--compatibility-date', compatibilityDate()!);
  for (const [name, value] of Object.entries(bindings)) args.push('--binding', `${name}=${value}`);
  const work = mkdtempSync(join(tmpdir(), 'be-wrangler-'));
  const wrangler = spawn(join(BIN, 'wrangler'), args, {
    cwd: work,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopThenRemove(wrangler, work, 10_000);
  try {
    return { origin: await readyOrigin(wrangler), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
