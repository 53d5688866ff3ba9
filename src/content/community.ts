/** Words of the community page (/community). Figures come from config/offer.ts. */
import { audience, capital, program } from '../config/offer.ts';
import { defineContent, text, z } from './schema.ts';

export const communityHero = defineContent(
  'src/content/community.ts',
  z.object({
    eyebrow: text,
    headline: text,
    lede: text,
    primaryCta: text,
    secondaryCta: text,
    benefitsTitle: text,
    benefits: z.array(z.object({ title: text, description: text })).length(4),
  }),
  {
    eyebrow: 'Invite-only · for owners of $100k+ businesses',
    headline: 'Build real profit, an exit plan and access to capital. Without investors.',
    lede: `A private community of bootstrapped owners: average member revenue ${audience.memberRevenueLabel}. No pitch decks, no fundraising drama, no hustle culture. Capital up to ${capital.maxAmountLabel} at 0% when you hit your milestones.`,
    primaryCta: 'Yes, help me',
    secondaryCta: 'Learn More',
    benefitsTitle: 'What you get',
    benefits: [
      { title: "Owner's community", description: 'Founders at your stage, vetted and invite-only.' },
      { title: 'Virtual co-working desk', description: 'A private office, drop-in knocks and shared rooms.' },
      {
        title: "Owner's operating system",
        description: 'The Equity Management System, installed in 30 days.',
      },
      { title: 'Performance tracking', description: 'Your Profitability Score, benchmarked every month.' },
    ],
  },
);

const FILE = 'src/content/community.ts';
const item = z.object({ title: text, description: text });

/** The mobile feature carousel (SPEC §1): six features, shown below lg. */
export const featureSlides = defineContent(
  FILE,
  z.array(z.object({ label: text, title: text, description: text })).length(6),
  [
    {
      label: 'Network',
      title: 'Connect with like-minded entrepreneurs',
      description: 'Owners who sign the payroll, not the term sheet.',
    },
    {
      label: 'Productivity',
      title: 'Virtual co-working desk access',
      description: 'A private office and a room full of peers, from anywhere.',
    },
    {
      label: 'Framework',
      title: "Owner's operating system framework",
      description: 'The Equity Management System, installed in 30 days.',
    },
    {
      label: 'Growth',
      title: 'Peer advisory board meetings',
      description: `${program.boardSizeMin}-${program.boardSizeMax} founders at your stage, every month.`,
    },
    {
      label: 'Scale',
      title: `${audience.memberRevenueLabel} average member revenue`,
      description: 'Learn from owners a step or two ahead of you.',
    },
    {
      label: 'Strategy',
      title: 'Exit planning for business owners',
      description: 'Know what your business is worth and how to raise it.',
    },
  ],
);

export const targetAudience = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    forTitle: text,
    forItems: z.array(text).min(3),
    notForTitle: text,
    notForItems: z.array(text).min(3),
    capital: z.object({
      eyebrow: text,
      title: text,
      description: text,
      points: z.array(item).min(3),
    }),
  }),
  {
    eyebrow: 'Who it is for',
    title: 'Built for owners with a real business, not a pitch deck',
    intro: `Members run cash-flowing companies earning at least $${(audience.minAnnualRevenue / 1000).toFixed(0)}k a year. They want more profit, a plan for the day they step back, and capital that does not cost them equity.`,
    forTitle: 'Built for',
    forItems: [
      'Owners of B2B service firms with steady clients',
      'Home-based service businesses with crews and a schedule to fill',
      'Bootstrapped SaaS founders with paying customers',
      `Businesses earning $${(audience.minAnnualRevenue / 1000).toFixed(0)}k or more a year`,
      'Owners who want real profit, an exit plan and access to capital',
    ],
    notForTitle: 'Not for',
    notForItems: [
      'Idea-stage founders with no revenue yet',
      'Founders chasing venture capital',
      'Side-hustlers looking for passive income',
      'Anyone after a get-rich-quick shortcut',
    ],
    capital: {
      eyebrow: 'Capital portfolio',
      title: `Up to ${capital.maxAmountLabel} at 0%, or up to ${capital.revenueMultiple}x your monthly revenue`,
      description:
        'Capital is earned, not pitched for. Hit the milestones of your plan and the credit line opens; you repay it from performance, not from a fixed schedule that ignores a slow month.',
      points: [
        {
          title: `${capital.interestRatePercent}% interest`,
          description: `Up to ${capital.maxAmountLabel}, with no equity given up.`,
        },
        {
          title: `Up to ${capital.revenueMultiple}x monthly revenue`,
          description: 'The line grows as your business does.',
        },
        {
          title: 'Performance-based repayment',
          description: 'Repayments follow your results, so a slow month does not sink you.',
        },
      ],
    },
  },
);

