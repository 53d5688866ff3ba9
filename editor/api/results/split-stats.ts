/**
 * Each variant's conversion rate with its 95% interval (Wilson's score interval, sound for small
 * counts and rates near 0): what the figures' table shows. The verdict is sequential.ts's.
 */

import type { Rate } from './wire.ts';

/** z for a two-sided 95% interval. */
const Z_95 = 1.959963984540054;

/** Wilson's 95% score interval for conversions out of visitors, as [low, high] shares. */
export function wilsonInterval({ visitors: n, conversions: x }: Rate, z = Z_95): [number, number] {
  if (n === 0) return [0, 1];
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export const rate = ({ visitors, conversions }: Rate) => (visitors === 0 ? 0 : conversions / visitors);
