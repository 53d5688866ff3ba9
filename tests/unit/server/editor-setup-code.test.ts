/**
 * The Node server before its editor is set up (editor/node/): started from a clone of a GitHub
 * repository with no EDITOR_SETUP_CODE, it makes a setup code, prints it once, and keeps it beside
 * the project, never again in its log; /keystatic leads to the setup page, which takes that code.
 * A code given as EDITOR_SETUP_CODE is never printed. A project that is no clone of a GitHub
 * repository, with no code, offers no setup.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_CODE_FILE } from '../../../editor/node/setup-code.ts';

const SERVER = resolve(import.meta.dirname, '../../../server/index.ts');
let root: string;
let project: string;
const children: ReturnType<typeof spawn>[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'be-setup-site-'));
  await writeFile(join(root, 'index.html'), '<h1>Home</h1>');
  await writeFile(join(root, '404.html'), '<h1>Not found</h1>');
  project = await mkdtemp(join(tmpdir(), 'be-setup-clone-'));
  execFileSync('git', ['init', '-q'], { cwd: project });
  execFileSync('git', ['remote', 'add', 'origin', 'https://github.com/build-equity/site.git'], {
    cwd: project,
  });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

/** The server from `cwd`, until it listens: its address and its log so far; stopped after. */
async function serve(cwd: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SERVER], {
    cwd,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      SITE_ROOT: root,
      HOST: '127.0.0.1',
      PORT: '0',
      EDITOR_SETUP_CODE: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = await new Promise<string>((done, fail) => {
    const timer = setInterval(() => {
      const match = /listening at (http:\/\/[^\s"]+)/.exec(log);
      if (match?.[1]) done((clearInterval(timer), match[1]));
    }, 20);
    child.on('exit', () => fail(new Error(`server exited: ${log}`)));
  });
  return { url, log: () => log, stop: () => child.kill('SIGTERM') };
}

describe('the Node server before its editor is set up', { timeout: 60_000 }, () => {
  it('prints the setup code it made once, keeps it beside the project, and its setup page takes it', async () => {
    const first = await serve(project);
    const code = (await readFile(join(project, SETUP_CODE_FILE), 'utf8')).trim();
    expect(code.length).toBeGreaterThanOrEqual(20);
    expect(first.log().split(code).length - 1).toBe(1);
    const opened = await fetch(`${first.url}/keystatic`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/keystatic/setup');
    const given = await fetch(`${first.url}/keystatic/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code, organisation: '' }).toString(),
    });
    expect(given.status).toBe(200);
    expect(await given.text()).toContain('https://github.com/settings/apps/new?state=');
    first.stop();
    const second = await serve(project);
    expect(second.log()).not.toContain(code);
    expect(second.log()).toContain(`the hosted editor is not set up: open /keystatic/setup`);
    second.stop();
  });

  it('never prints a code given as EDITOR_SETUP_CODE, and offers no setup without a code or a GitHub clone', async () => {
    const code = 'a code the owner chose, long enough';
    const given = await serve(project, { EDITOR_SETUP_CODE: code });
    expect(given.log()).not.toContain(code);
    given.stop();
    const elsewhere = await mkdtemp(join(tmpdir(), 'be-setup-plain-'));
    try {
      const plain = await serve(elsewhere);
      expect((await fetch(`${plain.url}/keystatic`, { redirect: 'manual' })).status).toBe(404);
      plain.stop();
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