export const dashboardTabs = defineContent(
  FILE,
  z
    .array(
      z.object({
        id: z.enum(['strategy', 'financial', 'community']),
        label: text,
        title: text,
        description: text,
        overlay: text.optional(),
        icon: z.enum(['compass', 'chart', 'people']),
      }),
    )
    .length(3),
  [
    {
      id: 'strategy',
      label: 'Strategy',
      title: 'North Star Strategy Dashboard',
      description:
        'Your Profit Score, this quarter’s goals and the next milestone that unlocks capital, on one screen.',
      overlay: 'Profit Score updated monthly',
      icon: 'compass',
    },
    {
      id: 'financial',
      label: 'Financial',
      title: 'Financial Engine Dashboard',
      description: 'Monthly revenue, margins and the credit available to you, tracked against your targets.',
      overlay: `Credit unlocks at your milestones`,
      icon: 'chart',
    },
    {
      id: 'community',
      label: 'Community',
      title: 'Advisory Board Dashboard',
      description: 'Your board, your next meeting and who is online in the virtual office right now.',
      icon: 'people',
    },
  ],
);

/** Illustrative figures on the dashboard previews (SPEC §3): samples, not a member's data. */
export const dashboardSample = {
  monthlyRevenue: '$84,200',
  monthlyRevenueTrend: '+6.4% vs last month',
  profitScore: 76,
  profitScoreMax: 100,
  availableCredit: `$${capital.maxAmount.toLocaleString('en-US')}`,
  nextMeeting: 'Thu, Mar 12 · 10:00',
  foundersOnline: '17 founders online',
  boardOnline: '3 founders online',
  goals: [
    { label: 'Net profit to 30%', progress: 70 },
    { label: 'Owner-absent 30 days', progress: 45 },
    { label: 'Offer standardized', progress: 90 },
  ],
} as const;

export const newsletter = defineContent(
  FILE,
  z.object({
    title: text,
    description: text,
    linkLabel: text,
    frameTitle: text,
    /** Each band's landmark name: the page has two, and a screen reader's list must tell them apart. */
    regionNames: z.object({ 'newsletter-top': text, 'newsletter-bottom': text }),
  }),
  {
    title: `Join ${audience.newsletterReaders} readers`,
    description:
      'One email a week on profit, operations and exits, written for owners who run real businesses.',
    linkLabel: 'Subscribe to the newsletter',
    frameTitle: 'Newsletter sign-up form',
    regionNames: {
      'newsletter-top': 'Newsletter sign-up, top of page',
      'newsletter-bottom': 'Newsletter sign-up, end of page',
    },
  },
);

export const virtualOffice = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    features: z.array(item).length(6),
    images: z.array(z.object({ alt: text })).length(4),
  }),
  {
    eyebrow: 'Virtual office',
    title: 'An office for owners who work alone',
    intro:
      'Everything you would get from a shared office and a good peer group, without the commute or the lease.',
    features: [
      {
        title: 'Private office',
        description: 'Your own room, with your name on the door, open when you are.',
      },
      {
        title: 'Meeting scheduling and calendar',
        description: 'Book clients and peers without a separate booking tool.',
      },
      {
        title: 'Drop-in knock access',
        description: 'Knock on a member’s door for a two-minute question, like down the hall.',
      },
      {
        title: 'Shared conference rooms',
        description: 'Bring your team or your board into a room that is always ready.',
      },
      {
        title: 'AI summaries',
        description: 'Every meeting ends with notes and next steps, written for you.',
      },
      { title: 'Community access', description: 'The whole membership, one hallway away.' },
    ],
    images: [
      { alt: 'The virtual office floor plan, with members’ private offices and who is in' },
      { alt: 'A private office with a calendar of the day’s meetings' },
      { alt: 'A shared conference room during an advisory board meeting' },
      { alt: 'An AI meeting summary with decisions and next steps' },
    ],
  },
);

