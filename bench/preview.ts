/**
 * The live preview's speed in `npm run edit`, measured: Chromium at 1440 px on the kit page's form
 * (the whole form, every field the owner has), in a copy of the project as the editor's tests run
 * it (harness/editor-copy.ts: the production build of the editor's app on its own server).
 *
 * - **First draw**: from the press of **Live preview** to the preview's page showing the kit page's
 *   first section heading (the hero's headline, as the saved content gives it): once with nothing
 *   of the preview in the browser's cache (a fresh browser profile each run), once opened again.
 * - **Keystroke → preview**: from a key typed at the end of the Headline field (the time the
 *   browser took the key, the event's own time stamp) to the preview's headline showing it; a
 *   letter, then a Backspace, in turn, a pause between keys.
 *
 * Both are timed in the editor's page itself, by looking at the preview's document (same origin)
 * at every frame the browser draws: the figures are as fine as a frame (16 ms).
 *
 *   npm run bench:preview     # 5 first draws, 30 keystrokes (BENCH_PREVIEW_RUNS, BENCH_PREVIEW_KEYS)
 *
 * Results are printed and written to bench-results/preview.json. Needs Chromium, as the tests do;
 * no build of the site. Self-contained: it reads no other benchmark.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROME_ARGS, findChrome, MISSING_CHROME_MESSAGE } from '../scripts/find-chrome.ts';
import { PROJECT_ROOT } from '../harness/project-copy.ts';
import { startEditorCopy, type EditorCopy } from '../harness/editor-copy.ts';
import { contentOf } from '../harness/site-content.ts';

/** Past bench:publish's two ports. */
const PORT = Number(process.env['BENCH_PORT'] ?? 4390) + 12;
const RUNS = Number(process.env['BENCH_PREVIEW_RUNS'] ?? 5);
const KEYS = Number(process.env['BENCH_PREVIEW_KEYS'] ?? 30);
/** Between keys: each keystroke is shown before the next, as a person types a word and looks. */
const PAUSE_MS = 300;
/** A guard against a hang, not a target. */
const GIVE_UP_MS = 60_000;

const executablePath = findChrome();
if (!executablePath) throw new Error(MISSING_CHROME_MESSAGE);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

declare global {
  interface Window {
    /** When the browser took the last key (its event's time stamp, this page's clock). */
    benchKeyAt?: number;
    /** When the preview's headline showed what the bench waits for. */
    benchShown?: Promise<number>;
  }
}

/**
 * In the editor's page: from now, looks at every frame for the preview's headline to read
 * `expected`, and keeps when it did (window.benchShown); with `press`, presses Live preview first
 * and returns the press's time.
 */
