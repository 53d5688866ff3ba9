/** Words of the community page (/community). Figures come from config/offer.ts. */
import { audience, capital } from '../config/offer.ts';
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
