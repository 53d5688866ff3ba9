/**
 * A split test's verdict (sequential.ts) in the owner's words: one headline of three (a variant
 * "sells better", "No difference big enough to matter", "Keep going: about N more days at your
 * traffic"), or, when the counts cannot be weighed, "No verdict" and why; then a sentence or two.
 * The editor's Results and `npm run experiment:report` both say it with these words.
 */
import {
  DEFAULT_SMALLEST_LIFT,
  FIRST_VERDICT_DAY,
  type Comparison,
  type Problem,
  type TestVerdict,
} from './sequential.ts';

export interface Said {
  headline: string;
  details: string[];
}

/** A variant as the owner wrote it: its words in quotes (the first variant: the page as written). */
export interface NamedVariant {
  id: string;
  fields?: Record<string, string | undefined> | undefined;
}

export const AS_WRITTEN = 'The page as written';

/** How the verdict names a variant: its own words (“Could your business survive a bad month?”). */
export function variantName(variants: readonly NamedVariant[], id: string): string {
  const at = variants.findIndex((variant) => variant.id === id);
  if (at === 0) return AS_WRITTEN;
  const words = Object.values(variants[at]?.fields ?? {}).filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return words.length > 0 ? words.map((text) => `“${text.trim()}”`).join(' with ') : id;
}

