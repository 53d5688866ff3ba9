/**
 * What every `npm run bench:load` scenario measures with: a process's resident memory, the
 * connections a server still holds, a raw socket, an autocannon run, and the table's rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export const HOST = '127.0.0.1';
/** `/` as a browser asks for it. */
export const BROWSER = 'gzip, deflate, br';

/** One server under test. */
export interface Target {
  name: 'node' | 'nginx';
  port: number;
  /** The processes whose RSS counts (nginx: master and worker). */
  pids: () => number[];
}

/** One line of the printed table: what, our server, nginx, the ratio (or ''). */
export type Row = [string, string, string, string];
/** One target and whether this run met it. */
export type Check = [string, boolean];
/** What a scenario adds to the table and the targets. */
export interface Section {
  rows: Row[];
  checks: Check[];
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
export const totalRss = (target: Target) => target.pids().reduce((sum, pid) => sum + rssKb(pid), 0);

/** Server-side connections still established on `port` (the client may not notice, it does not read). */
export function established(port: number): number {
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

export function open(port: number): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect({ host: HOST, port }, () => resolveSocket(socket));
    socket.on('error', reject);
  });
}

/** Milliseconds until `check` holds, or null when `limitMs` passed first. */
export async function waitFor(check: () => boolean, limitMs: number, stepMs = 100): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (check()) return performance.now() - start;
    await sleep(stepMs);
  }
  return null;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

/** autocannon on `/` for `seconds`, with `encoding` as Accept-Encoding (none when null). */
export async function loadRun(
  port: number,
  connections: number,
  encoding: string | null,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: `http://${HOST}:${port}/`,
    connections,
    duration: seconds,
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

/** How the table writes each kind of figure. */
export const fmt = {
  rps: (n: number) => Math.round(n).toLocaleString('en-US'),
  kb: (n: number) => `${Math.round(n).toLocaleString('en-US')} KB`,
  mb: (kb: number) => `${(kb / 1024).toFixed(0)} MB`,
  s: (n: number | null) => (n === null ? '> 40 s' : `${n.toFixed(1)} s`),
  ratio: (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}x` : '-'),
};
