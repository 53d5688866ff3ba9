/** Words of the boxed-product page (/). Figures come from config/offer.ts. */
import { assessment, capital, cashflowTargets, kit, program, usd } from '../config/offer.ts';
import { site } from '../config/site.ts';
import { defineContent, linkSchema, text, z } from './schema.ts';

export const kitHero = defineContent(
  'src/content/kit.ts',
  z.object({
    eyebrow: text,
    headline: text,
    lede: text,
    cta: text,
    priceNote: text,
    bonusTitle: text,
    bonusText: text,
  }),
  {
    eyebrow: site.product,
    headline: 'If your business had a bad month tomorrow, would you know what to do?',
    lede: `A boxed exit plan for owners of $100k+ businesses: find the risks in under ${kit.analysisMinutes} minutes, then fix them in 90-day sprints.`,
    cta: `Get the kit for $${kit.price}`,
    priceNote: `$${kit.price} one-time · ships within ${kit.shipsWithinHours} hours · ${kit.guaranteeDays}-day peace-of-mind guarantee`,
    bonusTitle: 'Bonus kit included',
    bonusText: `Lifetime community access (about $${kit.communityValue}) and the lifeline subscription ($${kit.lifelineYearly}/yr), in the box.`,
  },
);

const FILE = 'src/content/kit.ts';
const card = z.object({ title: text, description: text });
const step = z.object({ id: text, title: text, body: z.array(text).min(1) });
const pct = (n: number) => `${n}%`;
const t = cashflowTargets;
const a = assessment;

export const kitIntro = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, paragraphs: z.array(text).min(2) }),
  {
    eyebrow: 'The kit',
    title: 'Everything you need to see the risk, and fix it, in one box',
    paragraphs: [
      `Most owners find out what their business is worth on the worst day to ask: a lost client, a sick key person, a buyer’s lowball offer. The kit turns that surprise into a plan. The risk assessment takes under ${kit.analysisMinutes} minutes and scores what drives your profit and your value.`,
      `Then the box walks you through fixing the weakest drivers in ${a.sprintDays}-day sprints, with the templates, books and community to do it.`,
    ],
  },
);

export const buyBar = defineContent(FILE, z.object({ label: text, price: text }), {
  label: 'Buy now',
  price: `${usd(kit.price)} one-time`,
});

export const box = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    items: z.array(card).length(5),
    illustrationAlt: text,
  }),
  {
    eyebrow: 'In the box',
    title: 'A physical kit, shipped within 24 hours',
    intro: 'Open it on a Monday morning; by Friday you know your risks and your first sprint.',
    items: [
      {
        title: 'Risk assessment',
        description: `Score the ${a.driversPerEngine} drivers of your ${a.engines[0]} and the ${a.driversPerEngine} of your ${a.engines[1]}, each from ${a.scoreMin} to ${a.scoreMax}.`,
      },
      {
        title: 'Personal exit plan',
        description: `Your Risk Map turned into a ${a.sprintDays}-day sprint plan, re-valued ${a.revaluation}.`,
      },
      {
        title: 'Books and templates',
        description: 'The cash map, the monthly review, the sprint board and the owner-absent checklist.',
      },
      {
        title: 'Extras',
        description: 'Desk tools for the monthly review: score cards, a sprint planner and a pen that works.',
      },
      {
        title: 'Community access',
        description: `Lifetime access to the ${site.brand} community, where owners work the same plan.`,
      },
    ],
    illustrationAlt: `${site.product}: an open box holding the risk assessment, the exit plan, books, templates and a community card`,
  },
);

export const platformVideo = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, description: text, note: text }),
  {
    eyebrow: 'The platform',
    title: 'Your plan, tracked on the platform',
    description: `The kit includes ${kit.platformTrialDays} days of the software platform (about ${usd(kit.platformTrialValue)} of value): your scores, your Risk Map and your sprints in one place.`,
    note: `After ${kit.platformTrialDays} days it renews at ${usd(kit.platformMonthlyAfterTrial)}/mo unless you cancel.`,
  },
);

