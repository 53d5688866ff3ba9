/** The browser editor is a tool for the owner's own computer: nothing of it reaches visitors. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const DIST = join(import.meta.dirname, '../../dist');

test('the production build holds no editor page, route or script', () => {
  const files = readdirSync(DIST, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  expect(files.length).toBeGreaterThan(10);
  const paths = files.map((entry) => join(entry.parentPath, entry.name).slice(DIST.length));
  expect(paths.filter((path) => /keystatic/i.test(path))).toEqual([]);
  const mentions = files
    .filter((entry) => /\.(html|js|css|json)$/.test(entry.name))
    .filter((entry) => /keystatic|keystar/i.test(readFileSync(join(entry.parentPath, entry.name), 'utf8')))
    .map((entry) => entry.name);
  expect(mentions).toEqual([]);
});

test('the server answers 404 for the editor and its API', async ({ request }) => {
  for (const path of ['/keystatic', '/keystatic/singleton/offer', '/api/keystatic/tree']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  const update = await request.post('/api/keystatic/update', {
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
    data: { additions: [], deletions: [] },
  });
  expect(update.status()).toBeGreaterThanOrEqual(400);
});
