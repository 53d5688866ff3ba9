/**
 * `npm run edit`'s server (editor/node/local.ts) over real HTTP, on a scratch copy of the owner's
 * data files: the editor's page carries the data as it is on disk at each opening, and a file
 * another program is writing in two steps is read whole; only this computer and the editor's own
 * pages are answered; a save may write only the data files and uploads; Promote only from the
 * editor's page; every answer carries the editor's headers, and the live preview's page alone may
 * be framed, by this origin. (The save itself, through this server: tests/unit/editor-save.test.ts;
 * the whole editor in a browser: tests/editor/.)
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { PROJECT_ROOT } from '../../../harness/project-copy.ts';
import { SAVE_SETTLES_MS } from '../../../editor/app/settle.ts';
import { pageData, standInApp, startLocalEditor, type LocalEditor } from '../../support/local-editor.ts';

const KIT = 'src/content/kit.yaml';
let root: string;
let editor: LocalEditor;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'be-local-editor-'));
  cpSync(join(PROJECT_ROOT, 'src/content'), join(root, 'src/content'), {
    recursive: true,
    filter: (path) => !path.endsWith('.ts'),
  });
  editor = await startLocalEditor(root, { app: standInApp(true) });
});
afterAll(async () => {
  await editor?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the editor's page", () => {
  it('carries the owner’s data files as they are on disk at each opening', async () => {
    const first = pageData((await editor.ask('/keystatic/singleton/offer')).text);
    expect(first['src/content/offer.yaml']).toBe(readFileSync(join(root, 'src/content/offer.yaml'), 'utf8'));
    expect(Object.keys(first)).toContain(KIT);
    const faq = join(root, 'src/content/faq.yaml');
    const changed = `${readFileSync(faq, 'utf8')}# saved by another program\n`;
    writeFileSync(faq, changed);
    const again = pageData((await editor.ask('/keystatic')).text);
    expect(again['src/content/faq.yaml']).toBe(changed);
  });

  it('a save the disk receives in two steps (emptied, then written) is read once, whole', async () => {
    // As Keystatic writes a file: emptied first, then written; here with a pause between that the
    // page's reading would fall into, were it not to wait for the file to settle. The server waits
    // for the file to hold still for its settle time (SAVE_SETTLES_MS in the editor); here a wider
    // one, so that a busy machine's slow second step still lands within it.
    const PAUSE_MS = 80;
    const settleMs = 10 * SAVE_SETTLES_MS;
    const patient = await startLocalEditor(root, { app: standInApp(true), settleMs });
    try {
      // A writer held for the whole settle time between the two steps has, to anyone reading,
      // left an empty file: a machine too busy to write within it voids a try, and the next try
      // writes the section the other way.
      for (let attempt = 1; ; attempt++) {
        const kit = parse(readFileSync(join(root, KIT), 'utf8')) as { bundles: { hidden?: boolean } };
        const hidden = !kit.bundles.hidden;
        if (hidden) kit.bundles.hidden = true;
        else delete kit.bundles.hidden;
        const started = performance.now();
        const file = await open(join(root, KIT), 'w');
        const answer = patient.ask('/keystatic/singleton/kit');
        await new Promise((done) => setTimeout(done, PAUSE_MS));
        await file.writeFile(stringify(kit));
        await file.close();
        const paused = performance.now() - started;
        const read = pageData((await answer).text)[KIT];
        if (paused >= settleMs) {
          expect(attempt, `wrote within ${settleMs} ms in one of three tries`).toBeLessThan(3);
          continue;
        }
        expect(read, 'the half-written file was read').not.toBe('');
        expect((parse(read!) as typeof kit).bundles.hidden === true).toBe(hidden);
        return;
      }
    } finally {
      await patient.close();
    }
  });
});

describe('who the editor answers', () => {
  const update = (path: string, headers: Record<string, string> = {}) =>
    editor.ask('/api/keystatic/update', {
      method: 'POST',
      headers: { 'no-cors': '1', 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ additions: [{ path, contents: 'aGk' }], deletions: [] }),
    });

  it('this computer by its own name only: another Host, another Origin, a page of another site get 403', async () => {
    const refused: Record<string, string>[] = [
      { host: 'elsewhere.example' },
      { host: `elsewhere.example:${editor.port}` },
      { origin: 'https://elsewhere.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of refused) {
      expect((await update('src/content/faq.yaml', headers)).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await editor.ask('/keystatic', { headers: { host: 'elsewhere.example' } })).status).toBe(403);
    // The editor's own page, with its own origin, is answered.
    const own = await editor.ask('/api/keystatic/tree', {
      headers: { 'no-cors': '1', origin: `http://127.0.0.1:${editor.port}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  it('a save may write only the data files and their uploads; nothing refused is written', async () => {
    const before = readFileSync(join(root, 'src/content/faq.yaml'), 'utf8');
    for (const path of [
      '../outside.txt',
      'src/content/../../package.json',
      'package.json',
      'src/pages/x.astro',
      'src/content/schemas.ts',
      'src/content/campaigns/../faq.yaml',
      'editor/app/results/results.yaml',
    ]) {
      expect((await update(path)).status, path).toBe(400);
    }
    expect(readFileSync(join(root, 'src/content/faq.yaml'), 'utf8')).toBe(before);
  });

  it('Promote only from the editor’s own page', async () => {
    const promote = (headers: Record<string, string>) =>
      editor.ask('/api/keystatic/promote', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ experiment: 'x', variant: 'y' }),
      });
    expect((await promote({})).status).toBe(403);
    expect((await promote({ origin: 'https://elsewhere.example' })).status).toBe(403);
    // From its own page: asked of the files (which hold no such test).
    const own = await promote({ origin: `http://127.0.0.1:${editor.port}` });
    expect(own.status).toBe(409);
    expect(JSON.parse(own.text)).toEqual({ message: 'No split test is named x.' });
  });
});

describe('the headers', () => {
  it('every answer: the editor’s own policy, framed by nothing, noindex; the app’s files kept a year, the rest never', async () => {
    for (const [path, status, cache] of [
      ['/keystatic', 200, 'no-store'],
      ['/keystatic/singleton/kit', 200, 'no-store'],
      ['/keystatic/assets/app-1a2b.js', 200, 'public, max-age=31536000, immutable'],
      ['/keystatic/assets/gone.js', 404, 'no-store'],
      ['/api/keystatic/results?days=28', 200, 'no-store'],
      ['/', 404, 'no-store'],
    ] as const) {
      const answer = await editor.ask(path);
      expect(answer.status, path).toBe(status);
      const policy = String(answer.headers['content-security-policy']);
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).toContain("script-src 'self';");
      expect(policy, path).toContain("connect-src 'self';");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).not.toContain('github');
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
      expect(answer.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['cache-control'], path).toBe(cache);
    }
  });

  it('the live preview’s page may be framed by the editor’s own pages, and by nothing else', async () => {
    const preview = await editor.ask('/keystatic/preview');
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('<title>Preview</title>');
    expect(Object.keys(pageData(preview.text))).toContain(KIT);
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The editor's page may frame it: frames of its own origin only.
    expect((await editor.ask('/keystatic')).headers['content-security-policy']).toContain("frame-src 'self'");
  });
});
