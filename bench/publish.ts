/**
 * From Publish to live, measured: the hosted editor in Chromium on the production server of a
 * build made in GitHub mode, that server running from its own clone with the deploy hook on, and
 * GitHub the stand-in of the hosted editor's tests (harness/github-stand-in.ts: a real
 * git repository on disk, its push webhook signed as GitHub signs it). Each run is a new draft
 * (the kit's price changed, one line) published with the Publish button; the clock runs from the
 * press to the editor's "Live at …", with when the check passed (the merge) and the server's own
 * build time beside it.
 *
 * The check is the stand-in's (it starts a second after the push and passes at once): on GitHub the
 * content check's own minutes come on top (docs/owner-guide.md says what to expect on each host).
 *
 *   npm run bench:publish              # 3 publishes; BENCH_PUBLISH_RUNS=5 for more
 *
 * Results are printed and written to bench-results/publish.json. Needs a built project (the copy
 * links its packages) and Chromium, as the tests do. Self-contained: it reads no other benchmark.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { CHROME_ARGS, findChrome, MISSING_CHROME_MESSAGE } from '../scripts/find-chrome.ts';
import { PROJECT_ROOT } from '../harness/project-copy.ts';
import { browserToStandIn, editorEnv, startGitHubSite } from '../harness/github-site.ts';

const PORT = Number(process.env['BENCH_PORT'] ?? 4390) + 10;
const STAND_IN_PORT = PORT + 1;
const SITE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env['BENCH_PUBLISH_RUNS'] ?? 3);
const OFFER = 'src/content/offer.yaml';
/** A guard against a hang, not a target: one publish, build included, on a busy machine. */
const GIVE_UP_MS = 15 * 60_000;

interface Run {
  /** Publish pressed → the check passed and the change was merged (the editor says "Published"). */
  toMerged: number;
  /** Publish pressed → the editor says "Live at …". */
  toLive: number;
  /** The server's build and swap, from its log. */
  build: number;
}

const executablePath = findChrome();
if (!executablePath) throw new Error(MISSING_CHROME_MESSAGE);

/** When each of the editor's words first shows in its status, from the press (ms). */
async function timeline(page: Page, started: number): Promise<{ merged: number; live: number }> {
  const status = page.getByRole('region', { name: 'Publishing' }).getByRole('status');
  let merged = 0;
  for (;;) {
    const words = (await status.textContent()) ?? '';
    const at = performance.now() - started;
    if (!merged && /Published\.|Live at/.test(words)) merged = at;
    if (words.includes('Live at')) return { merged, live: at };
    if (/Not published|could not|refused|not said/.test(words)) throw new Error(`Publish stopped: ${words}`);
    if (at > GIVE_UP_MS) throw new Error(`No "Live" after ${GIVE_UP_MS / 60_000} minutes: ${words}`);
    await page.waitForTimeout(100);
  }
}

/** The server's last build time, from its log (pino's JSON lines: "deploy N: building…" to "…is served"). */
function lastBuild(log: string): number {
  const lines = log
    .split('\n')
    .filter((line) => line.includes('"msg":"deploy '))
    .map((line) => JSON.parse(line) as { time: number; msg: string });
  const start = lines.findLast((line) => line.msg.includes('building the newest change'));
  const end = lines.findLast((line) => line.msg.includes('the new build is served'));
  return start && end && end.time >= start.time ? end.time - start.time : NaN;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The machine's load: on a busy machine the figures mean little. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const loadAtStart = load();
console.log(`bench-publish: load average at start ${loadAtStart}`);

const setting = await startGitHubSite({
  name: 'bench-publish',
  port: PORT,
  standInPort: STAND_IN_PORT,
  env: editorEnv('Iv1.standin0000000009'),
  deployHook: { secret: 'bench-publish-deploy-hook-secret-0123' },
  logLevel: 'info',
});
const browser = await chromium.launch({ executablePath, args: CHROME_ARGS });
const runs: Run[] = [];
try {
  setting.standIn.rest.requiredChecks = ['gate'];
  setting.standIn.rest.gate = { conclusion: 'success', seconds: 0 };
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...browserToStandIn(STAND_IN_PORT),
  });
  const page = await context.newPage();
  await page.goto(`${SITE}/keystatic`);
  await page.getByRole('button', { name: 'Log in with GitHub' }).click();
  await page.getByRole('link', { name: 'Authorize' }).click();
  await page.waitForURL(new RegExp(`^${SITE}/keystatic`));
  const original = (parse(setting.git('show', `main:${OFFER}`)) as { kit: { price: number } }).kit.price;
  for (let run = 1; run <= RUNS; run += 1) {
    const branch = `edit-bench-${run}`;
    const text = `${setting.git('show', `main:${OFFER}`).replace(/^(\s+price:) .*$/m, `$1 ${original + run}`)}\n`;
    setting.standIn.commitFiles(branch, { [OFFER]: text }, 'Update src/content/offer');
    await page.goto(`${SITE}/keystatic/branch/${branch}/singleton/offer`);
    const publish = page
      .getByRole('region', { name: 'Publishing' })
      .getByRole('button', { name: 'Publish', exact: true });
    await publish.waitFor({ timeout: 120_000 });
    const started = performance.now();
    await publish.click();
    const { merged, live } = await timeline(page, started);
    runs.push({ toMerged: merged, toLive: live, build: lastBuild(setting.log()) });
    console.log(
      `bench-publish: run ${run}: merged ${seconds(merged)}, live ${seconds(live)}, server build ${seconds(runs.at(-1)!.build)}`,
    );
  }
} finally {
  await browser.close();
  await setting.stop();
}

const summary = {
  load: { start: loadAtStart, end: load() },
  runs,
  median: {
    toMerged: median(runs.map((run) => run.toMerged)),
    toLive: median(runs.map((run) => run.toLive)),
    build: median(runs.map((run) => run.build)),
  },
};
mkdirSync(join(PROJECT_ROOT, 'bench-results'), { recursive: true });
writeFileSync(join(PROJECT_ROOT, 'bench-results/publish.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(
  `bench-publish: Publish → live on our server (deploy hook), median of ${RUNS}: ${seconds(summary.median.toLive)} ` +
    `(merged after ${seconds(summary.median.toMerged)}; the server's pull, build and swap ${seconds(summary.median.build)}); ` +
    `load average at end ${summary.load.end}`,
);
