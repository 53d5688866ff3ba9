/**
 * The split tests' verdict (editor/api/results/sequential.ts) and its words (verdict-words.ts), on
 * cases an owner meets: an early fluke says to keep going and for how many days, level rates over
 * many visitors say no difference that matters, a clear lift after three weeks names its variant
 * by its words, an uneven split withholds the verdict, and bad counts give one plain sentence.
 * The simulation of daily reading is `npm run bench:verdicts`'s, not this file's.
 */
import { describe, expect, it } from 'vitest';
import {
  chiSquareTail,
  design,
  testVerdict,
  upperTail,
  type Arm,
} from '../../../editor/api/results/sequential.ts';
import {
  askedTest,
  keepGoing,
  periodWords,
  testParam,
  testSaid,
  variantName,
  type OwnedTest,
} from '../../../editor/api/results/verdict-words.ts';
import { parseQuery } from '../../../editor/api/results/results-api.ts';
import { stampTestDays } from '../../../editor/app/test-dates.ts';
import { SAMPLE_EXPERIMENT } from '../../../harness/sample-experiment.ts';
import { parse, stringify } from 'yaml';

const test: OwnedTest = { ...SAMPLE_EXPERIMENT, smallestLift: undefined };
const [control, variant] = test.variants.map((entry) => entry.id) as [string, string];
const arms = (a: [number, number], b: [number, number]): Arm[] => [
  { id: control, weight: 50, visitors: a[0], conversions: a[1] },
  { id: variant, weight: 50, visitors: b[0], conversions: b[1] },
];
const said = (counted: Arm[], days: number) => {
  const verdict = testVerdict({ arms: counted, days });
  return { verdict, ...testSaid(test, { verdict, days, smallestLift: 0.2 }) };
};

describe('the sequential test’s arithmetic', () => {
  it('normal and chi-square tails against their tables', () => {
    expect(upperTail(1.959964)).toBeCloseTo(0.025, 6);
    expect(chiSquareTail(3.841459, 1)).toBeCloseTo(0.05, 5);
    expect(chiSquareTail(5.991465, 2)).toBeCloseTo(0.05, 5);
    expect(chiSquareTail(7.814728, 3)).toBeCloseTo(0.05, 5);
  });

  it('holds 5% across the variants: one comparison’s bound is 1.96, three share it (Bonferroni)', () => {
    expect(design(1).bound).toBeCloseTo(1.96, 2);
    expect(upperTail(design(3).bound) * 2).toBeCloseTo(0.05 / 3, 5);
    // A smaller lift worth finding plans more: the information goes with 1 / ln(1 + lift)².
    expect(design(1, 0.1).information / design(1, 0.2).information).toBeCloseTo(
      (Math.log(1.2) / Math.log(1.1)) ** 2,
      6,
    );
  });
});

