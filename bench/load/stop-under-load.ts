/**
 * Stop under load: 50 connections, the stop signal after 2 s (SIGTERM for our server; SIGQUIT,
 * nginx's graceful stop, for nginx): 2xx and non-2xx answers, resets, the exit and its time.
 * Both servers are gone afterwards.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { BROWSER, HOST, fmt, waitFor, type Section } from './measure.ts';
import type { ServerPair } from './servers.ts';

interface StopResult {
  non2xx: number;
  twoxx: number;
  resets: number;
  refused: number;
  exitSeconds: number | null;
  exitCode: string;
}

/** 50 connections of load; the stop signal after 2 s; counts answers and how the process ended. */
async function stopDuringLoad(
  port: number,
  stop: () => void,
  exited: () => Promise<string>,
): Promise<StopResult> {
  const errorsByCode = new Map<string, number>();
  let twoxx = 0;
  let non2xx = 0;
  let finished!: () => void;
  const done = new Promise<void>((resolveDone) => (finished = resolveDone));
  const instance = autocannon(
    { url: `http://${HOST}:${port}/`, connections: 50, duration: 6, headers: { 'accept-encoding': BROWSER } },
    () => finished(),
  );
  instance.on('response', (_client: unknown, status: number) => {
    if (status >= 200 && status < 300) twoxx += 1;
    else non2xx += 1;
  });
  instance.on('reqError', (error: NodeJS.ErrnoException) => {
    const code = error.code ?? error.message;
    errorsByCode.set(code, (errorsByCode.get(code) ?? 0) + 1);
  });
  await sleep(2000);
  const signalledAt = performance.now();
  stop();
  const exitCode = await Promise.race([exited(), sleep(15_000).then(() => 'still running')]);
  const exitSeconds = exitCode === 'still running' ? null : (performance.now() - signalledAt) / 1000;
  await done;
  const refused = errorsByCode.get('ECONNREFUSED') ?? 0;
  const all = [...errorsByCode.values()].reduce((a, b) => a + b, 0);
  return { non2xx, twoxx, resets: all - refused, refused, exitSeconds, exitCode };
}

export async function stopUnderLoad({
  targets: [node, nginx],
  node: ours,
  nginxPid,
}: ServerPair): Promise<Section> {
  console.log('stop under load: 50 connections, the stop signal after 2 s…');
  const nodeStop = await stopDuringLoad(
    node.port,
    () => ours.child.kill('SIGTERM'),
    () => ours.exited,
  );
  const nginxStop = await stopDuringLoad(
    nginx.port,
    () => process.kill(nginxPid, 'SIGQUIT'),
    async () => {
      const gone = await waitFor(() => !existsSync(`/proc/${nginxPid}`), 14_000, 50);
      return gone === null ? 'still running' : 'exit';
    },
  );
  return {
    rows: [
      [
        'stop under load (SIGTERM; nginx: SIGQUIT): 2xx / non-2xx',
        `${nodeStop.twoxx} / ${nodeStop.non2xx}`,
        `${nginxStop.twoxx} / ${nginxStop.non2xx}`,
        '',
      ],
      [
        'stop under load: resets / refused after the stop',
        `${nodeStop.resets} / ${nodeStop.refused}`,
        `${nginxStop.resets} / ${nginxStop.refused}`,
        '',
      ],
      [
        'stop under load: exit, after',
        `${nodeStop.exitCode}, ${fmt.s(nodeStop.exitSeconds)}`,
        `${nginxStop.exitCode}, ${fmt.s(nginxStop.exitSeconds)}`,
        '',
      ],
    ],
    checks: [
      ['0 non-2xx under SIGTERM', nodeStop.non2xx === 0],
      ['exit 0 within 10 s of SIGTERM', nodeStop.exitCode === 'exit 0' && (nodeStop.exitSeconds ?? 99) <= 10],
    ],
  };
}