const whole = (share: number) => `${Math.round(Math.abs(share) * 100).toLocaleString('en-US')}%`;
const days = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'day' : 'days'}`;
/** A change in buyers: "30% more", "12% fewer", "no more". */
const change = (share: number) =>
  Math.round(share * 100) === 0 ? 'no more' : `${whole(share)} ${share > 0 ? 'more' : 'fewer'}`;

/** "somewhere between 8% fewer and 12% more buyers". */
function range({ low, high }: Comparison): string {
  if (low >= 0) return `somewhere between ${whole(low)} and ${whole(high)}`;
  return `somewhere between ${change(low)} and ${change(high)} buyers`;
}

export function keepGoing(daysLeft: number | undefined): string {
  return daysLeft === undefined
    ? 'Keep going: how many more days shows once a buyer is counted'
    : `Keep going: about ${daysLeft.toLocaleString('en-US')} more ${daysLeft === 1 ? 'day' : 'days'} at your traffic`;
}

function problemWords(problem: Problem, name: (id: string) => string): Said {
  switch (problem.kind) {
    case 'no-start':
      return {
        headline: 'No verdict: when this test started is not recorded',
        details: [
          'Open it under Split tests and set Started to the day it began (the editor sets it when Running is ticked and saved): the verdict counts the days from then.',
        ],
      };
    case 'double-count':
      return {
        headline: 'No verdict: more buyers than visitors were counted',
        details: [
          `${name(problem.arm)} has ${problem.conversions.toLocaleString('en-US')} buyers counted among ${problem.visitors.toLocaleString('en-US')} visitors: the analytics provider counted some buyers twice (a goal counted per click, not per visitor). Count the goal once per visitor, then look again.`,
        ],
      };
    case 'no-visitors':
      return {
        headline: `No verdict: ${name(problem.arm)} has had no visitors`,
        details: [
          'No visitor was counted on it since the test started: check the site was published after the test was switched on, and that its cache serves every variant.',
        ],
      };
    case 'uneven-split':
      return {
        headline: 'No verdict: the visitors were not split as set',
        details: [
          `Set ${problem.shares.map((s) => whole(s.expected)).join(' / ')}, counted ${problem.shares.map((s) => whole(s.counted)).join(' / ')}: a split this uneven happens by chance less than once in a thousand tests.`,
          'Something sends one variant more visitors, or counts them differently: most often a cache that keeps serving one variant, a redirect that drops the test, or a bot filter. Fix that, then start the test again.',
        ],
      };
  }
}

/** Each variant's range against the page as written, and what the test was planned to find. */
function sofar(
  comparisons: readonly Comparison[],
  name: (id: string) => string,
  smallestLift: number,
  final = false,
) {
  return [
    ...comparisons.map(
      (comparison) =>
        `${name(comparison.id)}: ${change(comparison.lift)} buyers than the page as written${final ? '' : ' so far'}, ${range(comparison)}.`,
    ),
    `The test is planned to find a lift of ${whole(smallestLift)} or more, and names a winner by mistake at most 5% of the time however often you look.`,
  ];
}

/** The verdict's headline and sentences; `name` gives a variant's words by its id. */
export function verdictWords(
  verdict: TestVerdict,
  name: (id: string) => string,
  smallestLift: number,
  daysCounted: number,
): Said {
  switch (verdict.outcome) {
    case 'withheld':
      return problemWords(verdict.problem, name);
    case 'winner': {
      const best = verdict.comparisons.find((comparison) => comparison.id === verdict.winner)!;
      return {
        headline: `${name(best.id)} sells better`,
        details: [
          `About ${whole(best.lift)} more buyers than the page as written, ${range(best)}. Promote it to show it to every visitor.`,
        ],
      };
    }
    case 'no-difference':
      return {
        headline: 'No difference big enough to matter',
        details: [
          ...sofar(verdict.comparisons, name, smallestLift, true).slice(0, -1),
          `None sells ${whole(smallestLift)} better or more: keep the page as written, or test a bolder change.`,
        ],
      };
    case 'keep-going':
      return {
        headline: keepGoing(verdict.daysLeft),
        details: [
          ...(verdict.early
            ? [
                `A verdict comes after ${FIRST_VERDICT_DAY} full days (weekdays and weekends sell differently): ${days(Math.floor(daysCounted))} counted so far.`,
              ]
            : []),
          ...(verdict.comparisons.some((comparison) => comparison.progress > 0)
            ? sofar(verdict.comparisons, name, smallestLift)
            : []),
          ...(verdict.daysLeft !== undefined && verdict.daysLeft > 365
            ? [
                'At your traffic that is over a year: a bolder change is quicker to find, or send the page more visitors.',
              ]
            : []),
        ],
      };
  }
}

/** A split test as experiments.yaml holds it, as far as its verdict reads it. */
export interface OwnedTest {
  id: string;
  running: boolean;
  /** The days the editor records (YYYY-MM-DD): turned on, turned off, its variants last changed while running. */
  started?: string | undefined;
  ended?: string | undefined;
  variantsChanged?: string | undefined;
  /** The smallest lift worth finding, in percent (20 when not set). */
  smallestLift?: number | undefined;
  variants: (NamedVariant & { weight: number })[];
}

/** The day the test counts from: its start, or the day its variants last changed while it ran. */
export function countedFrom(test: OwnedTest): string | undefined {
  if (!test.started) return undefined;
  return test.variantsChanged && test.variantsChanged > test.started ? test.variantsChanged : test.started;
}

/** What the results API is asked for the test. */
export function askedTest(test: OwnedTest): AskedTest {
  const from = countedFrom(test);
  return {
    id: test.id,
    variants: test.variants.map(({ id, weight }) => ({ id, weight })),
    ...(from ? { from } : {}),
    ...(!test.running && test.ended ? { to: test.ended } : {}),
    smallestLift: (test.smallestLift ?? DEFAULT_SMALLEST_LIFT * 100) / 100,
  };
}

const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The days a verdict counts, in words: "Counted from 2 Dec 2026, when the test started." */
export function periodWords(test: OwnedTest): string | undefined {
  const from = countedFrom(test);
  if (!from) return undefined;
  const end = !test.running && test.ended ? ` to ${dayInWords(test.ended)} (when it ended)` : '';
  return from === test.started
    ? `Counted from ${dayInWords(from)} (when the test started)${end}.`
    : `Counted from ${dayInWords(from)}${end}: its variants changed that day while it ran (a variant added or a share changed), so every variant is compared over the same days.`;
}

/** The verdict of `figures` (the results API's) in the owner's words, each variant named by its words. */
export function testSaid(
  test: OwnedTest,
  figures: { verdict: TestVerdict; days: number; smallestLift: number },
): Said {
  const said = verdictWords(
    figures.verdict,
    (id) => variantName(test.variants, id),
    figures.smallestLift,
    figures.days,
  );
  const period = periodWords(test);
  return period ? { ...said, details: [...said.details, period] } : said;
}

/**
 * A split test as the editor asks for it: its variants with their weights, the day it started
 * counting (its start, or its variants' last change) and ended, and the smallest lift worth
 * finding, in percent: `kit-headline:control*50,plain-question*50@2026-11-02..2026-12-01~20`.
 */
export interface AskedTest {
  id: string;
  variants: { id: string; weight: number }[];
  from?: string;
  to?: string;
  smallestLift: number;
}

/** The `test` parameter the editor sends for `test` (results-api.ts's parseQuery reads it back). */
export function testParam(test: AskedTest): string {
  const variants = test.variants.map((variant) => `${variant.id}*${variant.weight}`).join(',');
  const period = test.from ? `@${test.from}${test.to ? `..${test.to}` : ''}` : '';
  return `${test.id}:${variants}${period}~${Math.round(test.smallestLift * 100)}`;
}
