/** HTTP as written on the wire: no URL library resolves `..`, `//` or a bad escape before it is sent. */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Writes `data` on a fresh connection exactly as given; resolves with what came back and how long
 * until the server closed the connection (null: still open after `waitMs`).
 */
export function exchange(
  origin: string,
  data: string,
  { waitMs = 3000, pause = false }: { waitMs?: number; pause?: boolean } = {},
): Promise<{ text: string; closedMs: number | null }> {
  const url = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const start = performance.now();
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(data);
      if (pause) socket.pause();
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedMs: null });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedMs: performance.now() - start });
    });
  });
}

/** The first response in a raw exchange. */
export function parse(text: string): Answer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: Buffer.from(rest.join('\r\n\r\n'), 'latin1'),
  };
}

/** A raw HTTP request: the path goes on the wire exactly as given (no normalisation); `body` is sent as it is. */
export function raw(
  origin: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
) {
  const url = new URL(origin);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, insecureHTTPParser: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
