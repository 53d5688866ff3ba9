/**
 * Stopping a helper process the tests started (a browser's driver, wrangler) and removing the
 * folder it writes into. Such a process writes its profile or state as it stops: the folder is
 * removed once it has gone, not while it still writes there.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Asks `child` to stop (SIGKILL after `graceMs`), waits until it has exited, then removes `folder`. */
export async function stopThenRemove(child: ChildProcess, folder: string, graceMs = 5_000): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const stubborn = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(stubborn);
  }
  rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
