/**
 * Prices and business constants (SPEC §9): each figure is written once, here.
 * Totals and savings are computed from the rows, never typed in.
 */

/** Formats whole dollars the way the copy shows them: $3,744. */
export function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

// ── Community membership ────────────────────────────────────────────────
export const plans = {
  free: {
    pricePerMonth: 0,
    badge: 'Popular',
    tagline: 'No credit card required',
  },
  paid: {
    pricePerMonth: 100,
    billingMonths: 3,
    tagline: '30-day money-back guarantee',
    commitment: 'No platform commitments. Cancel anytime.',
  },
} as const;

/** The paid plan's quarterly bill: $300. */
export const paidQuarterlyPrice = plans.paid.pricePerMonth * plans.paid.billingMonths;

export const capital = {
  maxAmount: 30_000,
  maxAmountLabel: '$30K',
  interestRatePercent: 0,
  revenueMultiple: 2,
  repayment: 'performance-based',
} as const;

export const program = {
  exitStudioDays: 30,
  boardSizeMin: 4,
  boardSizeMax: 6,
  boardCadence: 'monthly',
} as const;

export const audience = {
  minAnnualRevenue: 100_000,
  memberRevenueMin: 250_000,
  memberRevenueMax: 2_000_000,
  memberRevenueLabel: '$250k-$2M',
  newsletterReaders: '50,000+',
} as const;

export interface ServiceCostRow {
  service: string;
  monthlyPrice: number;
  /** Whether a Build Equity membership includes it. */
  includedInMembership: boolean;
}

/** What a founder would pay each month to buy the virtual office's tools separately. */
export const serviceCosts: readonly ServiceCostRow[] = [
  { service: 'Co-working space', monthlyPrice: 300, includedInMembership: true },
  { service: 'Video calls', monthlyPrice: 15, includedInMembership: true },
  { service: 'Calendar booking', monthlyPrice: 12, includedInMembership: true },
  { service: 'Peer networking groups', monthlyPrice: 50, includedInMembership: true },
  { service: 'AI note taker', monthlyPrice: 20, includedInMembership: true },
  { service: 'Whiteboard', monthlyPrice: 15, includedInMembership: true },
];

/** $412: the separate-purchase total. */
export const separateMonthlyTotal = serviceCosts.reduce((sum, row) => sum + row.monthlyPrice, 0);
/** $312 a month: the total less the paid membership. */
export const monthlySaving = separateMonthlyTotal - plans.paid.pricePerMonth;
/** $3,744 a year. */
export const yearlySaving = monthlySaving * 12;

// ── The boxed product ───────────────────────────────────────────────────
export const kit = {
  price: 497,
  currency: 'USD',
  /** Schema.org price text: "497.00". */
  priceText: '497.00',
  lifelineYearly: 997,
  communityValue: 588,
  platformTrialDays: 30,
  platformTrialValue: 100,
  platformMonthlyAfterTrial: 100,
  guaranteeDays: 30,
  shipsWithinHours: 24,
  analysisMinutes: 10,
  analysisMinutesLong: 15,
} as const;

/** What the ROI section sets the kit's price against. */
export const riskCosts = [
  { label: 'Lost revenue', amount: 50_000, text: '$50,000+' },
  { label: 'Emergency consultants', amount: 25_000, text: '$25,000+' },
] as const;

export const assessment = {
  driversPerEngine: 5,
  scoreMin: 1,
  scoreMax: 5,
  engines: ['Profit Engine', 'Value Engine'],
  sprintDays: 90,
  profitSprintDays: 5,
  revaluation: 'quarterly',
  cashMapDays: 90,
  overallScores: ['Green', 'Yellow', 'Red'],
} as const;

export const cashflowTargets = {
  netProfitMinPercent: 30,
  deliveryCostsMaxPercent: 40,
  salesMarketingMaxPercent: 15,
  overheadMaxPercent: 15,
  ownerAbsentDays: 30,
  cashReserveMonths: 2,
  monthlyReviewByDay: 10,
  monthlyReviewMinutes: 90,
  priceRisePercent: 10,
  profitIncreasePercent: 25,
  valuationPerDollarMin: 3,
  valuationPerDollarMax: 5,
} as const;
