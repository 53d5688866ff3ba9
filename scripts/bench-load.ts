/**
 * `npm run bench:load`: our server (`npm run serve`) beside nginx with the generated config, on
 * the same build, on 127.0.0.1 only. Every loop is bounded in count and time.
 *
 * 1. Stalled readers: 200 connections each send 20 pipelined `GET /` and never read; RSS before
 *    and at the peak, and the time until the server has cut every one.
 * 2. Stalled senders: a POST and a GET announcing a 1,000-byte body and sending 10 bytes, and a
 *    request whose headers never end: the answer and the time until the connection is closed.
 * 3. Load: autocannon, BENCH_SECONDS (10) each, 10, 100 (3 runs, median) and 500 connections, on
 *    `/` as a browser asks for it (`gzip, deflate, br`) and without compression; req/s, p50, p99.
 *    Then each server's RSS after all of it.
 * 4. Stop under load: 50 connections, the stop signal after 2 s (SIGTERM for our server, SIGQUIT,
 *    nginx's graceful stop, for nginx): non-2xx answers, resets, exit and its time.
 *
 * Prints one table, our server beside nginx, with the ratio. BENCH_PORT (4390) and BENCH_PORT+1
 * are the two servers' ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startNginx } from './lib/nginx.ts';

const PORT = Number(process.env['BENCH_PORT'] ?? 4390);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
/** Runs at 100 connections, the figure the target is about (median). */
const RUNS_AT_100 = Number(process.env['BENCH_RUNS'] ?? 3);
const HOST = '127.0.0.1';
const STALLED = 200;
const PIPELINED = 20;
const BROWSER = 'gzip, deflate, br';

interface Target {
  name: 'node' | 'nginx';
  port: number;
  /** The processes whose RSS counts (nginx: master and worker). */
  pids: () => number[];
}

/** Resident memory of a process, in KB, from /proc. */
function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
const totalRss = (target: Target) => target.pids().reduce((sum, pid) => sum + rssKb(pid), 0);

/** Server-side connections still established on `port` (the client may not notice, it does not read). */
function established(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let count = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hex}`) && fields[3] === '01') count += 1;
    }
  }
  return count;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: HOST, port }, () => resolveSocket(socket));
    socket.on('error', reject);
  });
}

async function waitFor(check: () => boolean, limitMs: number, stepMs = 100): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (check()) return performance.now() - start;
    await sleep(stepMs);
  }
  return null;
}

interface StallResult {
  beforeKb: number;
  peakKb: number;
  perConnectionKb: number;
  cutSeconds: number | null;
}

/** 200 connections, 20 pipelined GET / each, never read. Both servers at once (the limit is 40 s). */
async function stalledReaders(target: Target): Promise<StallResult> {
  const beforeKb = totalRss(target);
  const request = `GET / HTTP/1.1\r\nHost: ${HOST}:${target.port}\r\n\r\n`.repeat(PIPELINED);
  const sockets: Socket[] = [];
  for (let i = 0; i < STALLED; i += 1) {
    const socket = await open(target.port);
    socket.pause();
    socket.on('error', () => {});
    socket.write(request);
    sockets.push(socket);
  }
  const sentAt = performance.now();
  let peakKb = totalRss(target);
  // The peak: sample for 3 s after the last request went out.
  while (performance.now() - sentAt < 3000) {
    await sleep(200);
    peakKb = Math.max(peakKb, totalRss(target));
  }
  const cut = await waitFor(() => established(target.port) === 0, 40_000 - (performance.now() - sentAt), 250);
  const cutSeconds = cut === null ? null : (performance.now() - sentAt) / 1000;
  for (const socket of sockets) socket.destroy();
  return { beforeKb, peakKb, perConnectionKb: Math.max(0, (peakKb - beforeKb) / STALLED), cutSeconds };
}

interface ProbeResult {
  status: string;
  closedSeconds: number | null;
}

/** Sends `head` (and nothing more), then waits up to 40 s for the server to close the connection. */
async function probe(port: number, head: string): Promise<ProbeResult> {
  const socket = await open(port);
  const start = performance.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  socket.write(head);
  const closed = await new Promise<number | null>((resolveClosed) => {
    const timer = setTimeout(() => resolveClosed(null), 40_000);
    socket.on('close', () => {
      clearTimeout(timer);
      resolveClosed(performance.now() - start);
    });
  });
  socket.destroy();
  return {
    status: /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'none',
    closedSeconds: closed === null ? null : closed / 1000,
  };
}

const PROBES = {
  'POST, Content-Length 1000, 10 bytes sent': (port: number) =>
    `POST / HTTP/1.1\r\nHost: ${HOST}:${port}\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n0123456789`,
  'GET, Content-Length 1000, 10 bytes sent': (port: number) =>
    `GET / HTTP/1.1\r\nHost: ${HOST}:${port}\r\nContent-Length: 1000\r\n\r\n0123456789`,
  'headers that never end': (port: number) => `GET / HTTP/1.1\r\nHost: ${HOST}:${port}\r\nX-Slow: 1\r\n`,
};

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

async function load(
  port: number,
  connections: number,
  encoding: string | null,
  duration = SECONDS,
): Promise<LoadResult> {
  const result = await autocannon({
    url: `http://${HOST}:${port}/`,
    connections,
    duration,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** Each figure's median over the runs (run-to-run noise on a shared machine is large). */
