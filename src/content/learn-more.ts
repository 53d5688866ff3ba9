/**
 * Where the community hero's "Learn More" leads: the first of these sections the page shows (the
 * owner may hide any of them): who it is for, else the benefits, else the features, else the next
 * section down the page. The feature carousel, which the spec also lists, shows only on small
 * screens, and a link cannot tell the screen's size: the features stand in for it everywhere.
 */
import type { CommunityPage, Faq, Testimonials } from './schemas.ts';

interface Shown {
  community: CommunityPage;
  faq: Faq;
  testimonials: Testimonials;
}

export function learnMoreHref({ community, faq, testimonials }: Shown): string {
  const targets = [
    ['target-audience', community.targetAudience],
    ['benefits', community.benefits],
    ['features', community.features],
    ['newsletter-top', community.newsletter],
    ['virtual-office', community.virtualOffice],
    ['how-it-works', community.howItWorks],
    ['testimonials', testimonials.community],
    ['join-now', community.joinNow],
    ['faq', faq],
    ['cta', community.finalCta],
  ] as const;
  return `#${targets.find(([, section]) => !section.hidden)?.[0] ?? 'main'}`;
}
