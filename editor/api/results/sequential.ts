/**
 * A split test's verdict that stays sound however often it is read: a sequential test of each
 * variant against the page as written (the control), planned for the smallest lift worth finding.
 *
 * Method: a one-sided group-sequential test with an O'Brien-Fleming boundary watched continuously,
 * the limit of Lan & DeMets' O'Brien-Fleming-type alpha spending as the looks grow dense (Lan &
 * DeMets 1983, "Discrete sequential boundaries for clinical trials", Biometrika 70: 659-663). On
 * the information scale t (0 at the start, 1 at the planned end) the score S(t) = Z·√t behaves as
 * a Brownian motion, and "variant wins" when S(t) ≥ b, i.e. Z ≥ b/√t. Under no difference, the
 * chance S ever reaches b by t = 1 is 2(1 − Φ(b)) (the reflection principle: Siegmund 1985,
 * Sequential Analysis, §3.1), so b = Φ⁻¹(1 − α/2) holds the false-winner rate at α for looks at any
 * times, every day or every minute. It is the rule of Evan Miller's "Simple Sequential A/B
 * Testing" (a fixed bound on the running difference) on the scale of the log rate ratio.
 *
 * - α = 5%, split evenly across the variants compared with the control (Bonferroni).
 * - The planned information I_max gives 80% power for the smallest lift δ (default 20%): the drift
 *   μ solving 1 − Φ(b − μ) + e^{2μb}(1 − Φ(b + μ)) = 0.8 + α (the chance a Brownian motion with
 *   drift μ reaches b by t = 1; the α is what futility stops may take, see below), with b raised
 *   by Siegmund's correction for daily looks, then I_max = (μ / ln(1 + δ))².
 * - The estimate is the log of the ratio of conversion rates, its variance (1 − p)/x per arm.
 * - The range is the repeated confidence interval the same boundary gives (Jennison & Turnbull
 *   2000, Group Sequential Methods, ch. 9): est ± b·se/√t, valid at every look. It is wide early
 *   and 95% at the planned end.
 * - "No difference big enough to matter" once the planned information is reached without a
 *   winner, or once the range's top is below δ. A futility stop never adds false winners; by the
 *   same boundary it stops a test with a true lift of δ at most α of the time.
 * - No verdict before 7 full days (weekdays and weekends sell differently); none while the
 *   visitors are not split as set (a chi-square test of the split against the weights, p < 0.001).
 *
 * Pure arithmetic: the editor's Results, `npm run experiment:report` and `npm run bench:verdicts`
 * all read it.
 */

/** One variant's counts over the test's own days, with its share as set. */
export interface Arm {
  id: string;
  weight: number;
  visitors: number;
  conversions: number;
}

export interface CountedTest {
  /** The control first (the page as written), then each variant. */
  arms: Arm[];
  /** Days counted since the test started (or its variants last changed), today's part included. */
  days: number;
  /** The smallest relative lift worth finding: 0.2 for 20%. */
  smallestLift?: number;
}

/** Each variant against the control. */
export interface Comparison {
  id: string;
  /** The estimated relative lift (0.3: 30% more buyers), and the range it lies in. */
  lift: number;
  low: number;
  high: number;
  /** The share of the planned information gathered (1 at the planned end). */
  progress: number;
  outcome: 'winner' | 'no-difference' | 'keep-going';
  /** Days more at this traffic to the planned end (undefined: no buyer counted yet). */
  daysLeft: number | undefined;
}

export type Problem =
  | { kind: 'no-start' }
  | { kind: 'no-visitors'; arm: string }
  | { kind: 'double-count'; arm: string; visitors: number; conversions: number }
  | { kind: 'uneven-split'; p: number; shares: { id: string; expected: number; counted: number }[] };

export type TestVerdict =
  | { outcome: 'winner'; winner: string; comparisons: Comparison[] }
  | { outcome: 'no-difference'; comparisons: Comparison[] }
  | {
      outcome: 'keep-going';
      daysLeft: number | undefined;
      /** Why: too early (under 7 full days), or the figures do not tell yet. */
      early: boolean;
      comparisons: Comparison[];
    }
  | { outcome: 'withheld'; problem: Problem };

