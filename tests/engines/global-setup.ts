/**
 * Once for the cross-engine suite: serves the build (dist/) twice and starts an X display.
 * - plain HTTP on loopback: the production Node server exactly as `npm start` runs it;
 * - HTTPS: nginx with the generated host config, behind a throwaway self-signed certificate
 *   (made with openssl for 127.0.0.1, valid one day, deleted afterwards);
 * - Xvfb on a free display number, for WebKitGTK.
 * Ports: ENGINES_PORT (default 4340) for HTTP, the next one for HTTPS; WebDriver takes the ones after.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { engineMissing, findTools } from '../../scripts/find-engines.ts';
import { runNginx, siteConfig } from '../../harness/nginx.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    origins: { http: string; https: string | null };
    display: string | null;
    enginesPort: number;
    /** A folder of the run's own, removed once every browser has closed (WebKit's profiles go there). */
    scratch: string;
  }
}

const ROOT = resolve('dist');
const PORT = Number(process.env['ENGINES_PORT'] ?? 4340);

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts Xvfb on the first free display and resolves with its name (`:N`). */
function startXvfb(bin: string): Promise<{ display: string; child: ChildProcess }> {
  const child = spawn(bin, ['-displayfd', '3', '-screen', '0', '1440x1000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolveDisplay, reject) => {
    let out = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolveDisplay({ display: `:${out.trim()}`, child });
    });
    child.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(ROOT, 'index.html')))
    throw new Error('No build in dist/: run "npm run build" first (npm test does).');
  const tools = findTools();
  // Under CI a missing engine fails the suite here, before any browser starts.
  for (const engine of ['chromium', 'firefox', 'webkit'] as const) engineMissing(engine, tools);
  const stops: (() => void)[] = [];

  const node = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', SITE_ROOT: ROOT },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stops.push(() => node.kill('SIGTERM'));
  const http = `http://127.0.0.1:${PORT}`;
  await waitForHttp(`${http}/`, node);

  let https: string | null = null;
  const work = mkdtempSync(join(tmpdir(), 'be-engines-'));
  stops.push(() => rmSync(work, { recursive: true, force: true }));
  if (tools.openssl) {
    // A self-signed certificate nobody trusts: the browsers are told to accept it.
    execFileSync(
      tools.openssl,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(work, 'key.pem'),
        '-out',
        join(work, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    const tlsPort = PORT + 1;
    const prefix = join(work, 'nginx');
    mkdirSync(prefix);
    const site = (await siteConfig(prefix, tlsPort, ROOT)).replace(
      `listen 127.0.0.1:${tlsPort};`,
      `listen 127.0.0.1:${tlsPort} ssl;\n  ssl_certificate ${work}/cert.pem;\n  ssl_certificate_key ${work}/key.pem;`,
    );
    const nginx = runNginx(prefix, site);
    stops.unshift(() => nginx.stop());
    https = `https://127.0.0.1:${tlsPort}`;
  }

  let display: string | null = null;
  if (tools.xvfb) {
    const xvfb = await startXvfb(tools.xvfb);
    display = xvfb.display;
    stops.push(() => xvfb.child.kill('SIGTERM'));
  }

  project.provide('origins', { http, https });
  project.provide('display', display);
  project.provide('enginesPort', PORT);
  project.provide('scratch', work);
  return () => {
    for (const stop of stops) stop();
  };
}
