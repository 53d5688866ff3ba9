/**
 * `npm run serve` as a process: HOST and PORT, one log line per request, a clear message without
 * a build or with a bad setting, and a clean exit on SIGTERM that answers the requests in flight.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'be-serve-'));
  await writeFile(join(root, 'index.html'), '<h1>Home</h1>');
  await writeFile(join(root, '404.html'), '<h1>Oops! Page not found</h1>');
});
/** Every process a test started, so a failing test leaves none running. */
const children: ReturnType<typeof spawn>[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening at (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 20);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  listening.catch(() => {}); // awaited only by the tests that expect it to listen
  return { child, exited, listening, log: () => output };
}

// Each test starts a real server process: seconds on a busy machine, so the limit is generous.
describe('the serve process', { timeout: 30_000 }, () => {
  it('listens on HOST:PORT, logs one line per request, and exits cleanly on SIGTERM', async () => {
    const server = start({ SITE_ROOT: root, HOST: '127.0.0.1', PORT: '0' });
    const url = await server.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${url}/`)).status).toBe(200);
    expect((await fetch(`${url}/missing`)).status).toBe(404);
    const requestLines = () =>
      server
        .log()
        .split('\n')
        .filter((line) => /"msg":"GET \//.test(line));
    await expect.poll(() => requestLines().length).toBe(2);
    expect(requestLines()[1]).toContain('/missing 404');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  // What the drain answers (each request in flight or sent during it) is tests/unit/server/slow-clients.test.ts's;
  // here, that SIGTERM starts it and the process then exits 0 within its 10 s.
  it('on SIGTERM, answers a request on its way with its 200 and Connection: close, then exits 0', async () => {
    const server = start({ SITE_ROOT: root, HOST: '127.0.0.1', PORT: '0' });
    const { hostname, port } = new URL(await server.listening);
    const socket = connect({ host: hostname, port: Number(port) });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const request = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';
    socket.write(request);
    await expect.poll(() => text.includes('<h1>Home</h1>')).toBe(true);
    text = '';
    server.child.kill('SIGTERM');
    const started = performance.now();
    // Sent on the idle keep-alive connection once the server is already closing.
    await expect.poll(() => server.log().includes('SIGTERM')).toBe(true);
    socket.write(request);
    expect(await server.exited).toBe(0);
    expect(performance.now() - started).toBeLessThan(10_000);
    await closed;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(text).toContain('<h1>Home</h1>');
    expect(text.toLowerCase()).toContain('connection: close');
  });

  it('refuses a MAX_CONNECTIONS or TRUST_PROXY that makes no sense', async () => {
    const connections = start({ SITE_ROOT: root, PORT: '0', MAX_CONNECTIONS: 'lots' });
    expect(await connections.exited).toBe(1);
    expect(connections.log()).toMatch(/MAX_CONNECTIONS must be/);
    const proxy = start({ SITE_ROOT: root, PORT: '0', TRUST_PROXY: 'not-an-address' });
    expect(await proxy.exited).toBe(1);
    expect(proxy.log()).toMatch(/TRUST_PROXY must be/);
  });

  it('says what to do when there is no build', async () => {
    const server = start({ SITE_ROOT: join(root, 'nowhere'), PORT: '0' });
    expect(await server.exited).toBe(1);
    expect(server.log()).toMatch(/npm run build/);
  });

  it('refuses a PORT that is not a port', async () => {
    const server = start({ SITE_ROOT: root, PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.log()).toMatch(/PORT must be/);
  });
});
