/**
 * The plainest way to serve a build, for `npm run bench` to compare our server against: files as
 * they are, the gzip copy when the browser takes gzip, a content type, and nothing else (no
 * security headers, no caching headers, no brotli). The same pages served both ways in one run show
 * what our server's answers (headers, encoding) cost the page.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
import { contentType } from '../server/site.ts';

export interface PlainStaticServer {
  origin: string;
  close: () => Promise<void>;
}

export async function startPlainStaticServer(root: string): Promise<PlainStaticServer> {
  const read = (file: string) => readFile(join(root, file)).catch(() => null);
  const server = createServer((request, response) => {
    void (async () => {
      const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`];
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      for (const file of candidates) {
        const body = (gzip && (await read(`${file}.gz`))) || null;
        const plain = body ? null : await read(file);
        if (!body && !plain) continue;
        response.writeHead(200, {
          'content-type': contentType(file),
          ...(body ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
        });
        response.end(body ?? plain);
        return;
      }
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(await read('404.html'));
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
