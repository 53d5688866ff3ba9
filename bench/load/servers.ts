/**
 * The pair under test: our server (`npm run serve`, LOG_LEVEL=warn) on `port` and nginx with the
 * generated config on `port + 1`, both over dist/, freshly
 * started (not warmed: the stalled readers measure what a fresh server's memory takes in).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startNginx } from '../../harness/nginx.ts';
import { HOST, waitFor, type Target } from './measure.ts';

export interface ServerPair {
  /** Our server first, then nginx. */
  targets: [Target, Target];
  node: { child: ChildProcess; exited: Promise<string> };
  nginxPid: number;
  /** Stops both (if still running) and waits until they are gone, so the ports can be used again. */
  stop: () => Promise<void>;
}

function startNode(port: number): { child: ChildProcess; ready: Promise<void>; exited: Promise<string> } {
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST, LOG_LEVEL: 'warn', SITE_ROOT: resolve('dist') },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<string>((resolveExit) =>
    child.on('exit', (code, signal) => resolveExit(signal ? `signal ${signal}` : `exit ${code}`)),
  );
  const ready = (async () => {
    for (let i = 0; i < 100; i += 1) {
      try {
        if ((await fetch(`http://${HOST}:${port}/`)).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error('the Node server did not start within 10 s');
  })();
  return { child, ready, exited };
}

export async function startPair(port: number): Promise<ServerPair> {
  const node = startNode(port);
  await node.ready;
  const nginx = await startNginx(port + 1, { workerConnections: 2048 });
  const nginxPid = nginx.run.pid();
  const targets: [Target, Target] = [
    { name: 'node', port, pids: () => [node.child.pid!] },
    { name: 'nginx', port: port + 1, pids: () => [nginxPid, ...nginx.run.workers()] },
  ];
  const stop = async () => {
    node.child.kill('SIGKILL');
    nginx.stop();
    await node.exited;
    await waitFor(() => !existsSync(`/proc/${nginxPid}`), 10_000, 50);
  };
  return { targets, node, nginxPid, stop };
}
