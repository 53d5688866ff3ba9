/**
 * Cloudflare Pages on its own runtime, for the tests: `wrangler pages dev <build>` (workerd, which
 * runs offline here with the newest compatibility date its bundled runtime supports), on loopback,
 * its state folder (.wrangler/) in a temp folder, with the given bindings (the Pages project's
 * environment variables). Resolves to its origin, or to the reason it could not start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { stopThenRemove } from './stop-process.ts';

const BIN = resolve(import.meta.dirname, '../../node_modules/.bin');

export interface Wrangler {
  /** `http://127.0.0.1:<port>`, or null when it did not start (`whyNot` says why). */
  origin: string | null;
  whyNot: string;
  /** Stops it, waits until it has gone, then removes its state folder. */
  stop: () => Promise<void>;
}

/** The newest compatibility date the bundled workerd supports (`workerd --version`: "workerd 2026-04-26"). */
function compatibilityDate(): string | null {
  const run = spawnSync(join(BIN, 'workerd'), ['--version'], { encoding: 'utf8' });
  return /\d{4}-\d{2}-\d{2}/.exec(run.stdout ?? '')?.[0] ?? null;
}

export async function startWrangler(
  build: string,
  { bindings = {}, port = 0 }: { bindings?: Record<string, string>; port?: number } = {},
): Promise<Wrangler> {
  const date = compatibilityDate();
  if (!date)
    return {
      origin: null,
      whyNot: 'wrangler cannot run here: no workerd binary in node_modules (npm install)',
      stop: async () => undefined,
    };
  const work = mkdtempSync(join(tmpdir(), 'be-wrangler-'));
  const args = ['pages', 'dev', build, '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', '0'];
  args.push('--compatibility-date', date);
  for (const [name, value] of Object.entries(bindings)) args.push('--binding', `${name}=${value}`);
  const wrangler = spawn(join(BIN, 'wrangler'), args, {
    cwd: work,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopThenRemove(wrangler, work, 10_000);
  let output = '';
  const origin = await new Promise<string | null>((done) => {
    // Its first start compiles the worker: seconds on a quiet machine, a minute on a busy one.
    const timer = setTimeout(() => done(null), 90_000);
    const read = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      const ready = /Ready on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        done(ready[1]!);
      }
    };
    wrangler.stdout.on('data', read);
    wrangler.stderr.on('data', read);
    wrangler.on('exit', () => {
      clearTimeout(timer);
      done(null);
    });
  });
  if (!origin) await stop();
  return { origin, whyNot: origin ? '' : `wrangler pages dev did not start:\n${output.slice(-2000)}`, stop };
}
