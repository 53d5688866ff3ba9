// @vitest-environment node
/**
 * `npm run serve` as a process: HOST and PORT, one log line per request,
 * a clear message without a build, and a clean exit on SIGTERM.
 */
import { spawn } from 'node:child_process';
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
afterAll(() => rm(root, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

describe('the serve process', () => {
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