export const cashFlowMachine = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, intro: text, steps: z.array(step).length(7) }),
  {
    eyebrow: 'The cash flow machine',
    title: 'Six steps to a business that pays you first',
    intro:
      'The targets owners of sellable businesses hit. Work through them in order; each step builds on the last.',
    steps: [
      {
        id: 'step-1',
        title: 'Step 1: Set your profit target',
        body: [
          `Net profit of at least ${pct(t.netProfitMinPercent)} of revenue. Below that, one bad month eats the year.`,
        ],
      },
      {
        id: 'step-2',
        title: 'Step 2: Cap delivery costs',
        body: [
          `Delivery costs at most ${pct(t.deliveryCostsMaxPercent)} of revenue: what it costs to do the work you sell.`,
        ],
      },
      {
        id: 'step-3',
        title: 'Step 3: Cap sales, marketing and overhead',
        body: [
          `Sales and marketing at most ${pct(t.salesMarketingMaxPercent)}; overhead at most ${pct(t.overheadMaxPercent)}.`,
          `Raise prices before you cut: a ${pct(t.priceRisePercent)} price rise gives a ${pct(t.profitIncreasePercent)} profit increase for most service businesses.`,
        ],
      },
      {
        id: 'step-4',
        title: 'Step 4: Build the cash cushion',
        body: [
          `Under ${t.cashReserveMonths} months of expenses in cash means you are exposed. Map the next ${a.cashMapDays} days of cash by week so a gap shows up weeks before it arrives.`,
        ],
      },
      {
        id: 'step-5',
        title: 'Step 5: Make the business run without you',
        body: [
          `The test: operations run ${t.ownerAbsentDays} days with the owner absent. Write down what only you know, then hand it over.`,
        ],
      },
      {
        id: 'step-6',
        title: 'Step 6: Review every month',
        body: [
          `A ${t.monthlyReviewMinutes}-minute review by the ${t.monthlyReviewByDay}th of each month: numbers, risks, next sprint. Run ${a.profitSprintDays}-day profit sprints on whatever slipped.`,
        ],
      },
      {
        id: 'checklist',
        title: 'Quick-start checklist',
        body: [
          `Net profit ≥ ${pct(t.netProfitMinPercent)} · delivery ≤ ${pct(t.deliveryCostsMaxPercent)} · sales and marketing ≤ ${pct(t.salesMarketingMaxPercent)} · overhead ≤ ${pct(t.overheadMaxPercent)}`,
          `${t.cashReserveMonths}+ months of expenses in cash · ${t.ownerAbsentDays} days owner-absent · monthly review by the ${t.monthlyReviewByDay}th`,
        ],
      },
    ],
  },
);

export const riskDashboard = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    items: z.array(step).length(4),
    scores: z.array(z.object({ label: text, meaning: text })).length(3),
  }),
  {
    eyebrow: 'The risk dashboard',
    title: 'Two engines, ten drivers, one map of your risk',
    intro: `Score each driver from ${a.scoreMin} to ${a.scoreMax}. The lowest scores are where your value leaks.`,
    items: [
      {
        id: 'why',
        title: 'Why it works',
        body: [
          `Buyers and lenders look at two things: how reliably you make profit, and how much of that profit survives without you. The dashboard scores both, so you fix what moves the price.`,
        ],
      },
      {
        id: 'what',
        title: 'What it is',
        body: [
          `The ${a.engines[0]} and the ${a.engines[1]}, ${a.driversPerEngine} drivers each, scored ${a.scoreMin}-${a.scoreMax}. Your scores draw a Risk Map: which drivers are strong, which are exposed.`,
        ],
      },
      {
        id: 'how',
        title: 'How we do it',
        body: [
          `The Risk Map becomes a ${a.sprintDays}-day sprint exit plan: the three weakest drivers first, with ${a.profitSprintDays}-day profit sprints inside each sprint and a ${a.cashMapDays}-day cash map by week.`,
          `Your valuation is re-run ${a.revaluation}, so you see the plan paying off.`,
        ],
      },
      {
        id: 'payoff',
        title: 'The payoff',
        body: [
          `One overall score you can read at a glance: ${a.overallScores.join(', ').replace(/, ([^,]*)$/, ' or $1')}. Move it toward green, and your business is worth more and needs you less.`,
        ],
      },
    ],
    scores: [
      { label: 'Green', meaning: 'Sellable: strong drivers, low dependence on you' },
      { label: 'Yellow', meaning: 'Exposed: a few drivers to fix this quarter' },
      { label: 'Red', meaning: 'At risk: start the first sprint now' },
    ],
  },
);

export const communityPitch = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    description: text,
    points: z.array(text).min(3),
    button: text,
    /** A text link to the community page, beside the plain button. */
    link: linkSchema,
  }),
  {
    eyebrow: 'The community',
    title: `You are not doing this alone: lifetime access to ${site.brand}`,
    description: `Every kit includes lifetime community access (about ${usd(kit.communityValue)}): owners of $100k+ businesses working the same plan, and a peer advisory board to keep you honest.`,
    points: [
      `Peer advisory boards of ${program.boardSizeMin}-${program.boardSizeMax} founders`,
      'A virtual co-working desk',
      `The ${program.exitStudioDays}-day Exit Studio Program`,
    ],
    button: 'Yes, help me',
    link: { label: 'See the community', href: '/community' },
  },
);

