/** The community page's pricing, FAQ and closing call to action. Every figure comes from config/offer.ts. */
import {
  capital,
  monthlySaving,
  paidQuarterlyPrice,
  plans,
  program,
  separateMonthlyTotal,
  serviceCosts,
  usd,
  yearlySaving,
} from '../config/offer.ts';
import { authUrl } from '../config/site.ts';
import { defineContent, faqItemSchema, href, text, z } from './schema.ts';

const FILE = 'src/content/community-join.ts';

export const planSchema = z.object({
  type: z.enum(['free', 'paid']),
  title: text,
  description: text,
  price: text,
  period: text,
  badge: text.optional(),
  features: z.array(text).min(3),
  ctaText: text,
  ctaLink: href,
  tagline: text,
  additionalText: text.optional(),
});
export type Plan = z.output<typeof planSchema>;

const shared = ['Exit Studio Program', 'Profitability Score tracking', 'A Peer Advisory Board'];

export const joinNow = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    tabs: z.object({ plans: text, compare: text }),
    plans: z.array(planSchema).length(2),
    compare: z.object({
      title: text,
      intro: text,
      serviceHeader: text,
      priceHeader: text,
      includedHeader: text,
      totalLabel: text,
      membershipLabel: text,
      monthlySavingLabel: text,
      yearlySavingLabel: text,
    }),
  }),
  {
    eyebrow: 'Join now',
    title: 'Two ways in. The same program.',
    intro: `Both memberships include the ${program.exitStudioDays}-day Exit Studio Program, Profitability Score tracking and a Peer Advisory Board.`,
    tabs: { plans: 'Membership Plans', compare: 'Compare Features' },
    plans: [
      {
        type: 'free',
        title: 'Free membership',
        description:
          'For active users of our sister platform. Log in at least once a week to keep your seat.',
        price: usd(plans.free.pricePerMonth),
        period: 'per month',
        badge: plans.free.badge,
        features: [...shared, 'Basic Equity Management System tools', 'Requires a weekly platform login'],
        ctaText: 'Yes, help me',
        ctaLink: authUrl,
        tagline: plans.free.tagline,
      },
      {
        type: 'paid',
        title: 'Paid membership',
        description: 'For independent founders who do not use the platform. No login requirement.',
        price: usd(plans.paid.pricePerMonth),
        period: 'per month',
        features: [...shared, 'All Equity Management System features', '1:1 advisory sessions'],
        ctaText: 'Yes, help me',
        ctaLink: authUrl,
        tagline: plans.paid.tagline,
        additionalText: `Billed quarterly (${usd(paidQuarterlyPrice)}). ${plans.paid.commitment}`,
      },
    ],
    compare: {
      title: `What the same tools cost you separately`,
      intro: `The virtual office replaces tools most owners pay for one by one.`,
      serviceHeader: 'Service',
      priceHeader: 'Monthly price',
      includedHeader: 'Included in membership',
      totalLabel: 'Bought separately',
      membershipLabel: 'Paid membership',
      monthlySavingLabel: 'You save each month',
      yearlySavingLabel: 'You save each year',
    },
  },
);

/** The comparison rows and sums, computed from config/offer.ts. */
export const comparison = {
  rows: serviceCosts.map((row) => ({ ...row, price: usd(row.monthlyPrice) })),
  total: usd(separateMonthlyTotal),
  membership: usd(plans.paid.pricePerMonth),
  monthlySaving: usd(monthlySaving),
  yearlySaving: usd(yearlySaving),
};

export const faq = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, items: z.array(faqItemSchema).min(6) }),
  {
    eyebrow: 'Questions',
    title: 'What owners ask before they join',
    items: [
      {
        question: 'What is the difference between the free and the paid membership?',
        answer: `Both include the Exit Studio Program, Profitability Score tracking and a Peer Advisory Board. The free membership is for active users of our sister platform and includes the basic EMS tools. The paid membership (${usd(plans.paid.pricePerMonth)} a month, billed quarterly at ${usd(paidQuarterlyPrice)}) is for independent founders and adds every EMS feature and 1:1 advisory sessions.`,
      },
      {
        question: 'Why does the free membership need a weekly login?',
        answer:
          'The free seat is part of the platform you already use. Logging in once a week keeps you active; if you stop, you can switch to the paid membership, which has no login requirement.',
      },
      {
        question: 'How does the capital work?',
        answer: `When you hit the milestones in your plan, you can draw up to ${capital.maxAmountLabel} at 0%, or up to ${capital.revenueMultiple}x your monthly revenue. Repayment is performance-based: it follows your results instead of a fixed schedule.`,
      },
      {
        question: 'Who is on my Peer Advisory Board?',
        answer: `${program.boardSizeMin} to ${program.boardSizeMax} founders at the same stage as you, matched after the Exit Studio Program. The board meets ${program.boardCadence}.`,
      },
      {
        question: 'Can I cancel?',
        answer: `Yes. ${plans.paid.commitment} The free membership has no payment to cancel.`,
      },
      {
        question: 'Is there a guarantee?',
        answer: `The paid membership has a 30-day money-back guarantee. If it is not for you, ask within 30 days and we refund you.`,
      },
      {
        question: 'Is my business a fit?',
        answer:
          'If you run a cash-flowing B2B service, home-based service or SaaS business earning at least $100k a year, yes. If you are pre-revenue or raising venture capital, not yet.',
      },
    ],
  },
);

export const finalCta = defineContent(
  FILE,
  z.object({ title: text, description: text, cta: text, note: text }),
  {
    title: 'Your business should pay you, and one day pay you out.',
    description: `Start with the ${program.exitStudioDays}-day Exit Studio Program. Know your Profit Score in your first week.`,
    cta: 'Yes, help me',
    note: `${plans.free.tagline} on the free membership · ${plans.paid.tagline} on the paid one`,
  },
);
