/**
 * `npm run bench:verdicts`: how the split tests' verdicts (editor/api/results/sequential.ts) hold up
 * when the owner reads them every morning. Simulated tests, each visitor sent to a variant at
 * random by the weights and converting at its variant's true rate, read every day for 8 weeks; a
 * test ends at its first verdict (a winner, or no difference big enough to matter), as the owner
 * would end it:
 *
 * - A/A tests (both variants the same page): how often a winner is named (it must be at most 5%);
 * - A/B tests with a true 20% lift: how often the variant is named within 8 weeks (at least 80%),
 *   and on which day (the median);
 * - how long a test runs at most (its planned end) by traffic and lift, at a 3% conversion rate.
 *
 * `--tests 2000` sets how many of each kind (seeded: the same figures each run).
 */
import { parseArgs } from 'node:util';
import { design, testVerdict, type Arm } from '../editor/api/results/sequential.ts';
import { seeded } from '../harness/seeded.ts';

const { values } = parseArgs({ options: { tests: { type: 'string', default: '2000' } } });
const TESTS = Number(values.tests);
const WEEKS = 8;
const BASE = 0.03;
const DAILY = 500;

/** One test read daily: the day of its first verdict and what it was (undefined: none in 8 weeks). */
function runTest(random: () => number, rates: [number, number], daily: number) {
  const arms: Arm[] = [
    { id: 'control', weight: 50, visitors: 0, conversions: 0 },
    { id: 'variant', weight: 50, visitors: 0, conversions: 0 },
  ];
  for (let day = 1; day <= WEEKS * 7; day++) {
    for (let visitor = 0; visitor < daily; visitor++) {
      const arm = random() < 0.5 ? 0 : 1;
      arms[arm]!.visitors += 1;
      if (random() < rates[arm]!) arms[arm]!.conversions += 1;
    }
    const verdict = testVerdict({ arms, days: day });
    if (verdict.outcome === 'winner' || verdict.outcome === 'no-difference')
      return {
        day,
        outcome: verdict.outcome,
        winner: verdict.outcome === 'winner' ? verdict.winner : undefined,
      };
  }
  return { day: undefined, outcome: 'keep-going' as const, winner: undefined };
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const share = (count: number) => `${((count / TESTS) * 100).toFixed(1)}%`;

function simulate(lift: number, seed: number) {
  const random = seeded(seed);
  const runs = Array.from({ length: TESTS }, () => runTest(random, [BASE, BASE * (1 + lift)], DAILY));
  const named = runs.filter((run) => run.winner === 'variant');
  const level = runs.filter((run) => run.outcome === 'no-difference');
  return { named, level, days: named.map((run) => run.day!) };
}

const started = performance.now();
const aa = simulate(0, 1);
console.log(
  `A/A, ${TESTS} tests at ${DAILY} visitors a day and ${BASE * 100}%, read daily for ${WEEKS} weeks:`,
  `a winner named in ${share(aa.named.length)} (at most 5% is the aim),`,
  `"no difference big enough to matter" in ${share(aa.level.length)}.`,
);
const ab = simulate(0.2, 2);
console.log(
  `A/B, ${TESTS} tests with a true 20% lift at ${DAILY} visitors a day and ${BASE * 100}%:`,
  `the variant named within ${WEEKS} weeks in ${share(ab.named.length)} (at least 80% is the aim),`,
  `on day ${median(ab.days)} (median; quartiles ${median(ab.days.filter((d) => d <= median(ab.days)!))} and ${median(ab.days.filter((d) => d >= median(ab.days)!))}).`,
);

/** The planned end of a two-variant test, in days, at `daily` visitors and a true rate `BASE`, for `lift`. */
function plannedDays(daily: number, lift: number): number {
  const perArm = daily / 2;
  const variance = (1 - BASE) / (perArm * BASE) + (1 - BASE * (1 + lift)) / (perArm * BASE * (1 + lift));
  const { information } = design(1, lift, 1 / variance);
  return Math.ceil(information * variance);
}
const LIFTS = [0.1, 0.2, 0.3, 0.5];
console.log(
  `\nLongest a test runs (days) at a ${BASE * 100}% conversion rate, by visitors a day and the smallest lift worth finding:`,
);
console.log(`| Visitors a day | ${LIFTS.map((lift) => `${lift * 100}% lift`).join(' | ')} |`);
console.log(`| --- | ${LIFTS.map(() => '---').join(' | ')} |`);
for (const daily of [100, 250, 500, 1000, 2500, 5000])
  console.log(
    `| ${daily.toLocaleString('en-US')} | ${LIFTS.map((lift) => plannedDays(daily, lift).toLocaleString('en-US')).join(' | ')} |`,
  );
console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s)`);
