/**
 * Four split tests whose analytics logs give each kind of verdict (editor/api/results/sequential.ts),
 * for the Results' browser test and the owner's guide's pictures: a clear lift after three weeks
 * (a winner), level rates over many visitors (no difference big enough to matter), ten days of a
 * small lead (keep going), and a 50/50 test whose visitors came out 45/55 (not split as set). Two
 * run, on the kit page and the community page; two ended, on the kit page, before those started.
 * Each log is drawn without chance: a variant's visitors spread evenly over the test's days, and
 * its buyers exactly its rate of them, so each case's counts, and its verdict, are the same each run.
 */
import { testable } from '../../src/content/schemas/experiments.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import type { OwnedTest } from '../../editor/api/results/verdict-words.ts';
import type { LoggedEvent } from './analytics-api.ts';

const DAY = 86_400_000;
const day = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface VerdictCase {
  test: OwnedTest & { page: string };
  /** The outcome the counts give (the browser test checks the code agrees). */
  outcome: 'winner' | 'no-difference' | 'keep-going' | 'withheld';
  /** Visitors a day and conversion rate, per variant. */
  perDay: [number, number];
  rates: [number, number];
  /** Days before today the test started, and (ended tests) ended. */
  startedAgo: number;
  endedAgo?: number;
}

const [control, challenger] = SAMPLE_EXPERIMENT.variants as unknown as [
  { id: string },
  { id: string; fields: Record<string, string> },
];
const communityField = testable['/community'][0]!.key;

function caseTest(
  id: string,
  page: string,
  words: Record<string, string>,
  startedAgo: number,
  endedAgo?: number,
): VerdictCase['test'] {
  const now = Date.now();
  return {
    id,
    page,
    running: endedAgo === undefined,
    started: day(now - startedAgo * DAY),
    ...(endedAgo === undefined ? {} : { ended: day(now - endedAgo * DAY) }),
    variants: [
      { id: control.id, weight: 50 },
      { id: challenger.id, weight: 50, fields: words },
    ],
  };
}

/** The four cases, dated from today. */
export function verdictCases(): VerdictCase[] {
  const kitWords = challenger.fields;
  return [
    {
      test: caseTest('kit-headline', '/', kitWords, 21),
      outcome: 'winner',
      perDay: [250, 250],
      rates: [0.03, 0.045],
      startedAgo: 21,
    },
    {
      test: caseTest(
        'community-headline',
        '/community',
        { [communityField]: 'Founders who have been there' },
        10,
      ),
      outcome: 'keep-going',
      perDay: [250, 250],
      rates: [0.03, 0.036],
      startedAgo: 10,
    },
    {
      test: caseTest('kit-button', '/', kitWords, 80, 51),
      outcome: 'no-difference',
      perDay: [150, 150],
      rates: [0.3, 0.3],
      startedAgo: 80,
      endedAgo: 51,
    },
    {
      test: caseTest('kit-lede', '/', kitWords, 50, 36),
      outcome: 'withheld',
      perDay: [225, 275],
      rates: [0.03, 0.03],
      startedAgo: 50,
      endedAgo: 36,
    },
  ];
}

/** The log of every case: each variant's visitors at noon of each of its days, the first of every 1/rate converting. */
export function verdictLog(cases: readonly VerdictCase[], now = new Date()): LoggedEvent[] {
  const log: LoggedEvent[] = [];
  const noon = Date.parse(`${day(now.getTime())}T12:00:00Z`);
  for (const { test, perDay, rates, startedAgo, endedAgo = 0 } of cases)
    test.variants.forEach((variant, at) => {
      let visitor = 0;
      for (let ago = startedAgo; ago >= endedAgo; ago--) {
        // Today's visitors only up to now: the day has not ended.
        const at_ = new Date(Math.min(noon - ago * DAY, now.getTime() - 60_000));
        for (let n = 0; n < perDay[at]!; n++, visitor++) {
          const props = { experiment: test.id, variant: variant.id };
          const id = `${test.id}-${variant.id}-${visitor}`;
          const event = (name: string) =>
            log.push({ at: at_, visitor: id, name, page: test.page, device: 'Desktop', props });
          event('pageview');
          if (Math.floor((visitor + 1) * rates[at]!) > Math.floor(visitor * rates[at]!)) event('cta_click');
        }
      }
    });
  return log;
}