export const whatsInside = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, cards: z.array(card).length(6) }),
  {
    eyebrow: 'What’s inside',
    title: 'Six tools, one plan',
    cards: [
      {
        title: 'The risk assessment',
        description: `${a.driversPerEngine * 2} drivers, scored in under ${kit.analysisMinutes} minutes.`,
      },
      { title: 'The Risk Map', description: 'Your scores drawn as a map: strong, exposed, at risk.' },
      { title: 'The exit plan', description: `${a.sprintDays}-day sprints, weakest drivers first.` },
      { title: 'The cash map', description: `The next ${a.cashMapDays} days of cash, week by week.` },
      {
        title: 'The monthly review',
        description: `${t.monthlyReviewMinutes} minutes by the ${t.monthlyReviewByDay}th, with a script.`,
      },
      {
        title: 'The owner-absent playbook',
        description: `Get to ${t.ownerAbsentDays} days away without a phone call.`,
      },
    ],
  },
);

export const whyThisWorks = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, cards: z.array(card).length(3) }),
  {
    eyebrow: 'Why this works',
    title: 'Built on what buyers actually pay for',
    cards: [
      {
        title: 'It measures what moves value',
        description: `Each $1 of profit adds $${t.valuationPerDollarMin}-${t.valuationPerDollarMax} of value. The drivers are the ones that change that multiple.`,
      },
      {
        title: 'It is short enough to finish',
        description: `A ${kit.analysisMinutes}-minute assessment and ${a.sprintDays}-day sprints, not a 200-page binder.`,
      },
      {
        title: 'It keeps score',
        description: `Quarterly re-valuation shows whether the plan is working, in dollars.`,
      },
    ],
  },
);

export const bundles = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    items: z.array(z.object({ title: text, value: text })).length(8),
    total: text,
  }),
  {
    eyebrow: 'The bundle',
    title: 'Everything that comes with the kit',
    items: [
      { title: 'The risk assessment (Profit Engine and Value Engine)', value: 'Included' },
      { title: 'Your personal exit plan', value: 'Included' },
      { title: 'Books and templates', value: 'Included' },
      { title: 'Extras for the monthly review', value: 'Included' },
      { title: 'Lifetime community access', value: `About ${usd(kit.communityValue)}` },
      { title: 'The lifeline subscription', value: `${usd(kit.lifelineYearly)}/yr` },
      {
        title: `${kit.platformTrialDays}-day platform access`,
        value: `About ${usd(kit.platformTrialValue)}, then ${usd(kit.platformMonthlyAfterTrial)}/mo unless cancelled`,
      },
      { title: `${kit.guaranteeDays}-day peace-of-mind guarantee`, value: 'Included' },
    ],
    total: `All of it for ${usd(kit.price)}, one time`,
  },
);

export const movement = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, intro: text, cards: z.array(card).length(4) }),
  {
    eyebrow: 'The movement',
    title: 'Owners building equity, not hype',
    intro: 'The kit is the front door to an ecosystem of owners who grow on profit, not on pitch decks.',
    cards: [
      { title: 'The community', description: 'Owners of $100k+ businesses, invite-only.' },
      {
        title: 'Peer advisory boards',
        description: `${program.boardSizeMin}-${program.boardSizeMax} founders at your stage, every month.`,
      },
      { title: 'The platform', description: 'Scores, sprints and the cash map in one place.' },
      {
        title: 'Performance-based capital',
        description: `Up to ${capital.maxAmountLabel} at ${capital.interestRatePercent}%, unlocked by your milestones.`,
      },
    ],
  },
);

export const roi = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    againstLabel: text,
    cardTitle: text,
    cardPoints: z.array(text).length(3),
    cta: text,
    renewal: text,
  }),
  {
    eyebrow: 'The return',
    title: 'What a bad surprise costs, next to what the kit costs',
    intro: 'One unplanned crisis costs more than a decade of kits.',
    againstLabel: 'The Oh Sh*t Kit',
    cardTitle: `${usd(kit.price)}`,
    cardPoints: [
      `${kit.guaranteeDays}-day peace-of-mind guarantee`,
      `Ships within ${kit.shipsWithinHours} hours`,
      `Complete analysis in under ${kit.analysisMinutes} minutes`,
    ],
    cta: 'Buy now',
    renewal: `Includes ${kit.platformTrialDays}-day platform access; it renews at ${usd(kit.platformMonthlyAfterTrial)}/mo after ${kit.platformTrialDays} days unless cancelled.`,
  },
);

export const finalCta = defineContent(
  FILE,
  z.object({ title: text, description: text, cta: text, note: text }),
  {
    title: 'Know your risks by Friday.',
    description: `The assessment takes under ${kit.analysisMinutes} minutes; most owners finish the whole analysis within ${kit.analysisMinutesLong}. The box ships within ${kit.shipsWithinHours} hours.`,
    cta: `Get the kit for ${usd(kit.price)}`,
    note: `${usd(kit.price)} one-time · ${kit.guaranteeDays}-day peace-of-mind guarantee`,
  },
);
