/**
 * Stalled readers: `readers` connections each send 20 pipelined `GET /` and never read, against a
 * baseline of as many idle connections (connected, nothing sent). Each count on freshly started
 * servers, not warmed: a warmed server's heap has room the load freed, which hides what the
 * stalled requests cost (a fresh server's RSS grows with what each handled request allocates).
 * RSS before and at the peak (sampled for 3 s), per connection, and the time until the server has
 * cut every one. Both servers at once; every wait is bounded (40 s).
 */
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  HOST,
  established,
  fmt,
  open,
  totalRss,
  waitFor,
  type Row,
  type Section,
  type Target,
} from './measure.ts';
import type { ServerPair } from './servers.ts';

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

/** `connections` connections to `target`, each sending `request` (or nothing) and never reading. */
async function stall(target: Target, connections: number, request: string): Promise<StallResult> {
  const beforeKb = totalRss(target);
  const sockets: Socket[] = [];
  for (let i = 0; i < connections; i += 1) {
    const socket = await open(target.port);
    socket.pause();
    socket.on('error', () => {});
    if (request) socket.write(request);
    sockets.push(socket);
  }
  const sentAt = performance.now();
  let peakKb = totalRss(target);
  // The peak: sampled for 3 s after the last request went out.
  while (performance.now() - sentAt < 3000) {
    await sleep(200);
    peakKb = Math.max(peakKb, totalRss(target));
  }
  // Idle connections are left to the keep-alive limit; the stalled ones must be cut.
  const cut = request
    ? await waitFor(() => established(target.port) === 0, LIMIT_MS - (performance.now() - sentAt), 250)
    : null;
  const cutSeconds = cut === null ? null : (performance.now() - sentAt) / 1000;
  for (const socket of sockets) socket.destroy();
  const perConnectionKb = Math.max(0, (peakKb - beforeKb) / connections);
  return { beforeKb, peakKb, perConnectionKb, cutSeconds };
}

/** `readers` connections on each server of `pair`: idle ones when `request` is empty. */
async function onBoth(pair: ServerPair, readers: number, request: (port: number) => string) {
  const [ours, theirs] = await Promise.all(
    pair.targets.map((target) => stall(target, readers, request(target.port))),
  );
  return { ours: ours!, theirs: theirs! };
}

/**
 * The idle baseline on one fresh pair, the stalled readers on another (`startPair` starts one);
 * the second pair is left running for the scenarios after this one and returned.
 */
export async function stalledReaders(
  startPair: () => Promise<ServerPair>,
  readers: number,
): Promise<{ section: Section; pair: ServerPair }> {
  console.log(`idle connections: ${readers}, connected and silent…`);
  const idlePair = await startPair();
  const idle = await onBoth(idlePair, readers, () => '').finally(() => idlePair.stop());
  console.log(`stalled readers: ${readers} connections x ${PIPELINED} pipelined GET /, never read…`);
  const pair = await startPair();
  const pipelined = (port: number) => `GET / HTTP/1.1\r\nHost: ${HOST}:${port}\r\n\r\n`.repeat(PIPELINED);
  const { ours, theirs } = await onBoth(pair, readers, pipelined).catch(async (error: unknown) => {
    await pair.stop();
    throw error;
  });
  const what = `stalled readers (${readers} x ${PIPELINED} GET /)`;
  const rows: Row[] = [
    [
      `idle connections (${readers}), fresh server: extra RSS per connection`,
      fmt.kb(idle.ours.perConnectionKb),
      fmt.kb(idle.theirs.perConnectionKb),
      '',
    ],
    [
      `${what}, fresh server: RSS before -> peak`,
      `${fmt.mb(ours.beforeKb)} -> ${fmt.mb(ours.peakKb)}`,
      `${fmt.mb(theirs.beforeKb)} -> ${fmt.mb(theirs.peakKb)}`,
      '',
    ],
    [`${what}: extra RSS per connection`, fmt.kb(ours.perConnectionKb), fmt.kb(theirs.perConnectionKb), ''],
    [`${what}: all cut after`, fmt.s(ours.cutSeconds), fmt.s(theirs.cutSeconds), ''],
  ];
  const section: Section = {
    rows,
    checks: [
      [
        `${readers} stalled readers: extra RSS <= ${MAX_KB_PER_CONNECTION} KB per connection (fresh server)`,
        ours.perConnectionKb <= MAX_KB_PER_CONNECTION,
      ],
      [
        `${readers} stalled readers: all cut within ${MAX_CUT_SECONDS} s`,
        ours.cutSeconds !== null && ours.cutSeconds <= MAX_CUT_SECONDS,
      ],
    ],
  };
  return { section, pair };
}
