/**
 * A Playwright reporter that prints, after every run, the five slowest tests with their times, the
 * files that took the most test time in all (where the suite's minutes go), and names any test
 * that used more than a third of its timeout: such a test is one slow machine away
 * from failing, and should be split or marked `test.slow()` with a reason.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Timing {
  title: string;
  file: string;
  duration: number;
  timeout: number;
}

const SHOWN = 5;

export default class SlowestReporter implements Reporter {
  private readonly timings: Timing[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const project = test.parent.project()?.name ?? '';
    this.timings.push({
      title: `[${project}] ${test.titlePath().slice(2).join(' › ')}`,
      file: `[${project}] ${test.titlePath()[2] ?? ''}`,
      duration: result.duration,
      timeout: test.timeout,
    });
  }

  onEnd(): void {
    const slowest = [...this.timings].sort((a, b) => b.duration - a.duration).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nThe ${slowest.length} slowest tests:`);
    for (const timing of slowest) {
      console.log(`  ${seconds(timing.duration).padStart(7)} of ${seconds(timing.timeout)}  ${timing.title}`);
    }
    const perFile = new Map<string, number>();
    for (const { file, duration } of this.timings) perFile.set(file, (perFile.get(file) ?? 0) + duration);
    console.log(`\nTest time per file (all workers together):`);
    for (const [file, total] of [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`  ${seconds(total).padStart(8)}  ${file}`);
    }
    const tight = this.timings.filter((timing) => timing.timeout > 0 && timing.duration > timing.timeout / 3);
    if (tight.length > 0) {
      console.log(`\n${tight.length} test(s) used more than a third of their timeout:`);
      for (const timing of tight)
        console.log(`  ${seconds(timing.duration)} of ${seconds(timing.timeout)}  ${timing.title}`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
