/**
 * Where the Playwright run is cut into shards for GitHub (.github/workflows/check.yml). Playwright
 * takes its tests in its own order (project by project as playwright.config.ts lists them, file by
 * file) and gives each shard a contiguous run of them, as many as PWTEST_SHARD_WEIGHTS says (the
 * weights of its count-based `--shard`, as Playwright's own CI sets them). The counts are chosen here so that
 * each run takes about the same time: a test is reckoned at its file's measured seconds per test
 * (tests/shard-timings.json, written by `node scripts/shard-timings.ts` from a whole run's JSON
 * reports); a file not measured yet, at the mean of those that were.
 */

/** Playwright's JSON report, the parts read here (`--list` gives the same shape without results). */
export interface JsonReport {
  config: { projects: { name: string }[] };
  suites: JsonSuite[];
}
interface JsonTest {
  projectName: string;
  expectedStatus: string;
  results?: { duration: number }[];
}
export interface JsonSuite {
  file: string;
  specs: { tests: JsonTest[] }[];
  suites?: JsonSuite[];
}

/** One test of the run, by where its time is reckoned: `project file`. */
export type TestKey = string;
/** Seconds per test, by `project file`. */
export type Timings = Record<TestKey, number>;

const keyOf = (project: string, file: string): TestKey => `${project} ${file}`;

/** Every test of a file, its nested suites' too, in the file's order: its project and its results. */
function testsOf(suite: JsonSuite): JsonTest[] {
  return [...suite.specs.flatMap((spec) => spec.tests), ...(suite.suites ?? []).flatMap(testsOf)];
}

/**
 * The run's tests in Playwright's order (each project in the config's order, its files in order),
 * those skipped where they are written left out, as Playwright leaves them out of the counts.
 */
export function orderedTests(report: JsonReport): TestKey[] {
  return report.config.projects.flatMap(({ name }) =>
    report.suites.flatMap((file) =>
      testsOf(file)
        .filter((test) => test.projectName === name && test.expectedStatus !== 'skipped')
        .map(() => keyOf(name, file.file)),
    ),
  );
}

/** Seconds per test of each `project file` that ran, from one or more reports of a run. */
export function timingsOf(reports: JsonReport[]): Timings {
  const sums = new Map<TestKey, { seconds: number; tests: number }>();
  for (const report of reports)
    for (const file of report.suites)
      for (const test of testsOf(file)) {
        const ran = test.results ?? [];
        if (ran.length === 0) continue;
        const key = keyOf(test.projectName, file.file);
        const sum = sums.get(key) ?? { seconds: 0, tests: 0 };
        sum.seconds += ran.reduce((total, result) => total + result.duration, 0) / 1000;
        sum.tests += 1;
        sums.set(key, sum);
      }
  return Object.fromEntries(
    [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, { seconds, tests }]) => [key, Math.round((seconds / tests) * 10) / 10]),
  );
}

/**
 * How many tests each of `shards` contiguous runs gets so that their reckoned seconds are as even
 * as cutting between tests allows, and each gets one at least.
 */
export function shardWeights(tests: TestKey[], timings: Timings, shards: number): number[] {
  const known = Object.values(timings);
  const fallback = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const seconds = tests.map((key) => timings[key] ?? fallback);
  const total = seconds.reduce((a, b) => a + b, 0);
  const counts: number[] = [];
  let start = 0;
  let done = 0;
  for (let shard = 1; shard < shards; shard++) {
    const target = (total * shard) / shards;
    let end = start;
    let sum = done;
    // Take tests while the shard's end is nearer the target with the next test than without it,
    // leaving one at least for each shard still to come.
    while (
      end < tests.length - (shards - shard) &&
      Math.abs(sum + seconds[end]! - target) <= Math.abs(sum - target)
    ) {
      sum += seconds[end]!;
      end += 1;
    }
    if (end === start) {
      sum += seconds[end]!;
      end += 1;
    }
    counts.push(end - start);
    start = end;
    done = sum;
  }
  counts.push(tests.length - start);
  return counts;
}
