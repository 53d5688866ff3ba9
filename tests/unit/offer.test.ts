import { describe, expect, it } from 'vitest';
import {
  kit,
  monthlySaving,
  paidQuarterlyPrice,
  plans,
  separateMonthlyTotal,
  serviceCosts,
  usd,
  yearlySaving,
} from '../../src/config/offer.ts';

describe('offer figures (SPEC §9)', () => {
  it('has the six separate-purchase rows at their monthly prices', () => {
    expect(serviceCosts.map((r) => [r.service, r.monthlyPrice])).toEqual([
      ['Co-working space', 300],
      ['Video calls', 15],
      ['Calendar booking', 12],
      ['Peer networking groups', 50],
      ['AI note taker', 20],
      ['Whiteboard', 15],
    ]);
  });

  it('computes the total, the monthly and the yearly saving from the rows', () => {
    expect(separateMonthlyTotal).toBe(412);
    expect(monthlySaving).toBe(312);
    expect(yearlySaving).toBe(3744);
    expect(usd(yearlySaving)).toBe('$3,744');
  });

  it('bills the paid plan quarterly at $300 and the free plan at $0', () => {
    expect(plans.paid.pricePerMonth).toBe(100);
    expect(paidQuarterlyPrice).toBe(300);
    expect(plans.free.pricePerMonth).toBe(0);
  });

  it('prices the kit at $497 one-time, "497.00" for structured data', () => {
    expect(kit.price).toBe(497);
    expect(kit.priceText).toBe(kit.price.toFixed(2));
  });
});
