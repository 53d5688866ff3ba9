/**
 * Which split test runs on which page (experiments.yaml, read): pure, so the live preview in the
 * browser asks it as the build does (experiments.ts lists the tests for the hosts from disk).
 */
import type { Experiment, Experiments } from './schemas.ts';

/** The tests running now. */
export function runningExperiments(experiments: Experiments): Experiment[] {
  return experiments.experiments.filter((test) => test.running);
}

/** The one running test of a page (`/`, `/community` or a campaign page's address), if any. */
export function experimentOn(experiments: Experiments, page: string): Experiment | undefined {
  return runningExperiments(experiments).find((test) => test.page === page);
}
