/**
 * Takes the owner's guide's picture of the browser editor: starts `npm run edit` on a spare port, opens
 * a page of the editor in Chromium and saves docs/images/editor.png. Reads only; saves nothing.
 *
 *   npm run screenshot:editor
 */
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROME_ARGS, findChrome, MISSING_CHROME_MESSAGE } from './find-chrome.ts';

const PORT = Number(process.env['PORT'] ?? 4339);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = 'docs/images/editor.png';

const executablePath = findChrome();
if (!executablePath) throw new Error(MISSING_CHROME_MESSAGE);

const editor = spawn('npm', ['run', 'edit', '--', '--port', String(PORT)], {
  stdio: 'ignore',
  detached: true,
});
try {
  // A first start builds the editor's app (a minute or so); a later one takes seconds.
  const deadline = Date.now() + 300_000;
  while ((await fetch(`${BASE}/keystatic`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error(`The editor did not start on ${BASE} within 5 minutes.`);
    await new Promise((done) => setTimeout(done, 500));
  }
  const browser = await chromium.launch({ executablePath, args: CHROME_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(`${BASE}/keystatic/singleton/offer`);
  await page.getByRole('button', { name: 'Save' }).waitFor({ timeout: 90_000 });
  await page.getByRole('textbox', { name: 'Price (one-time, USD)' }).focus();
  await page.screenshot({ path: OUT });
  await browser.close();
  console.log(`editor-screenshot: ${OUT}`);
} finally {
  if (editor.pid) process.kill(-editor.pid, 'SIGTERM');
}
