/**
 * `npm run bench`: measures the site in the two configurations owners ship (harness/production-like.ts):
 * the default build (dist/) and the production-like one (the newsletter form embedded, analytics
 * through our own origin, both played by a loopback stand-in). For each, Lighthouse 13 (mobile,
 * simulated slow 4G and a 4x slower CPU; the median of each column over BENCH_RUNS runs,
 * interleaved) on /, /community and the not-found page, served four ways:
 *
 * - `our server`: the build as `npm start` serves it;
 * - `plain static`: the same files from a bare static server (gzip, no security headers), so
 *   what our server's answers cost the page shows in the same run;
 * - `no JS` (default build): every <script> removed;
 * - `bare`: no scripts and no web fonts (the pages in their metric-matched fallback fonts): the
 *   fastest this HTML and CSS can be, the floor the targets are measured against.
 *
 * Then the first tap on each live widget of /community (bench/first-tap.ts), and autocannon
 * against the Node server for 10 s. Prints the tables and the targets met or missed; writes the
 * Lighthouse reports to bench-results/. BENCH_RUNS (5) and BENCH_PAGES (`/,/community,not found`)
 * narrow it.
 *
 * Its parts, one a file in bench/speed/: what is measured and the targets (`settings.ts`), the
 * copies and floors of a build (`floors.ts`), the builds served their ways (`serve.ts`), the
 * Lighthouse runs (`lighthouse.ts`), the split test's part (`experiment.ts`) and the tables
 * (`report.ts`).
 *
 * `npm run bench -- --against <commit or built folder>` measures this build beside another's
 * instead, alternating, and prints each figure for both and their ratio (`speed/compare.ts`).
 *
 * BENCH_FLOORS=1 also serves the default build as the LCP target would need it (docs/speed.md,
 * "Why LCP stops just above 900 ms"): `inline`, the favicon and the loader drawn into each page, so that
 * only the two faces are requested before the first paint; `one face`, that and the text face
 * dropped (its metric-matched fallback draws the text), so that only the display face is.
 *
 * BENCH_EXPERIMENT=1 adds a third configuration: the default build with the sample split test
 * running on / (harness/sample-experiment.ts), each of its variants measured through our
 * server (a visitor address chosen for each, sent as X-Forwarded-For to a server that trusts the
 * loopback proxy), and set against the default build: a test must cost the page nothing.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStandInProvider } from '../harness/production-like.ts';
import { ensureChrome, MISSING_CHROME_MESSAGE } from '../scripts/find-chrome.ts';
import { compare } from './speed/compare.ts';
import { runLighthouse } from './speed/lighthouse.ts';
import { printResults } from './speed/report.ts';
import { firstTaps, prepareBuilds, serveConfiguration } from './speed/serve.ts';
import { BENCH_CONFIGURATIONS, OUT, type Served } from './speed/settings.ts';

async function main() {
  const chromePath = ensureChrome();
  if (!chromePath) throw new Error(MISSING_CHROME_MESSAGE);
  const against = process.argv.indexOf('--against');
  if (against > 0) {
    const other = process.argv[against + 1];
    if (!other) throw new Error('--against needs a commit or a built folder');
    return compare(chromePath, other);
  }
  await mkdir(OUT, { recursive: true });
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`load average at start: ${load()}`);
  const provider = await startStandInProvider();
  const work = await mkdtemp(join(tmpdir(), 'be-bench-'));
  const builds = await prepareBuilds(work, provider.origin);

  const dirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const served: Served[] = [];
  for (const configuration of BENCH_CONFIGURATIONS)
    dirs.push(...(await serveConfiguration(configuration, builds[configuration], served, closers)));

  const rows = await runLighthouse(chromePath, served);
  const taps = await firstTaps(chromePath, served);
  if (await printResults(rows, taps, served)) console.log('  load: errors!');
  console.log(`load average at the end: ${load()}\nreports: ${OUT}/`);
  for (const close of closers) await close();
  await provider.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}

await main();