function median(results: LoadResult[]): LoadResult {
  const mid = (pick: (r: LoadResult) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    rps: mid((r) => r.rps),
    p50: mid((r) => r.p50),
    p99: mid((r) => r.p99),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
  };
}

interface StopResult {
  non2xx: number;
  twoxx: number;
  resets: number;
  refused: number;
  exitSeconds: number | null;
  exitCode: string;
}

/** 50 connections of load; the stop signal after 2 s; counts answers and how the process ended. */
async function stopUnderLoad(
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

const fmt = {
  rps: (n: number) => Math.round(n).toLocaleString('en-US'),
  kb: (n: number) => `${Math.round(n).toLocaleString('en-US')} KB`,
  mb: (kb: number) => `${(kb / 1024).toFixed(0)} MB`,
  s: (n: number | null) => (n === null ? '> 40 s' : `${n.toFixed(1)} s`),
  ratio: (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}x` : '-'),
};

async function main() {
  if (!existsSync(resolve('dist/index.html'))) throw new Error('No build: run "npm run build" first.');
  const node = startNode(PORT);
  await node.ready;
  const nginx = await startNginx(PORT + 1, { workerConnections: 2048 });
  const targets: Target[] = [
    { name: 'node', port: PORT, pids: () => [node.child.pid!] },
    { name: 'nginx', port: PORT + 1, pids: () => [nginx.run.pid(), ...nginx.run.workers()] },
  ];
  const rows: [string, string, string, string][] = [];
  const checks: [string, boolean][] = [];
  let nodeRequests = 0;
  try {
    // Warm both up (2 s each), so the baseline RSS is a running server's.
    for (const target of targets) await load(target.port, 10, BROWSER, 2);
    console.log(`stalled readers: ${STALLED} connections x ${PIPELINED} pipelined GET /, never read…`);
    const [nodeStall, nginxStall] = await Promise.all(targets.map(stalledReaders));
    rows.push(
      [
        `stalled readers (${STALLED} x ${PIPELINED} GET /): RSS before -> peak`,
        `${fmt.mb(nodeStall!.beforeKb)} -> ${fmt.mb(nodeStall!.peakKb)}`,
        `${fmt.mb(nginxStall!.beforeKb)} -> ${fmt.mb(nginxStall!.peakKb)}`,
        '',
      ],
      [
        'stalled readers: extra RSS per connection',
        fmt.kb(nodeStall!.perConnectionKb),
        fmt.kb(nginxStall!.perConnectionKb),
        '',
      ],
      ['stalled readers: all cut after', fmt.s(nodeStall!.cutSeconds), fmt.s(nginxStall!.cutSeconds), ''],
    );
    checks.push(
      ['stalled reader extra RSS <= 64 KB per connection', nodeStall!.perConnectionKb <= 64],
      ['stalled readers all cut within 30 s', nodeStall!.cutSeconds !== null && nodeStall!.cutSeconds <= 30],
    );

    console.log('stalled senders…');
    const probes = await Promise.all(
      Object.entries(PROBES).map(async ([name, head]) => ({
        name,
        answers: await Promise.all(targets.map((target) => probe(target.port, head(target.port)))),
      })),
    );
    for (const {
      name,
      answers: [ours, theirs],
    } of probes) {
      rows.push([
        `${name}: answer, closed after`,
        `${ours!.status}, ${fmt.s(ours!.closedSeconds)}`,
        `${theirs!.status}, ${fmt.s(theirs!.closedSeconds)}`,
        '',
      ]);
      if (name.startsWith('POST'))
        checks.push([
          'stalled body closed within 30 s',
          ours!.closedSeconds !== null && ours!.closedSeconds <= 30,
        ]);
    }

    for (const [label, encoding] of [
      [`br (${BROWSER})`, BROWSER],
      ['no compression', null],
    ] as const) {
      for (const connections of [10, 100, 500]) {
        const runs = connections === 100 ? RUNS_AT_100 : 1;
        const results: Record<string, LoadResult[]> = { node: [], nginx: [] };
        for (let run = 0; run < runs; run += 1) {
          for (const target of run % 2 === 0 ? targets : [...targets].reverse()) {
            process.stdout.write(
              `load: ${target.name}, ${connections} connections, ${label}, run ${run + 1}/${runs}… `,
            );
            const result = await load(target.port, connections, encoding);
            if (target.name === 'node') nodeRequests += result.requests;
            results[target.name]!.push(result);
            console.log(`${fmt.rps(result.rps)} req/s`);
          }
        }
        const ours = median(results['node']!);
        const theirs = median(results['nginx']!);
        const what = `/ ${label}, ${connections} connections${runs > 1 ? ` (median of ${runs})` : ''}`;
        rows.push([
          `${what}: req/s`,
          fmt.rps(ours.rps),
          fmt.rps(theirs.rps),
          fmt.ratio(ours.rps, theirs.rps),
        ]);
        rows.push([
          `${what}: p50 / p99 latency`,
          `${ours.p50} / ${ours.p99} ms`,
          `${theirs.p50} / ${theirs.p99} ms`,
          fmt.ratio(ours.p99, theirs.p99),
        ]);
        const failures = ours.non2xx + ours.errors;
        if (failures)
          rows.push([
            `${what}: non-2xx or errors`,
            String(failures),
            String(theirs.non2xx + theirs.errors),
            '',
          ]);
        if (connections === 100 && encoding) {
          checks.push(
            ['req/s ratio at 100 connections >= 0.9', ours.rps / theirs.rps >= 0.9],
            ['p99 at 100 connections <= 1.5x nginx', ours.p99 <= theirs.p99 * 1.5],
          );
        }
      }
    }
    const nodeRss = totalRss(targets[0]!);
    rows.push([
      `RSS after the load (${fmt.rps(nodeRequests)} requests to our server)`,
      fmt.mb(nodeRss),
      fmt.mb(totalRss(targets[1]!)),
      fmt.ratio(nodeRss, totalRss(targets[1]!)),
    ]);
    checks.push(['RSS after the load under 150 MB', nodeRss < 150 * 1024]);

    console.log('stop under load: 50 connections, the stop signal after 2 s…');
    const nodeStop = await stopUnderLoad(
      PORT,
      () => node.child.kill('SIGTERM'),
      () => node.exited,
    );
    const nginxPid = nginx.run.pid();
    const nginxStop = await stopUnderLoad(
      PORT + 1,
      () => process.kill(nginxPid, 'SIGQUIT'),
      async () => {
        const gone = await waitFor(() => !existsSync(`/proc/${nginxPid}`), 14_000, 50);
        return gone === null ? 'still running' : 'exit';
      },
    );
    rows.push(
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
    );
    checks.push(
      ['0 non-2xx under SIGTERM', nodeStop.non2xx === 0],
      ['exit 0 within 10 s of SIGTERM', nodeStop.exitCode === 'exit 0' && (nodeStop.exitSeconds ?? 99) <= 10],
    );
  } finally {
    node.child.kill('SIGKILL');
    nginx.stop();
  }

  const header: [string, string, string, string] = ['what', 'our server', 'nginx', 'ratio'];
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('\ntargets:');
  for (const [name, ok] of checks) console.log(`  ${ok ? 'met   ' : 'MISSED'} ${name}`);
}

await main();
