/**
 * The Nu Html Checker (the W3C validator, npm `vnu-jar`, run with Java 17+) over the build:
 * every HTML page, every stylesheet and every SVG. Errors and warnings fail the test unless
 * tests/checkers/ignores.json keeps them, with a reason; an ignore that matches nothing fails too.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { vnuIgnores } from '../checkers/ignores.ts';

const DIST = join(import.meta.dirname, '../../dist');
const VNU_JAR = createRequire(import.meta.url)('vnu-jar') as string;
const JAVA = process.env['JAVA_HOME'] ? join(process.env['JAVA_HOME'], 'bin', 'java') : 'java';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file));
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
  hiliteStart?: number;
  hiliteLength?: number;
}

/** The markup a message points at: the highlighted part of its extract. */
function sourceOf(m: VnuMessage): string {
  if (!m.extract) return '';
  return m.hiliteStart === undefined ? m.extract : m.extract.substr(m.hiliteStart, m.hiliteLength);
}

let server: Server;
let origin: string;

// Pages go to the checker over HTTP, so it judges each page's CSP against its real origin (on a
// file: URL 'self' matches nothing), and every page answers 200 here, the not-found page too.
test.beforeAll(async () => {
  server = createServer((request, response) => {
    const path = join(DIST, decodeURIComponent(new URL(request.url!, 'http://x').pathname));
    if (!path.startsWith(DIST) || !TYPES[extname(path)]) return void response.writeHead(404).end();
    try {
      const body = readFileSync(path);
      response.writeHead(200, { 'content-type': TYPES[extname(path)]! }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the Nu Html Checker finds no error or warning in any page, stylesheet or SVG', async () => {
  test.slow(); // A JVM starts and checks a dozen documents: a few seconds, more on a busy machine.
  const files = filesIn(DIST);
  const urls = files
    .filter((file) => ['.html', '.css'].includes(extname(file)))
    .map((file) => `${origin}/${relative(DIST, file)}`);
  const svgs = files.filter((file) => extname(file) === '.svg');
  expect(urls.filter((url) => url.endsWith('.html')).length).toBeGreaterThanOrEqual(4);
  expect(svgs.length).toBeGreaterThan(0);

  // Asynchronously: the checker fetches the pages from this process's own server.
  const output = await new Promise<{ stderr: string; error?: Error }>((resolve) => {
    const child = spawn(
      JAVA,
      [
        // The checker refuses loopback hosts unless told; here the host is our own test server.
        '-Dnu.validator.servlet.allow-forbidden-hosts=true',
        // Its HTTP timeouts (5 s) are too short for a machine busy with the rest of the suite.
        '-Dnu.validator.servlet.connection-timeout=30000',
        '-Dnu.validator.servlet.socket-timeout=30000',
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--also-check-css',
        '--also-check-svg',
        ...urls,
        ...svgs,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 80_000 },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => resolve({ stderr, error }));
    child.on('close', () => resolve({ stderr }));
  });
  expect(output.error?.message, `could not run ${JAVA}: Java 17 or later is needed`).toBeUndefined();
  const { messages } = JSON.parse(output.stderr) as { messages: VnuMessage[] };

  const used = new Set<number>();
  const problems: string[] = [];
  for (const m of messages) {
    // Plain "info" lines are advice, not findings; warnings are info with subType "warning".
    if (m.type === 'info' && m.subType !== 'warning') continue;
    const hit = vnuIgnores.findIndex(
      (entry) =>
        new RegExp(entry.message).test(m.message) &&
        (!entry.url || new RegExp(entry.url).test(m.url)) &&
        (!entry.source || new RegExp(entry.source).test(sourceOf(m))),
    );
    if (hit >= 0) used.add(hit);
    else
      problems.push(
        `${m.type}${m.subType ? ` ${m.subType}` : ''}: ${m.message} (${m.url.replace(origin, '')}${m.lastLine ? `:${m.lastLine}` : ''}${m.extract ? ` "${m.extract.trim()}"` : ''})`,
      );
  }
  expect(problems, 'Nu Html Checker findings').toEqual([]);
  const stale = vnuIgnores.filter((_, i) => !used.has(i)).map((entry) => entry.message);
  expect(stale, 'ignores that match nothing any more: remove them').toEqual([]);
});
