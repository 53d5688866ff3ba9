/** The schema of src/content/offer.yaml: every price and business figure. */
import {
  checkbox,
  count,
  list,
  money,
  number,
  object,
  optionalCount,
  optionalText,
  percent,
  select,
  text,
} from '../fields.ts';
import { sampleFlag } from './shared.ts';

export const offerSchema = object(
  { label: 'Prices and figures' },
  {
    kit: object(
      { label: 'The Oh Sh*t Kit' },
      {
        price: money({ label: 'Price (one-time, USD)' }),
        lifelineYearly: money({ label: 'Lifeline subscription, per year' }),
        communityValue: money({ label: 'Value of lifetime community access' }),
        platformTrialDays: count({ label: 'Platform access included (days)' }),
        platformTrialValue: money({ label: 'Value of the included platform access' }),
        platformMonthlyAfterTrial: money({ label: 'Platform price per month after the included days' }),
        guaranteeDays: count({ label: 'Guarantee (days)' }),
        shipsWithinHours: count({ label: 'Ships within (hours)' }),
        analysisMinutes: count({ label: 'Analysis takes under (minutes)' }),
        analysisMinutesLong: count({ label: 'Whole analysis within (minutes)' }),
      },
    ),
    shipping: object(
      {
        label: 'Shipping and returns (for search engines)',
        description:
          'Shown to search engines with the kit. Leave a field empty to leave that term out; untick Sample once these are your real terms.',
      },
      {
        country: optionalText({ label: 'Ships to (two-letter country code, e.g. US)' }),
        rate: optionalCount({ label: 'Shipping rate in USD (0 for free shipping)' }),
        handlingDaysMax: optionalCount({ label: 'Handling time, at most (days)' }),
        transitDaysMin: optionalCount({ label: 'Transit time, at least (days)' }),
        transitDaysMax: optionalCount({ label: 'Transit time, at most (days)' }),
        returnMethod: select({ label: 'Returns', options: ['not stated', 'by mail', 'in store'] }),
        returnFees: select({ label: 'Return fees', options: ['not stated', 'free', 'paid by the customer'] }),
        sample: sampleFlag,
      },
    ),
    riskCosts: list(
      object(
        { label: 'Cost' },
        { label: text({ label: 'What it is' }), amount: money({ label: 'Amount (USD, shown with a +)' }) },
      ),
      { label: 'What a crisis costs (ROI section)', itemLabel: 'label', min: 1 },
    ),
    plans: object(
      { label: 'Community memberships' },
      {
        free: object(
          { label: 'Free membership' },
          {
            pricePerMonth: money({ label: 'Price per month' }),
            badge: text({ label: 'Badge' }),
            tagline: text({ label: 'Tagline' }),
          },
        ),
        paid: object(
          { label: 'Paid membership' },
          {
            pricePerMonth: money({ label: 'Price per month' }),
            billingMonths: count({ label: 'Billed every (months)', min: 1 }),
            tagline: text({ label: 'Tagline' }),
            commitment: text({ label: 'Commitment' }),
          },
        ),
      },
    ),
    serviceCosts: list(
      object(
        { label: 'Service' },
        {
          service: text({ label: 'Service' }),
          monthlyPrice: money({ label: 'Monthly price' }),
          includedInMembership: checkbox({ label: 'Included in membership' }),
        },
      ),
      { label: 'What the tools cost bought separately', itemLabel: 'service', min: 1 },
    ),
    capital: object(
      { label: 'Capital' },
      {
        maxAmount: money({ label: 'Up to (USD)' }),
        maxAmountLabel: text({ label: 'Up to, as written in copy (e.g. $30K)' }),
        interestRatePercent: percent({ label: 'Interest rate' }),
        revenueMultiple: count({ label: 'Or up to this many times monthly revenue' }),
      },
    ),
    program: object(
      { label: 'Program' },
      {
        exitStudioDays: count({ label: 'Exit Studio Program (days)' }),
        boardSizeMin: count({ label: 'Advisory board, fewest founders' }),
        boardSizeMax: count({ label: 'Advisory board, most founders' }),
        boardCadence: text({ label: 'Advisory boards meet' }),
      },
    ),
    audience: object(
      { label: 'Audience' },
      {
        minAnnualRevenue: money({ label: 'Minimum yearly revenue (USD)' }),
        minAnnualRevenueLabel: text({ label: 'Minimum yearly revenue, as written in copy (e.g. $100k)' }),
        memberRevenueLabel: text({ label: 'Average member revenue, as written in copy' }),
        newsletterReaders: text({ label: 'Newsletter readers, as written in copy' }),
      },
    ),
    assessment: object(
      { label: 'Risk assessment' },
      {
        driversPerEngine: count({ label: 'Drivers per engine' }),
        scoreMin: count({ label: 'Lowest score' }),
        scoreMax: count({ label: 'Highest score' }),
        profitEngine: text({ label: 'First engine' }),
        valueEngine: text({ label: 'Second engine' }),
        sprintDays: count({ label: 'Sprint (days)' }),
        profitSprintDays: count({ label: 'Profit sprint (days)' }),
        revaluation: text({ label: 'Valuation re-run' }),
        cashMapDays: count({ label: 'Cash map (days)' }),
      },
    ),
    cashflowTargets: object(
      { label: 'Cash-flow targets' },
      {
        netProfitMinPercent: percent({ label: 'Net profit, at least' }),
        deliveryCostsMaxPercent: percent({ label: 'Delivery costs, at most' }),
        salesMarketingMaxPercent: percent({ label: 'Sales and marketing, at most' }),
        overheadMaxPercent: percent({ label: 'Overhead, at most' }),
        ownerAbsentDays: count({ label: 'Owner-absent operations (days)' }),
        cashReserveMonths: count({ label: 'Cash on hand, fewer months means exposed' }),
        monthlyReviewByDay: count({ label: 'Monthly review by day of month', min: 1, max: 31 }),
        monthlyReviewMinutes: count({ label: 'Monthly review (minutes)' }),
        priceRisePercent: percent({ label: 'A price rise of' }),
        profitIncreasePercent: number({ label: 'gives a profit increase of (%)', format: 'percent' }),
        valuationPerDollarMin: money({ label: 'Each $1 of profit adds at least' }),
        valuationPerDollarMax: count({ label: 'and at most (USD)' }),
      },
    ),
  },
);
