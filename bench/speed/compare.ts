/**
 * `npm run bench -- --against <commit or built folder>`: this checkout's build (dist/) beside
 * another's, in one run. The other commit is checked out in a temporary worktree and built there
 * (its node_modules this checkout's, linked, when that builds it; else installed with `npm ci`);
 * a folder is taken as a build already made. Both are served by this checkout's server, and
 * Lighthouse (mobile) measures / and /community on each, BENCH_RUNS times, the order of the two
 * alternating from run to run so that a busy minute falls on both alike. Prints, for each page,
 * each figure's median for both, the ratio (this / the other), and the runs of LCP and TBT.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer } from '../../server/app.ts';
import { CHROME_ARGS } from '../../scripts/find-chrome.ts';
import { CLEAN_ENV } from '../../harness/production-like.ts';
import { benchCopy } from './floors.ts';
import { median, toRow, type Lhr } from './lighthouse.ts';
import { kb, ms, printTable } from './report.ts';
import { PAGES, RUNS, type Row } from './settings.ts';

const run = promisify(execFile);
const COMPARED_PAGES = PAGES.filter((page) => page.name !== 'not found');

interface Side {
  label: string;
  origin: string;
}

/** Runs `command` in `cwd` with the build's clean settings; how long it took, in seconds. */
async function timed(command: string, args: string[], cwd: string): Promise<number> {
  const start = performance.now();
  await run(command, args, {
    cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...CLEAN_ENV },
    timeout: 900_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return Math.round((performance.now() - start) / 1000);
}

/** The other side's build: the folder as given, or the commit built in a worktree under `work`. */
async function otherBuild(against: string, work: string): Promise<{ dist: string; label: string }> {
  if (existsSync(join(against, 'index.html'))) return { dist: resolve(against), label: against };
  const { stdout } = await run('git', ['rev-parse', '--short', `${against}^{commit}`]);
  const commit = stdout.trim();
  const tree = join(work, commit);
  await run('git', ['worktree', 'add', '--detach', tree, commit]);
  await symlink(resolve('node_modules'), join(tree, 'node_modules'), 'dir');
  process.stdout.write(`building ${commit} in ${tree} (node_modules linked)… `);
  try {
    console.log(`${await timed('npm', ['run', 'build'], tree)} s`);
  } catch {
    await rm(join(tree, 'node_modules'));
    process.stdout.write(`failed with this checkout's node_modules; npm ci… `);
    const install = await timed('npm', ['ci', '--no-audit', '--no-fund'], tree);
    console.log(`${install} s; build ${await timed('npm', ['run', 'build'], tree)} s`);
  }
  return { dist: join(tree, 'dist'), label: commit };
}

/** Lighthouse on each page of both sides, RUNS times, the order of the sides alternating. */
async function measure(chromePath: string, sides: [Side, Side]): Promise<Map<string, Row[]>> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_ARGS, '--headless=new'] });
  const rows = new Map<string, Row[]>();
  try {
    for (let round = 1; round <= RUNS; round += 1) {
      process.stdout.write(`round ${round}/${RUNS}: `);
      for (const page of COMPARED_PAGES) {
        for (const side of round % 2 === 1 ? sides : [sides[1], sides[0]]) {
          const result = await lighthouse(`${side.origin}${page.path}`, {
            port: chrome.port,
            logLevel: 'error',
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${side.origin}${page.path}`);
          const row = toRow(
            { configuration: 'default', variant: 'our server' },
            page.name,
            result.lhr as unknown as Lhr,
          );
          const key = `${side.label}|${page.name}`;
          rows.set(key, [...(rows.get(key) ?? []), row]);
          process.stdout.write(`${page.name} ${side.label} `);
        }
      }
      console.log();
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

const FIGURES: [string, (row: Row) => number, (value: number) => string][] = [
  ['perf', (row) => row.perf, String],
  ['FCP ms', (row) => row.fcp, ms],
  ['LCP ms', (row) => row.lcp, ms],
  ['TBT ms', (row) => row.tbt, ms],
  ['CLS', (row) => row.cls, (value) => value.toFixed(3)],
  ['JS KB', (row) => row.js, kb],
  ['HTML KB', (row) => row.html, kb],
  ['requests', (row) => row.requests, String],
];

function printComparison(rows: Map<string, Row[]>, [ours, theirs]: [Side, Side]): void {
  for (const page of COMPARED_PAGES) {
    const mine = rows.get(`${ours.label}|${page.name}`) ?? [];
    const other = rows.get(`${theirs.label}|${page.name}`) ?? [];
    const [a, b] = [median(mine), median(other)];
    console.log(`\n${page.name}: median of ${RUNS} (runs of LCP and TBT in order)`);
    printTable(
      ['figure', ours.label, theirs.label, 'ratio', `${ours.label} runs`, `${theirs.label} runs`],
      FIGURES.map(([name, pick, format]) => {
        const ratio = pick(b) === 0 ? (pick(a) === 0 ? '1.00' : '—') : (pick(a) / pick(b)).toFixed(2);
        const runs = (list: Row[]) =>
          /LCP|TBT/.test(name) ? list.map((row) => ms(pick(row))).join(' ') : '';
        return [name, format(pick(a)), format(pick(b)), ratio, runs(mine), runs(other)];
      }),
    );
  }
}

/** The whole comparison: builds the other side, serves both, measures, prints. */
export async function compare(chromePath: string, against: string): Promise<void> {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`load average at start: ${load()}`);
  const work = await mkdtemp(join(tmpdir(), 'be-bench-against-'));
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const other = await otherBuild(against, work);
    const sides = [] as unknown as [Side, Side];
    for (const [label, dist] of [
      ['this', resolve('dist')],
      [other.label, other.dist],
    ] as const) {
      const site = await benchCopy(dist, `against-${label.replace(/\W+/g, '')}`);
      closers.push(() => rm(site, { recursive: true, force: true }));
      const server = await buildServer({ root: site });
      closers.unshift(() => server.close());
      sides.push({ label, origin: await server.listen({ host: '127.0.0.1', port: 0 }) });
    }
    printComparison(await measure(chromePath, sides), sides);
    console.log(`\nratio: this / ${other.label}`);
  } finally {
    for (const close of closers) await close();
    await rm(work, { recursive: true, force: true });
    await run('git', ['worktree', 'prune']);
    console.log(`load average at the end: ${load()}`);
  }
}
