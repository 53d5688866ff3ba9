/**
 * The statistics of a split test's report: each variant's conversion rate with its 95% interval
 * (Wilson's score interval, sound for small counts and rates near 0), the chance that one variant
 * converts better than another (each rate's posterior a Beta distribution from a flat prior, the
 * chance computed exactly), and how many visitors per variant a difference needs before it can be
 * told from chance (two proportions, 5% significance, 80% power).
 */

import type { Rate, Verdict } from './wire.ts';

/** z for a two-sided 95% interval, and for 80% power. */
const Z_95 = 1.959963984540054;
const Z_POWER_80 = 0.8416212335729143;

/** Wilson's 95% score interval for conversions out of visitors, as [low, high] shares. */
export function wilsonInterval({ visitors: n, conversions: x }: Rate, z = Z_95): [number, number] {
  if (n === 0) return [0, 1];
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** ln Γ(x), Lanczos' approximation (g = 7, nine terms): about 15 significant digits. */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i++) sum += c[i]! / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/**
 * The chance that B's true rate is above A's, each rate's belief Beta(1 + conversions, 1 + the
 * rest): the exact sum over B's successes (one term per conversion of B).
 */
export function chanceBetter(a: Rate, b: Rate): number {
  const alphaA = 1 + a.conversions;
  const betaA = 1 + a.visitors - a.conversions;
  const alphaB = 1 + b.conversions;
  const betaB = 1 + b.visitors - b.conversions;
  let total = 0;
  for (let i = 0; i < alphaB; i++) {
    total += Math.exp(
      logBeta(alphaA + i, betaA + betaB) -
        Math.log(betaB + i) -
        logBeta(1 + i, betaB) -
        logBeta(alphaA, betaA),
    );
  }
  return Math.min(1, Math.max(0, total));
}

/**
 * Visitors each variant needs for rates `p1` and `p2` to differ at 5% significance (two-sided)
 * with 80% power, the normal approximation without continuity correction.
 */
export function visitorsNeeded(p1: number, p2: number): number {
  const difference = Math.abs(p1 - p2);
  if (difference === 0) return Infinity;
  const mean = (p1 + p2) / 2;
  const root =
    Z_95 * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER_80 * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((root * root) / (difference * difference));
}

/** A verdict is given once the chance reaches this either way. */
export const CONFIDENT = 0.95;
/** Below this many visitors a variant says too little, whatever the rates. */
export const FEWEST_VISITORS = 100;
/**
 * While two rates are level, the smallest difference worth finding: a tenth of the control's rate.
 * (Level rates give no difference to size the test by.)
 */
export const SMALLEST_LIFT = 0.1;

/** The plain verdict of `variant` against `control`. */
export function verdict(control: Rate & { id: string }, variant: Rate & { id: string }): Verdict {
  const chance = chanceBetter(control, variant);
  const enough = control.visitors >= FEWEST_VISITORS && variant.visitors >= FEWEST_VISITORS;
  if (enough && chance >= CONFIDENT)
    return { text: `${variant.id} converts better, ${percent(chance)} likely`, winner: variant.id, chance };
  if (enough && chance <= 1 - CONFIDENT)
    return {
      text: `${control.id} converts better, ${percent(1 - chance)} likely`,
      winner: control.id,
      chance,
    };
  const p1 = rate(control);
  const p2 = rate(variant);
  const needed =
    p1 === p2 ? visitorsNeeded(p1 || 0.01, (p1 || 0.01) * (1 + SMALLEST_LIFT)) : visitorsNeeded(p1, p2);
  const more = Math.max(
    needed - Math.min(control.visitors, variant.visitors),
    FEWEST_VISITORS - Math.min(control.visitors, variant.visitors),
    1,
  );
  return { text: `not enough visitors yet: about ${more.toLocaleString('en-US')} more per variant`, chance };
}

export const rate = ({ visitors, conversions }: Rate) => (visitors === 0 ? 0 : conversions / visitors);

/** A share as a whole percentage, never rounded to a certainty it has not reached. */
export function percent(share: number): string {
  const whole = Math.floor(share * 100);
  return `${Math.min(whole, 99)}%`;
}
