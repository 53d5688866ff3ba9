/**
 * `npm run test:content`: what a change of the owner's content can break, in minutes, where the
 * whole suite (`npm test`) takes about twenty minutes on two cores. In order:
 *
 * 1. The change. With CONTENT_BASE set (a git ref: `origin/main`), the files the working tree
 *    changes since it left that ref, sorted as the owner's workflow sorts them
 *    (scripts/lib/change-kind.ts): a change of anything but content stops here, as the check cannot
 *    vouch for it (run `npm test`). Unset, the change is unknown, and every page counts as touched.
 * 2. The build (`npm run build`): every data file against its schema and every figure token,
 *    refused with the file and the field named; on GitHub, an error annotation on each file. Beside
 *    it, the unit tests the content reaches (tests/support/content-reach.ts, the owner-edits
 *    proof's list) but the build-refusal test, which breaks copies of its own to prove the
 *    build's messages: here the build is run on the owner's actual files instead.
 * 3. Once the build is done, beside the unit tests still running: the browser
 *    (tests/content/playwright.config.ts): the first screen at 375, 800, 1280 and 1920 px, the
 *    byte budgets, the links, and the accessibility scans of the pages the change touches
 *    (tests/content/touched-pages.ts), at phone width.
 *
 * Each step says how long it took; the whole, how long in all. The timing is a report, never a
 * verdict: the check's speed is measured as docs/testing.md says.
 */
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { campaignBases } from '../../src/content/campaign-files.ts';
import { changedFiles, sortChange } from '../../scripts/lib/change-kind.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { unitContentRoots } from '../support/content-reach.ts';
import { annotation, refusalsIn } from './refusals.ts';
import { EVERY_PAGE, touchedPages } from './touched-pages.ts';

/** Breaks hand-made copies of the data files to prove the build's refusals (see 2. above). */
const BUILD_REFUSALS_TEST = 'tests/unit/content-errors.test.ts';
const onGitHub = process.env['GITHUB_ACTIONS'] === 'true';
const started = performance.now();
const minutes = (since: number) => {
  const seconds = Math.round((performance.now() - since) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Steps still running, each its own process group, stopped whole when another fails or on Ctrl-C. */
const running = new Set<ReturnType<typeof spawn>>();
const stopAll = () => {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // The group ended on its own meanwhile.
    }
  }
};
process.once('SIGINT', () => {
  stopAll();
  process.exit(130);
});

interface Step {
  name: string;
  command: string[];
  env?: NodeJS.ProcessEnv;
}

/** Runs a step with its output kept and printed whole when it ends, so two steps side by side never interleave. */
function run({ name, command, env = {} }: Step): Promise<{ name: string; ok: boolean; output: string }> {
  const since = performance.now();
  return new Promise((resolve) => {
    const [program, ...args] = command as [string, ...string[]];
    const child = spawn(program, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      running.delete(child);
      const text = Buffer.concat(output).toString();
      process.stdout.write(`\n── test:content: ${name} (${minutes(since)}) ──\n${text}`);
      resolve({ name, ok: code === 0, output: text });
    });
  });
}

/** Stops every step and says why; on GitHub also as an error annotation, unless the files carry theirs. */
function fail(lines: string[], annotated = false): never {
  stopAll();
  console.error(`\ntest:content: FAILED after ${minutes(started)}.\n${lines.join('\n')}`);
  if (onGitHub && !annotated) console.log(annotation({ message: lines.join('\n') }));
  process.exit(1);
}

/** The change's files since CONTENT_BASE, or undefined when no base is given; stops on a change of code. */
function theChange(): string[] | undefined {
  const base = process.env['CONTENT_BASE'];
  if (!base) {
    console.log(
      'test:content: CONTENT_BASE is not set, so the change is unknown: every page counts as touched.',
    );
    return undefined;
  }
  let files: string[];
  try {
    files = changedFiles(PROJECT_ROOT, base, undefined);
  } catch (error) {
    const why = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    fail([`CONTENT_BASE=${base}: git cannot tell what changed since then (${why}).`]);
  }
  const sorted = sortChange(files);
  if (files.length > 0 && sorted.kind === 'code') {
    fail([
      `This is not a content change (since ${base}, ${sorted.reason}).`,
      'The content check cannot vouch for it: run `npm test`.',
    ]);
  }
  console.log(`test:content: since ${base}, ${files.length} files changed:\n  ${files.join('\n  ')}`);
  return files;
}

const files = theChange();
const pages = touchedPages(files, campaignBases(PROJECT_ROOT));
console.log(`test:content: the pages touched: ${pages === EVERY_PAGE ? pages : pages.join(', ') || 'none'}.`);

const build = run({ name: 'the build', command: ['npm', 'run', 'build'] });
const unit = run({
  name: 'the unit tests the content reaches',
  command: [
    'npx',
    'vitest',
    'related',
    '--run',
    ...unitContentRoots(PROJECT_ROOT),
    '--exclude',
    BUILD_REFUSALS_TEST,
  ],
});
const built = await build;
if (!built.ok) {
  const refusals = refusalsIn(built.output);
  if (onGitHub) for (const refusal of refusals) console.log(annotation(refusal));
  fail(
    refusals.length > 0
      ? ['The build refused the content:', ...refusals.map(({ file, message }) => `  ${file}: ${message}`)]
      : ['The build failed: its output above says why.'],
    refusals.length > 0,
  );
}
// The browser needs the build, not the unit tests: it starts beside them, so no core waits idle.
const browser = run({
  name: 'the first screen, the budgets, the links and the accessibility scans',
  command: ['npx', 'playwright', 'test', '--config', 'tests/content/playwright.config.ts'],
  env: pages === EVERY_PAGE ? {} : { CONTENT_PAGES: JSON.stringify(pages) },
});
await Promise.all([
  unit.then(({ ok }) => ok || fail(['Unit tests the content reaches failed: they are named above.'])),
  browser.then(({ ok, output }) => {
    if (ok) return;
    const failed = stripVTControlCharacters(output)
      .split('\n')
      .filter((line) => /^\s+\[\w+\] › /.test(line));
    fail(['Browser tests failed:', ...new Set(failed.map((line) => `  ${line.trim()}`))]);
  }),
]);
console.log(`\ntest:content: passed in ${minutes(started)}.`);