function watchHeadline([expected, press, giveUpMs]: [string, boolean, number]): number {
  const started = performance.now();
  window.benchShown = new Promise((resolve, reject) => {
    const look = () => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-live-preview-frame]');
      const text = frame?.contentDocument?.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim();
      if (text === expected) resolve(performance.now());
      else if (performance.now() - started > giveUpMs)
        reject(new Error(`the preview's headline still reads "${text}", not "${expected}"`));
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  if (press)
    [...document.querySelectorAll('button')].find((button) => button.textContent === 'Live preview')?.click();
  return performance.now();
}

/** Opens the kit page's form and waits until it is drawn, and a second more (the form settles). */
async function openKitForm(page: Page, origin: string) {
  await page.goto(`${origin}/keystatic/singleton/kit`, { timeout: GIVE_UP_MS * 3 });
  await page.getByRole('button', { name: 'Save' }).waitFor({ timeout: GIVE_UP_MS * 3 });
  await page.waitForTimeout(1000);
}

/** Presses Live preview and times it to the headline `expected`. */
async function firstDraw(page: Page, expected: string): Promise<number> {
  const pressed = await page.evaluate(watchHeadline, [expected, true, GIVE_UP_MS] as [
    string,
    boolean,
    number,
  ]);
  return (await page.evaluate(() => window.benchShown!)) - pressed;
}

interface Figures {
  /** The kit form's height and its text boxes: the size the figures are at. */
  form: { height: number; boxes: number };
  firstDrawCold: number[];
  firstDrawAgain: number[];
  keystroke: number[];
}

/** One fresh browser profile: the first draws, and with `keys`, the keystrokes. */
async function measureOnce(
  browser: Browser,
  editor: EditorCopy,
  headline: string,
  keys: number,
  into: Figures,
) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await openKitForm(page, editor.origin);
    const form = page.locator('#singleton-form');
    into.form = {
      // The form scrolls in a box of Keystatic's inside it: its whole height is that box's.
      height: await form.evaluate((element) =>
        Math.max(...[element, ...element.querySelectorAll('*')].map((box) => box.scrollHeight)),
      ),
      boxes: await form.getByRole('textbox').count(),
    };
    into.firstDrawCold.push(await firstDraw(page, headline));
    await page.getByRole('button', { name: 'Close preview' }).click();
    into.firstDrawAgain.push(await firstDraw(page, headline));
    if (keys === 0) return;
    await page.evaluate(() =>
      document.addEventListener('keydown', (event) => (window.benchKeyAt = event.timeStamp), true),
    );
    const field = page.getByRole('textbox', { name: 'Headline' }).first();
    await field.click();
    await field.press('End');
    let shown = headline;
    for (let key = 0; key < keys; key += 1) {
      const typed = key % 2 === 0 ? 'x' : 'Backspace';
      shown = typed === 'x' ? `${shown}x` : shown.slice(0, -1);
      await page.evaluate(watchHeadline, [shown, false, GIVE_UP_MS] as [string, boolean, number]);
      await field.press(typed);
      const at = await page.evaluate(() => window.benchShown!);
      into.keystroke.push(at - (await page.evaluate(() => window.benchKeyAt!)));
      await page.waitForTimeout(PAUSE_MS);
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

const loadAtStart = load();
console.log(`bench-preview: load average at start ${loadAtStart}`);
const editor = await startEditorCopy('bench-preview', PORT);
const browser = await chromium.launch({ executablePath, args: CHROME_ARGS });
const figures: Figures = {
  form: { height: 0, boxes: 0 },
  firstDrawCold: [],
  firstDrawAgain: [],
  keystroke: [],
};
try {
  const headline = contentOf(editor.project.root).kit.hero.headline.replace(/\s+/g, ' ').trim();
  for (let run = 1; run <= RUNS; run += 1) {
    await measureOnce(browser, editor, headline, run === RUNS ? KEYS : 0, figures);
    console.log(
      `bench-preview: run ${run}: first draw ${ms(figures.firstDrawCold.at(-1)!)}, opened again ${ms(figures.firstDrawAgain.at(-1)!)}`,
    );
  }
} finally {
  await browser.close();
  await editor.stop();
}

const rows = [
  ['first draw, nothing of the preview cached', figures.firstDrawCold],
  ['first draw, opened again', figures.firstDrawAgain],
  ['keystroke → preview', figures.keystroke],
] as const;
const summary = {
  load: { start: loadAtStart, end: load() },
  form: figures.form,
  ...Object.fromEntries(
    rows.map(([name, values]) => [
      name,
      { samples: values, median: median(values), worst: Math.max(...values) },
    ]),
  ),
};
mkdirSync(join(PROJECT_ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench-results/preview.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `\nThe live preview in npm run edit, beside the kit page's form (${figures.form.height.toLocaleString('en-US')} px, ${figures.form.boxes} text boxes), at 1440 px:\n`,
);
const table = [
  ['measure', 'samples', 'median', 'worst'],
  ...rows.map(([name, values]) => [name, String(values.length), ms(median(values)), ms(Math.max(...values))]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(table[0]!));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));
console.log(`bench-preview: load average at end ${summary.load.end}`);
