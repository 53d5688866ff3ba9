/**
 * One job of the check on GitHub (.github/workflows/check.yml), by its name: the workflow runs its
 * jobs' commands through here, so each job can be run, and timed, alone on any machine.
 *
 *   node scripts/ci-job.ts static             `astro check`, then the linter beside the unit tests
 *   node scripts/ci-job.ts e2e 2/4 [args…]    the build, then the second of four Playwright shards
 *   node scripts/ci-job.ts engines            the build, then the cross-engine suite
 *   node scripts/ci-job.ts owner-edits        the owner-edits proof (it builds copies of its own)
 *   node scripts/ci-job.ts timings <report.json>…   measured seconds per test into SHARD_TIMINGS
 *
 * The shards' sizes come from SHARD_TIMINGS (scripts/lib/shards.ts says how). `bash .ci/run`
 * (`npm test`) still runs everything in one go.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { orderedTests, shardWeights, timingsOf, type JsonReport, type Timings } from './lib/shards.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SHARD_TIMINGS = join(ROOT, '.ci/shard-timings.json');

/** Runs a shell command in the project, its output shown; stops the job when it fails. */
function run(command: string, env: Record<string, string> = {}): void {
  console.log(`\n$ ${command}`);
  const started = performance.now();
  const result = spawnSync(command, {
    cwd: ROOT,
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`ci-job: ${command} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The Playwright shard `index` of `total`, sized from the measured timings; `args` go to Playwright. */
function e2e(shard: string, args: string[]): void {
  const [index, total] = shard.split('/').map(Number) as [number, number];
  if (!(index >= 1 && index <= total)) throw new Error(`ci-job e2e: a shard as 2/4, not "${shard}".`);
  run('node scripts/ensure-tools.ts');
  run('npm run build');
  const listed = execFileSync('npx', ['playwright', 'test', '--list', '--reporter=json', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const timings: Timings = existsSync(SHARD_TIMINGS) ? JSON.parse(readFileSync(SHARD_TIMINGS, 'utf8')) : {};
  const weights = shardWeights(orderedTests(JSON.parse(listed) as JsonReport), timings, total);
  console.log(`ci-job: shard ${index} of ${total}, the shards' tests ${weights.join(':')}`);
  run(`npx playwright test --shard=${index}/${total} ${args.join(' ')}`, {
    PWTEST_SHARD_WEIGHTS: weights.join(':'),
  });
}

const [job, ...rest] = process.argv.slice(2);
switch (job) {
  case 'static':
    run('npm run check');
    run('node scripts/parallel.ts "npm run lint" "npm run test:unit"');
    break;
  case 'e2e':
    e2e(rest[0] ?? '1/1', rest.slice(1));
    break;
  case 'engines':
    run('npm run build');
    run('npm run test:engines');
    break;
  case 'owner-edits':
    run('npm run test:owner-edits');
    break;
  case 'timings': {
    const reports = rest.map((file) => JSON.parse(readFileSync(file, 'utf8')) as JsonReport);
    writeFileSync(SHARD_TIMINGS, `${JSON.stringify(timingsOf(reports), null, 2)}\n`);
    console.log(`ci-job: ${SHARD_TIMINGS} written from ${reports.length} report(s).`);
    break;
  }
  default:
    console.error(
      'Usage: node scripts/ci-job.ts static | e2e <i/n> [args…] | engines | owner-edits | timings <report.json>…',
    );
    process.exit(2);
}
