/**
 * Stalled senders: a POST and a GET announcing a 1,000-byte body and sending 10 bytes, and a
 * request whose headers never end; the answer and the time until the server closes the connection.
 */
import { HOST, fmt, open, type Row, type Section, type Target } from './measure.ts';

const LIMIT_MS = 40_000;
const MAX_CLOSE_SECONDS = 30;

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
    const timer = setTimeout(() => resolveClosed(null), LIMIT_MS);
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

export async function stalledSenders(targets: Target[]): Promise<Section> {
  console.log('stalled senders…');
  const section: Section = { rows: [], checks: [] };
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
    const row: Row = [
      `${name}: answer, closed after`,
      `${ours!.status}, ${fmt.s(ours!.closedSeconds)}`,
      `${theirs!.status}, ${fmt.s(theirs!.closedSeconds)}`,
      '',
    ];
    section.rows.push(row);
    if (name.startsWith('POST'))
      section.checks.push([
        `stalled body closed within ${MAX_CLOSE_SECONDS} s`,
        ours!.closedSeconds !== null && ours!.closedSeconds <= MAX_CLOSE_SECONDS,
      ]);
  }
  return section;
}