describe('the verdict in the owner’s words', () => {
  it('an early fluke (day 5, 30 against 48 of 1,250) names no winner: keep going, with the days', () => {
    const { verdict, headline, details } = said(arms([1250, 30], [1250, 48]), 5);
    expect(verdict.outcome).toBe('keep-going');
    if (verdict.outcome !== 'keep-going') return;
    expect(verdict.early).toBe(true);
    expect(verdict.daysLeft).toBeGreaterThan(7);
    expect(headline).toBe(keepGoing(verdict.daysLeft));
    expect(details.join(' ')).toContain('after 7 full days');
    // The same counts on day 8 are still a fluke to this test: no winner, days to go.
    const later = said(arms([2000, 48], [2000, 72]), 8);
    expect(later.verdict.outcome).toBe('keep-going');
    expect(later.headline).toMatch(/^Keep going: about \d+ more days at your traffic$/);
  });

  it('equal rates over 20,000 visitors each: no difference big enough to matter', () => {
    const { verdict, headline } = said(arms([20_000, 600], [20_000, 600]), 40);
    expect(verdict.outcome).toBe('no-difference');
    expect(headline).toBe('No difference big enough to matter');
  });

  it('a clear lift after three weeks names its variant by its words, with the lift and its range', () => {
    const { verdict, headline, details } = said(arms([5250, 158], [5250, 236]), 21);
    expect(verdict).toMatchObject({ outcome: 'winner', winner: variant });
    expect(headline).toBe(`${variantName(test.variants, variant)} sells better`);
    expect(headline).toContain(Object.values(SAMPLE_EXPERIMENT.variants[1]!.fields!)[0]);
    expect(details[0]).toMatch(
      /^About 49% more buyers than the page as written, somewhere between \d+% and \d+%/,
    );
  });

  it('a 50/50 test split 10% apart withholds the verdict and says the visitors were not split as set', () => {
    const { verdict, headline, details } = said(arms([4750, 143], [5250, 236]), 20);
    expect(verdict).toMatchObject({ outcome: 'withheld', problem: { kind: 'uneven-split' } });
    expect(headline).toBe('No verdict: the visitors were not split as set');
    expect(details.join(' ')).toMatch(/Set 50% \/ 50%, counted 48% \/ 53%.*cache.*redirect.*bot filter/);
    // Uneven weights as set are no mismatch.
    const set = arms([3000, 90], [7000, 210]);
    set[1]!.weight = 70;
    set[0]!.weight = 30;
    expect(testVerdict({ arms: set, days: 20 }).outcome).not.toBe('withheld');
  });

  it('bad counts give one plain sentence, never a verdict', () => {
    const unseen = said(arms([900, 30], [0, 0]), 10);
    expect(unseen.headline).toBe(`No verdict: ${variantName(test.variants, variant)} has had no visitors`);
    const doubled = said(arms([900, 30], [900, 950]), 10);
    expect(doubled.headline).toBe('No verdict: more buyers than visitors were counted');
    expect(doubled.details[0]).toMatch(
      /^.+ has 950 buyers counted among 900 visitors: the analytics provider counted some buyers twice/,
    );
    const nothing = said(arms([0, 0], [0, 0]), 10);
    expect(nothing.headline).toBe(keepGoing(undefined));
  });

  it('a variant added while the test ran: counted from that day, said in a sentence', () => {
    const changed: OwnedTest = { ...test, started: '2026-11-02', variantsChanged: '2026-11-10' };
    expect(askedTest(changed).from).toBe('2026-11-10');
    expect(periodWords(changed)).toBe(
      'Counted from 10 Nov 2026: its variants changed that day while it ran (a variant added or a share changed), so every variant is compared over the same days.',
    );
    const asked = parseQuery(new URL(`https://x/?test=${encodeURIComponent(testParam(askedTest(changed)))}`));
    expect(asked?.tests[0]).toEqual(askedTest(changed));
  });
});

describe('the days the editor records on save', () => {
  const file = (running: boolean, extra: Record<string, unknown> = {}, weights = [50, 50]) =>
    stringify({
      experiments: [
        {
          ...SAMPLE_EXPERIMENT,
          started: undefined,
          running,
          ...extra,
          variants: SAMPLE_EXPERIMENT.variants.map((entry, at) => ({ ...entry, weight: weights[at] })),
        },
      ],
    });
  const read = (text: string) => (parse(text) as { experiments: Record<string, unknown>[] }).experiments[0]!;

  it('started when Running is ticked, ended when unticked, variantsChanged when a running test’s shares change', () => {
    expect(read(stampTestDays(file(false), file(true), '2026-12-02'))['started']).toBe('2026-12-02');
    const ended = read(
      stampTestDays(
        file(true, { started: '2026-11-01' }),
        file(false, { started: '2026-11-01' }),
        '2026-12-02',
      ),
    );
    expect(ended).toMatchObject({ started: '2026-11-01', ended: '2026-12-02' });
    const changed = read(
      stampTestDays(
        file(true, { started: '2026-11-01' }),
        file(true, { started: '2026-11-01' }, [50, 30]),
        '2026-12-02',
      ),
    );
    expect(changed['variantsChanged']).toBe('2026-12-02');
    // A day the owner typed in the same save is kept.
    expect(
      read(stampTestDays(file(false), file(true, { started: '2026-11-20' }), '2026-12-02'))['started'],
    ).toBe('2026-11-20');
  });
});