export const FALSE_WINNER_RATE = 0.05;
export const POWER = 0.8;
export const DEFAULT_SMALLEST_LIFT = 0.2;
export const FIRST_VERDICT_DAY = 7;
/** A split whose chance under the set weights is below this is called uneven. */
export const SPLIT_ALARM = 0.001;

/** 1 − Φ(x), the standard normal's upper tail, by erfc (W. J. Cody's rational fits' accuracy, ~1e-7 relative). */
export function upperTail(x: number): number {
  return 0.5 * erfc(x / Math.SQRT2);
}

/** erfc(x), Numerical Recipes' Chebyshev fit (relative error under 1.2e-7 everywhere). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** x with 1 − Φ(x) = tail, by bisection (tails from 1e-12 to 0.5). */
export function upperQuantile(tail: number): number {
  let low = 0;
  let high = 8;
  for (let i = 0; i < 80; i++) {
    const middle = (low + high) / 2;
    if (upperTail(middle) > tail) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** The chance a Brownian motion with drift `mu` reaches `bound` by t = 1. */
export function reachChance(mu: number, bound: number): number {
  return upperTail(bound - mu) + Math.exp(2 * mu * bound) * upperTail(bound + mu);
}

/** The drift μ that reaches `bound` by t = 1 with the chance `chance`. */
function driftFor(bound: number, chance: number): number {
  let low = 0;
  let high = 10;
  for (let i = 0; i < 60; i++) {
    const mu = (low + high) / 2;
    if (reachChance(mu, bound) < chance) low = mu;
    else high = mu;
  }
  return (low + high) / 2;
}

/** Siegmund's correction: looks every Δ of information reach a bound as a continuous watch reaches b + 0.583·√Δ. */
const DISCRETE_LOOKS = 0.5826;

/**
 * The design for `comparisons` variants against the control: the bound b, and the information
 * planned for 80% power at the smallest lift. With `perDay` (the information one day adds), the
 * power is planned for daily looks (Siegmund 1985, §3.3: a watch every Δ reaches a bound as a
 * continuous one reaches b + 0.583·√Δ), which plans a few more days than a continuous watch.
 */
export function design(comparisons: number, smallestLift = DEFAULT_SMALLEST_LIFT, perDay?: number) {
  const alpha = FALSE_WINNER_RATE / Math.max(1, comparisons);
  const bound = upperQuantile(alpha / 2);
  const scale = Math.log(1 + smallestLift);
  // A futility stop ends at most α of the tests with the smallest lift: reaching b with the chance
  // POWER + α leaves at least POWER to the winners.
  const chance = POWER + alpha;
  let information = (driftFor(bound, chance) / scale) ** 2;
  if (perDay !== undefined && perDay > 0)
    for (let i = 0; i < 4; i++)
      information = (driftFor(bound + DISCRETE_LOOKS * Math.sqrt(perDay / information), chance) / scale) ** 2;
  return { bound, information };
}

/** The log rate ratio of `variant` over `control` and its variance (half a conversion added to an empty count). */
function logRatio(control: Arm, variant: Arm) {
  const part = ({ visitors, conversions }: Arm) => {
    const x = conversions === 0 || conversions === visitors ? conversions + 0.5 : conversions;
    const n = conversions === 0 || conversions === visitors ? visitors + 1 : visitors;
    return { rate: x / n, variance: (1 - x / n) / x };
  };
  const c = part(control);
  const v = part(variant);
  return { estimate: Math.log(v.rate / c.rate), variance: c.variance + v.variance };
}

/** One variant against the control, read on day `days` of the test. */
export function compare(
  control: Arm,
  variant: Arm,
  settings: { comparisons: number; smallestLift: number },
  days: number,
): Comparison {
  const { estimate, variance } = logRatio(control, variant);
  const counted = control.conversions + variant.conversions > 0;
  const information = counted ? 1 / variance : 0;
  const plan = {
    ...design(settings.comparisons, settings.smallestLift, information / days),
    smallestLift: settings.smallestLift,
  };
  const progress = information / plan.information;
  const t = Math.min(1, progress);
  const half = t > 0 ? (plan.bound * Math.sqrt(variance)) / Math.sqrt(t) : Infinity;
  const low = Math.exp(estimate - half) - 1;
  const high = Math.exp(estimate + half) - 1;
  const daysLeft =
    information > 0
      ? Math.max(0, Math.ceil(((plan.information - information) * days) / information))
      : undefined;
  let outcome: Comparison['outcome'] = 'keep-going';
  if (counted && low > 0) outcome = 'winner';
  else if (counted && (progress >= 1 || high < plan.smallestLift)) outcome = 'no-difference';
  return { id: variant.id, lift: Math.exp(estimate) - 1, low, high, progress, outcome, daysLeft };
}

/** The chance of a chi-square of `df` degrees (1 to 7) at least `x`: closed forms by parity. */
export function chiSquareTail(x: number, df: number): number {
  if (x <= 0) return 1;
  if (df % 2 === 0) {
    let term = 1;
    let sum = 1;
    for (let k = 1; k < df / 2; k++) sum += term *= x / 2 / k;
    return Math.exp(-x / 2) * sum;
  }
  let term = Math.sqrt((2 * x) / Math.PI) * Math.exp(-x / 2);
  let sum = 0;
  for (let k = 1; k <= (df - 1) / 2; k++) {
    sum += term;
    term *= x / (2 * k + 1);
  }
  return 2 * upperTail(Math.sqrt(x)) + sum;
}

/** The chance of a split at least this far from the set weights (Pearson's chi-square), with each share. */
export function splitCheck(arms: readonly Arm[]) {
  const total = arms.reduce((sum, arm) => sum + arm.visitors, 0);
  const weights = arms.reduce((sum, arm) => sum + arm.weight, 0);
  let statistic = 0;
  const shares = arms.map((arm) => {
    const expected = (total * arm.weight) / weights;
    statistic += expected > 0 ? (arm.visitors - expected) ** 2 / expected : 0;
    return { id: arm.id, expected: arm.weight / weights, counted: total > 0 ? arm.visitors / total : 0 };
  });
  return { p: chiSquareTail(statistic, arms.length - 1), shares };
}

/** What the counts cannot be weighed with, if anything: a double count, a variant unseen, an uneven split. */
export function healthProblem(arms: readonly Arm[]): Problem | undefined {
  const doubled = arms.find((arm) => arm.conversions > arm.visitors);
  if (doubled)
    return {
      kind: 'double-count',
      arm: doubled.id,
      visitors: doubled.visitors,
      conversions: doubled.conversions,
    };
  if (arms.every((arm) => arm.visitors === 0)) return undefined;
  const unseen = arms.find((arm) => arm.visitors === 0);
  if (unseen) return { kind: 'no-visitors', arm: unseen.id };
  const { p, shares } = splitCheck(arms);
  return p < SPLIT_ALARM ? { kind: 'uneven-split', p, shares } : undefined;
}

/** The verdict of a test on this day: a winner, no difference that matters, keep going, or withheld. */
export function testVerdict(test: CountedTest): TestVerdict {
  const problem = healthProblem(test.arms);
  if (problem) return { outcome: 'withheld', problem };
  const [control, ...variants] = test.arms;
  const smallestLift = test.smallestLift ?? DEFAULT_SMALLEST_LIFT;
  const settings = { comparisons: variants.length, smallestLift };
  const comparisons = variants.map((variant) => compare(control!, variant, settings, Math.max(test.days, 1)));
  const undecided = comparisons.filter((comparison) => comparison.outcome === 'keep-going');
  const early = test.days < FIRST_VERDICT_DAY;
  if (!early) {
    const winners = comparisons.filter((comparison) => comparison.outcome === 'winner');
    const best = winners.sort((a, b) => b.lift - a.lift)[0];
    if (best) return { outcome: 'winner', winner: best.id, comparisons };
    if (undecided.length === 0) return { outcome: 'no-difference', comparisons };
  }
  const open = early ? comparisons : undecided;
  const known = open.map((comparison) => comparison.daysLeft);
  const daysLeft = known.includes(undefined) ? undefined : Math.max(0, ...(known as number[]));
  const toFirst = Math.ceil(FIRST_VERDICT_DAY - test.days);
  return {
    outcome: 'keep-going',
    daysLeft: early
      ? Math.max(toFirst, daysLeft ?? toFirst)
      : daysLeft === undefined
        ? undefined
        : Math.max(1, daysLeft),
    early,
    comparisons,
  };
}
