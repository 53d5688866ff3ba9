/**
 * A long page over a slow connection: its markup comes in two parts, the first screen in the
 * first round trip and the rest a round trip later. This server stands in front of the site and
 * sends each page's markup up to the end of its first screen at once (or up to where `cut` says),
 * and the rest only when the test releases it; everything else passes through untouched. It
 * records the paths asked of it.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstScreenEnd } from '../../integrations/first-screen/sections.ts';

export interface SplitDocuments {
  origin: string;
  /** The paths requested so far, in order. */
  requested: string[];
  /** Sends the rest of every page held so far, and of every page asked for later. */
  release: () => void;
  close: () => Promise<void>;
}

/** Headers that describe the body as the site sent it, not as this server sends it. */
const BODY_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export async function splitDocuments(
  upstream: string,
  cut: (html: string) => number = firstScreenEnd,
): Promise<SplitDocuments> {
  const requested: string[] = [];
  let released = false;
  const waiting: (() => void)[] = [];
  const server = createServer((incoming, outgoing) => {
    requested.push(incoming.url ?? '');
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: new URL(upstream).host };
    const isPage = incoming.headers['sec-fetch-dest'] === 'document';
    // A page is asked for unencoded, so it can be cut where its first screen ends.
    if (isPage) headers['accept-encoding'] = 'identity';
    const proxied = request(`${upstream}${incoming.url}`, { method: incoming.method, headers }, (answer) => {
      if (!isPage || !/^text\/html/.test(answer.headers['content-type'] ?? '')) {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8');
        const end = cut(html);
        const kept = Object.entries(answer.headers).filter(([name]) => !BODY_HEADERS.has(name));
        outgoing.writeHead(answer.statusCode ?? 502, Object.fromEntries(kept));
        outgoing.write(html.slice(0, end));
        const rest = () => outgoing.end(html.slice(end));
        if (released) rest();
        else waiting.push(rest);
      });
    });
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    release: () => {
      released = true;
      for (const rest of waiting.splice(0)) rest();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
