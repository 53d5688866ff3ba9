/** Words of the boxed-product page (/). Figures come from config/offer.ts. */
import { kit } from '../config/offer.ts';
import { site } from '../config/site.ts';
import { defineContent, text, z } from './schema.ts';

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
