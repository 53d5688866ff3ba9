/**
 * Stalled readers: `readers` connections each send 20 pipelined `GET /` and never read. RSS before
 * and at the peak, per connection, and the time until the server has cut every one. Both servers
 * at once; every wait is bounded (40 s).
 */
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HOST, established, fmt, open, totalRss, waitFor, type Section, type Target } from './measure.ts';

const PIPELINED = 20;
const LIMIT_MS = 40_000;
/** The targets: what one stalled connection may cost our server, and how soon it must be cut. */
const MAX_KB_PER_CONNECTION = 64;
const MAX_CUT_SECONDS = 30;

interface StallResult {
  beforeKb: number;
  peakKb: number;
  perConnectionKb: number;
  cutSeconds: number | null;
}

async function stall(target: Target, readers: number): Promise<StallResult> {
  const beforeKb = totalRss(target);
  const request = `GET / HTTP/1.1\r\nHost: ${HOST}:${target.port}\r\n\r\n`.repeat(PIPELINED);
  const sockets: Socket[] = [];
  for (let i = 0; i < readers; i += 1) {
    const socket = await open(target.port);
    socket.pause();
    socket.on('error', () => {});
    socket.write(request);
    sockets.push(socket);
  }
  const sentAt = performance.now();
  let peakKb = totalRss(target);
  // The peak: sampled for 3 s after the last request went out.
  while (performance.now() - sentAt < 3000) {
    await sleep(200);
    peakKb = Math.max(peakKb, totalRss(target));
  }
  const cut = await waitFor(
    () => established(target.port) === 0,
    LIMIT_MS - (performance.now() - sentAt),
    250,
  );
  const cutSeconds = cut === null ? null : (performance.now() - sentAt) / 1000;
  for (const socket of sockets) socket.destroy();
  return { beforeKb, peakKb, perConnectionKb: Math.max(0, (peakKb - beforeKb) / readers), cutSeconds };
}

export async function stalledReaders(targets: Target[], readers: number): Promise<Section> {
  console.log(`stalled readers: ${readers} connections x ${PIPELINED} pipelined GET /, never read…`);
  const [ours, theirs] = await Promise.all(targets.map((target) => stall(target, readers)));
  const what = `stalled readers (${readers} x ${PIPELINED} GET /)`;
  return {
    rows: [
      [
        `${what}: RSS before -> peak`,
        `${fmt.mb(ours!.beforeKb)} -> ${fmt.mb(ours!.peakKb)}`,
        `${fmt.mb(theirs!.beforeKb)} -> ${fmt.mb(theirs!.peakKb)}`,
        '',
      ],
      [
        `${what}: extra RSS per connection`,
        fmt.kb(ours!.perConnectionKb),
        fmt.kb(theirs!.perConnectionKb),
        '',
      ],
      [`${what}: all cut after`, fmt.s(ours!.cutSeconds), fmt.s(theirs!.cutSeconds), ''],
    ],
    checks: [
      [
        `${readers} stalled readers: extra RSS <= ${MAX_KB_PER_CONNECTION} KB per connection`,
        ours!.perConnectionKb <= MAX_KB_PER_CONNECTION,
      ],
      [
        `${readers} stalled readers: all cut within ${MAX_CUT_SECONDS} s`,
        ours!.cutSeconds !== null && ours!.cutSeconds <= MAX_CUT_SECONDS,
      ],
    ],
  };
}
