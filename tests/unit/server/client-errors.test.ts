/**
 * Answers made before or beside the routes: the framework's and the parser's errors (400, 404
 * as text, 405 for a body, 413, 414, 431) and the Host checks, each with the security headers.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app.ts';
import { acceptsHtml, hostAllowed } from '../../../server/request-checks.ts';
import {
  exchange,
  expectSecurityHeaders,
  parse,
  raw,
  useServer,
  type Answer,
} from '../../support/server-client.ts';

const served = useServer();

describe('every answer the framework or the parser makes carries the headers', () => {
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  const json = { accept: 'application/json' };

  it('400 and 404 give HTML clients the not-found page, others a line of text', async () => {
    for (const path of ['/nope', '/%E0%A4%A']) {
      const page = await raw(served.base, path, { headers: html });
      expect(page.body.toString()).toContain('Oops! Page not found');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expectSecurityHeaders(page, served.build.manifest, 'http', path);
      const text = await raw(served.base, path, { headers: json });
      expect(text.status).toBe(page.status);
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(text.body.toString()).toMatch(/^(400 Bad Request|404 Not Found)\n$/);
      expectSecurityHeaders(text, served.build.manifest, 'http', path);
    }
  });

  it('a request line the parser refuses gets 400 with the page and the headers, and the server lives', async () => {
    for (const data of [
      'GET /a b HTTP/1.1\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n',
    ]) {
      const answer = parse((await exchange(served.base, data)).text);
      expect(answer.status, JSON.stringify(data)).toBe(400);
      expect(answer.body.toString()).toContain('Oops! Page not found');
      expectSecurityHeaders(answer, served.build.manifest, 'http', JSON.stringify(data));
    }
    expect((await raw(served.base, '/')).status).toBe(200);
  });

  it('413 for a GET with a body, 414 for a URL over 8 KB, 431 for headers over the limit', async () => {
    const withBody = await exchange(
      served.base,
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello',
    );
    expect(parse(withBody.text).status).toBe(413);
    expectSecurityHeaders(parse(withBody.text), served.build.manifest, 'http', '413');
    const long = await raw(served.base, `/${'a'.repeat(9000)}`);
    expect(long.status).toBe(414);
    expectSecurityHeaders(long, served.build.manifest, 'http', '414');
    const huge = parse(
      (await exchange(served.base, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`)).text,
    );
    expect(huge.status).toBe(431);
    expectSecurityHeaders(huge, served.build.manifest, 'http', '431');
  });

  it('a body of any type is refused with 405 before it is read: never 413 or 415 from the framework', async () => {
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'x/unknown']) {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const url = new URL(served.base);
        const req = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/',
            headers: { 'content-type': type },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }),
            );
          },
        );
        req.on('error', reject);
        req.end('x'.repeat(2_000_000));
      }).catch(() => null);
      // The server may close before the client finished writing 2 MB; when an answer arrived, it is this one.
      if (answer) {
        expect(answer.status).toBe(405);
        expectSecurityHeaders(answer, served.build.manifest, 'http', type);
      }
    }
    expect((await raw(served.base, '/')).status).toBe(200);
  });

  it('acceptsHtml: no Accept, text/html, text/* or */*', () => {
    expect(acceptsHtml(undefined)).toBe(true);
    expect(acceptsHtml('text/html')).toBe(true);
    expect(acceptsHtml('*/*')).toBe(true);
    expect(acceptsHtml('application/json')).toBe(false);
    expect(acceptsHtml('image/avif,image/webp')).toBe(false);
  });
});

describe('the Host header', () => {
  it('is required in HTTP/1.1, once, and well formed: 400 with the headers otherwise', async () => {
    for (const [label, head] of [
      ['missing', 'GET / HTTP/1.1\r\n\r\n'],
      ['duplicate', 'GET / HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n'],
      ['markup', 'GET / HTTP/1.1\r\nHost: <script>\r\n\r\n'],
      ['a path', 'GET / HTTP/1.1\r\nHost: a.example/x\r\n\r\n'],
      ['10 kB', `GET / HTTP/1.1\r\nHost: ${'a'.repeat(10_000)}\r\n\r\n`],
    ] as const) {
      const answer = parse((await exchange(served.base, head)).text);
      expect(answer.status, label).toBe(400);
      expect(answer.body.toString(), label).toContain('Oops! Page not found');
      expectSecurityHeaders(answer, served.build.manifest, 'http', label);
    }
    // HTTP/1.0 needs no Host; ordinary names, addresses and ports pass.
    expect(parse((await exchange(served.base, 'GET / HTTP/1.0\r\n\r\n')).text).status).toBe(200);
    for (const host of [
      'buildequity.com',
      'www.buildequity.com:443',
      '127.0.0.1:4321',
      '[::1]:80',
      'my_site.local',
    ]) {
      expect((await raw(served.base, '/', { headers: { host } })).status, host).toBe(200);
    }
  });

  it('ALLOWED_HOSTS: only the listed names (and *.name subdomains), any port', async () => {
    expect(hostAllowed('buildequity.com:8080', ['buildequity.com'])).toBe(true);
    expect(hostAllowed('BuildEquity.com.', ['buildequity.com'])).toBe(true);
    expect(hostAllowed('evil.com', ['buildequity.com'])).toBe(false);
    expect(hostAllowed('www.buildequity.com', ['*.buildequity.com'])).toBe(true);
    expect(hostAllowed('buildequity.com.evil.com', ['*.buildequity.com'])).toBe(false);
    expect(hostAllowed('[::1]:80', ['[::1]'])).toBe(true);
    const strict = await buildServer({ root: served.build.root, allowedHosts: ['buildequity.com'] });
    try {
      const origin = await strict.listen({ host: '127.0.0.1', port: 0 });
      expect((await raw(origin, '/', { headers: { host: 'buildequity.com' } })).status).toBe(200);
      const other = await raw(origin, '/', { headers: { host: 'evil.example' } });
      expect(other.status).toBe(400);
      expectSecurityHeaders(other, served.build.manifest, 'http');
    } finally {
      await strict.close();
    }
  });
});