export const benefits = defineContent(
  FILE,
  z.object({ eyebrow: text, title: text, intro: text, items: z.array(item).length(5) }),
  {
    eyebrow: 'What membership includes',
    title: 'Five parts, one goal: a business that runs, pays and sells',
    intro: 'Each part is built for owners who already have customers and want the business to be worth more.',
    items: [
      {
        title: 'Exit Studio Program',
        description: `A ${program.exitStudioDays}-day onboarding: get your Profit Score, install the operating system, build your exit plan.`,
      },
      {
        title: 'Profitability Score',
        description:
          'Your Profit Score benchmarks profit and risk against owners like you, and shows what to fix first.',
      },
      {
        title: 'Equity Management System (EMS)',
        description:
          'The owner’s operating system: organized around profit, a standard offer, simpler operations, the right team.',
      },
      {
        title: 'Peer Advisory Boards',
        description: `${program.boardSizeMin}-${program.boardSizeMax} founders at your stage, meeting ${program.boardCadence}, who will tell you the truth.`,
      },
      {
        title: 'Performance-based capital',
        description: `Up to ${capital.maxAmountLabel} at 0%, or up to ${capital.revenueMultiple}x monthly revenue, unlocked by your milestones.`,
      },
    ],
  },
);

export const features = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    intro: text,
    ems: z.array(item).length(4),
    more: z.array(item).min(3),
  }),
  {
    eyebrow: 'The Equity Management System',
    title: 'The operating system behind a business someone would buy',
    intro:
      'The EMS turns what lives in your head into a business that runs on its own. Four moves, installed during the Exit Studio Program.',
    ems: [
      {
        title: 'Organize around profit',
        description: 'Every decision starts from margin, not from revenue or busywork.',
      },
      {
        title: 'Standardize the offer',
        description: 'One clear offer, one price logic, delivered the same way every time.',
      },
      {
        title: 'Simplify operations',
        description: 'Fewer tools, written processes, and a week that does not need you in every meeting.',
      },
      {
        title: 'Optimize the team',
        description: 'The right people in the right seats, measured on outcomes.',
      },
    ],
    more: [
      {
        title: 'Profit Score tracking',
        description: 'See your score move month by month as the fixes land.',
      },
      { title: 'Exit plan', description: 'A written plan for the day you step back, sell or hand over.' },
      {
        title: 'Milestone-based capital',
        description: 'Credit that opens as you hit the milestones in your plan.',
      },
      {
        title: 'Virtual co-working',
        description: 'A desk among peers, with knocks, rooms and AI notes built in.',
      },
    ],
  },
);

export const howItWorks = defineContent(
  FILE,
  z.object({
    eyebrow: text,
    title: text,
    steps: z
      .array(z.object({ number: z.number().int().positive(), title: text, description: text }))
      .length(4),
  }),
  {
    eyebrow: 'How it works',
    title: 'From joining to capital in four steps',
    steps: [
      {
        number: 1,
        title: 'Join the community',
        description:
          'Activate through the platform you already use, or enroll directly as an independent founder.',
      },
      {
        number: 2,
        title: `The ${program.exitStudioDays}-day Exit Studio Program`,
        description: 'Get your Profit Score, install the Equity Management System and build your exit plan.',
      },
      {
        number: 3,
        title: 'Join a Peer Advisory Board',
        description: `Matched with ${program.boardSizeMin}-${program.boardSizeMax} founders at the same stage, meeting every month.`,
      },
      {
        number: 4,
        title: 'Hit milestones, unlock capital',
        description: `Reach the milestones in your plan to open up to ${capital.maxAmountLabel} at 0%.`,
      },
    ],
  },
);
