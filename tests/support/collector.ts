/**
 * A stand-in for an analytics provider's API on 127.0.0.1, for tests: it records every event sent
 * the way Plausible takes them (`POST /api/event`, `{n, u, d, p}` as text/plain) or Umami does
 * (`POST /api/send`, `{type, payload: {website, url, name, data}}` as JSON), answers the browser's
 * CORS preflight as both providers do, and serves a Umami tracker at `/script.js`.
 *
 * Umami's tracker is not published on npm as a package of its own (the `umami` package is the
 * whole server application), so the script served here is a stand-in written from Umami's
 * documented tracker behaviour: it reads `data-website-id`, `data-host-url` (else the folder the
 * script came from), `data-auto-track` and `data-tag` (sent as `tag` with every event) from its own tag, counts the page view once the page has
 * loaded, and offers `umami.track(name, data)`, each a POST to `<host URL>/api/send`.
 */
import { createServer, type Server } from 'node:http';

export const UMAMI_STAND_IN = `(() => {
  const script = document.currentScript;
  if (!script) return;
  const website = script.getAttribute('data-website-id');
  const hostUrl = script.getAttribute('data-host-url');
  const tag = script.getAttribute('data-tag') || undefined;
  const root = hostUrl ? hostUrl.replace(/\\/$/, '') : script.src.split('/').slice(0, -1).join('/');
  const payload = () => ({
    website,
    hostname: location.hostname,
    language: navigator.language,
    screen: screen.width + 'x' + screen.height,
    title: document.title,
    url: location.pathname + location.search,
    referrer: document.referrer,
    tag,
  });
  const send = (body) =>
    fetch(root + '/api/send', {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'event', payload: body }),
    }).catch(() => {});
  const track = (name, data) => send(name === undefined ? payload() : { ...payload(), name, data });
  window.umami = { track };
  if (script.getAttribute('data-auto-track') !== 'false') {
    const start = () => track();
    if (document.readyState === 'complete') start();
    else addEventListener('load', start, { once: true });
  }
})();
`;

export interface Received {
  provider: 'plausible' | 'umami';
  /** The event's name (`pageview` for a page view, as both providers call it). */
  name: string;
  props: Record<string, string>;
  /** The page it was sent from. */
  url: string;
  /** The site it was counted for: Plausible's domain, Umami's website id. */
  site: string;
  /** Umami's tag (`data-tag`), when the page set one. */
  tag?: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Collector {
  origin: string;
  received: Received[];
  /** Requests of any kind, the script's included, as `METHOD /path`. */
  requests: string[];
  named: (name: string) => Received[];
  clear: () => void;
  close: () => Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-umami-cache',
};

/**
 * Starts the stand-in on `port` (any free one when 0). A build that names the collector as its
 * analytics host (the editor's app does) is built again for each new port: such a test gives one.
 */
export async function startCollector(port = 0): Promise<Collector> {
  const received: Received[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      requests.push(`${request.method} ${path}`);
      const body = Buffer.concat(chunks).toString();
      if (request.method === 'OPTIONS') {
        response.writeHead(204, CORS).end();
      } else if (request.method === 'GET' && path === '/script.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(UMAMI_STAND_IN);
      } else if (request.method === 'POST' && path === '/api/event') {
        const event = JSON.parse(body) as { n: string; u: string; d: string; p?: Record<string, string> };
        received.push({
          provider: 'plausible',
          name: event.n,
          props: event.p ?? {},
          url: event.u,
          site: event.d,
          headers: request.headers,
        });
        response.writeHead(202, { ...CORS, 'content-type': 'text/plain' }).end('ok');
      } else if (request.method === 'POST' && path === '/api/send') {
        const { payload } = JSON.parse(body) as {
          payload: {
            website: string;
            url: string;
            name?: string;
            data?: Record<string, string>;
            tag?: string;
          };
        };
        received.push({
          provider: 'umami',
          name: payload.name ?? 'pageview',
          props: payload.data ?? {},
          url: payload.url,
          site: payload.website,
          ...(payload.tag && { tag: payload.tag }),
          headers: request.headers,
        });
        response.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end('{"cache":"t"}');
      } else {
        response.writeHead(404, CORS).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${listening}`,
    received,
    requests,
    named: (name) => received.filter((event) => event.name === name),
    clear: () => {
      received.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
