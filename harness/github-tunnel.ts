/**
 * How the browser of the hosted editor's tests reaches GitHub: the stand-in (./github-stand-in.ts)
 * is its proxy (`browserToStandIn`, for a spec's `test.use`), and answers a tunnel to one of
 * GitHub's hosts itself, over TLS with a certificate made for the run. The browser follows every
 * redirect to GitHub as it would to GitHub: the site's sign-in sends it on to github.com's
 * authorize page, and GitHub's pages send it on after a form's POST.
 *
 * Playwright's routing could not stand in here: it never sees the request a redirect leads to,
 * which then went to the network and failed (ERR_NAME_NOT_RESOLVED, no DNS on a test machine).
 * The desktop Chromium only got past it because its error page loads itself again about a second
 * later, a fresh request that the routing saw; the headless shell's error page is a blank one.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, RequestListener, Server } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';

/** GitHub's hosts the stand-in answers for. */
export const GITHUB_HOSTS = ['github.com', 'api.github.com', 'raw.githubusercontent.com'];

/**
 * A browser context's options that send its requests to GitHub's hosts through the stand-in on
 * `standInPort`. The site (127.0.0.1) is reached directly. The stand-in's certificate is its own,
 * so the context lets certificate errors pass: the site it tests is served over http, and nothing
 * else is reached over https.
 */
export const browserToStandIn = (standInPort: number) => ({
  proxy: { server: `http://127.0.0.1:${standInPort}`, bypass: '127.0.0.1,localhost' },
  ignoreHTTPSErrors: true,
});

/** A key and a self-signed certificate for GitHub's hosts, good for a day (openssl). */
function certificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(join(tmpdir(), 'be-github-tls-'));
  try {
    const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
    const names = GITHUB_HOSTS.map((host) => `DNS:${host}`).join(',');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-nodes', '-days', '1', '-subj', '/CN=github.com'],
        ...['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
        ...['-addext', `subjectAltName=${names}`, '-keyout', key, '-out', cert],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Makes `server` a proxy whose tunnels to GitHub's hosts end at `listener`, each request's path
 * led by its host (`/api.github.com/graphql`), as the stand-in reads them; a tunnel elsewhere is
 * refused. Returns what closes the open tunnels.
 */
export function answerTunnels(server: Server, listener: RequestListener): () => void {
  const tls = createServer(certificate(), (request, response) => {
    request.url = `/${(request.headers.host ?? '').replace(/:\d+$/, '')}${request.url ?? '/'}`;
    listener(request, response);
  });
  // As the stand-in's own connections: an idle one is kept a minute, as GitHub's are.
  tls.keepAliveTimeout = 60_000;
  const open = new Set<Duplex>();
  server.on('connect', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const [host = '', port] = (request.url ?? '').split(':');
    if (!GITHUB_HOSTS.includes(host) || port !== '443') {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) socket.unshift(head);
    tls.emit('connection', socket);
  });
  return () => {
    for (const socket of open) socket.destroy();
  };
}
