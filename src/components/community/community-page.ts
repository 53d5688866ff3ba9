/**
 * The community page's composition (`/community`, its campaign pages and its split tests'
 * variants): which sections it shows and with which figures, the hero's Learn More target and the
 * newsletter's settings, from the owner's content; and the props of its three widgets, which the
 * build hydrates as islands and the live preview draws as they are. Pure: the build
 * (src/layouts/CommunityPage.astro) and the live preview (editor/preview/) both draw
 * CommunityPageBody from it.
 */
import { siteNames } from '../../config/site-names.ts';
import { learnMoreHref } from '../../content/learn-more.ts';
import { officePictures, withAvatars, type PictureResolver } from '../../content/pictures.ts';
import type { ShownContent } from '../../content/resolve.ts';
import type { CommunityPage } from '../../content/schemas.ts';
import type { PageSettings } from '../../lib/site-links.ts';
import { unlessHidden } from '../site/page-parts.ts';
import type { FinalCta } from '../site/FinalCta.tsx';
import type { Footer } from '../site/Footer.tsx';
import type { Nav } from '../site/Nav.tsx';
import type { TestimonialsSection } from '../site/TestimonialsSection.tsx';
import type { Benefits } from './Benefits.tsx';
import type { DashboardPreview } from './DashboardPreview.tsx';
import type { Faq } from './Faq.tsx';
import type { FeatureCarousel } from './FeatureCarousel.tsx';
import type { Features } from './Features.tsx';
import type { Hero } from './Hero.tsx';
import type { HowItWorks } from './HowItWorks.tsx';
import type { JoinNow } from './JoinNow.tsx';
import type { JoinNowTabs } from './JoinNowTabs.tsx';
import type { NewsletterSection } from './NewsletterSection.tsx';
import type { TargetAudience } from './TargetAudience.tsx';
import type { VirtualOffice } from './VirtualOffice.tsx';

/** What a section's component takes. */
type Props<C extends (props: never) => unknown> = Parameters<C>[0];

/** Each section's props (its widget apart), by its key in community.yaml, faq.yaml or testimonials.yaml; none while hidden. */
export interface CommunitySections {
  hero: Omit<Props<typeof Hero>, 'children'>;
  targetAudience: Omit<Props<typeof TargetAudience>, 'children'> | undefined;
  newsletterTop: Props<typeof NewsletterSection> | undefined;
  virtualOffice: Props<typeof VirtualOffice> | undefined;
  benefits: Props<typeof Benefits> | undefined;
  features: Props<typeof Features> | undefined;
  howItWorks: Props<typeof HowItWorks> | undefined;
  testimonials: Props<typeof TestimonialsSection> | undefined;
  joinNow: Omit<Props<typeof JoinNow>, 'children'> | undefined;
  faq: Props<typeof Faq> | undefined;
  newsletterBottom: Props<typeof NewsletterSection> | undefined;
  finalCta: Props<typeof FinalCta> | undefined;
}

/**
 * A part of the community page where the live preview marks a refusal: a section (`newsletter`
 * is both of its bands), or the footer.
 */
export type CommunitySectionKey =
  Exclude<keyof CommunitySections, 'newsletterTop' | 'newsletterBottom'> | 'newsletter' | 'footer';

/** The props of the page's widgets: none for one in a hidden section (the page must not carry its script). */
export interface CommunityIslands {
  featureCarousel: Props<typeof FeatureCarousel>;
  dashboardPreview: Props<typeof DashboardPreview> | undefined;
  joinNowTabs: Props<typeof JoinNowTabs> | undefined;
}

/** CommunityPageBody's props, its widgets apart. */
export interface CommunityBodyParts {
  nav: Props<typeof Nav>;
  sections: CommunitySections;
  footer: Props<typeof Footer>;
}

export interface CommunityPageParts {
  body: CommunityBodyParts;
  islands: CommunityIslands;
}

export interface CommunityPageInput {
  /** The site's content as the pages show it (its images still paths). */
  content: Pick<ShownContent, 'comparison' | 'faq' | 'testimonials' | 'footer'>;
  /** The page's words: community.yaml's, or a campaign page's or a variant's made from them. */
  words: CommunityPage;
  settings: PageSettings;
  /** The page's own address, which the footer marks: `/community` or a campaign page's. */
  currentPath: string;
}

/** The community page's sections, widgets and footer, its pictures made by `pictures`. */
export async function communityPageParts(
  { content, words: community, settings, currentPath }: CommunityPageInput,
  pictures: PictureResolver,
): Promise<CommunityPageParts> {
  const { comparison, faq } = content;
  const { authUrl } = settings;
  const [images, testimonials] = await Promise.all([
    officePictures(community.virtualOffice.images, pictures),
    withAvatars(content.testimonials.community, pictures),
  ]);
  // community.yaml's newsletter feeds two bands: one after who it is for, one before the closing call.
  const newsletter = (band: Pick<Props<typeof NewsletterSection>, 'id' | 'surface'>) =>
    unlessHidden(community.newsletter, (words) => ({
      ...band,
      content: words,
      embedUrl: settings.newsletterEmbedUrl,
      subscribeUrl: settings.newsletterUrl,
    }));
  const shown = { community, faq, testimonials: content.testimonials };
  return {
    body: {
      nav: { brand: siteNames.brand, ctaLabel: community.hero.primaryCta, ctaHref: authUrl },
      sections: {
        hero: { content: community.hero, authUrl, learnMoreHref: learnMoreHref(shown) },
        targetAudience: unlessHidden(community.targetAudience, (section) => ({ content: section })),
        newsletterTop: newsletter({ id: 'newsletter-top' }),
        virtualOffice: unlessHidden(community.virtualOffice, (section) => ({ content: section, images })),
        benefits: unlessHidden(community.benefits, (section) => ({ content: section })),
        features: unlessHidden(community.features, (section) => ({ content: section })),
        howItWorks: unlessHidden(community.howItWorks, (section) => ({ content: section })),
        testimonials: unlessHidden(testimonials, ({ eyebrow, title, items }) => ({ eyebrow, title, items })),
        joinNow: unlessHidden(community.joinNow, (section) => ({ content: section })),
        faq: unlessHidden(faq, (section) => ({ content: section })),
        newsletterBottom: newsletter({ id: 'newsletter-bottom', surface: 'muted' }),
        finalCta: unlessHidden(community.finalCta, (cta) => ({ id: 'cta', content: cta, authUrl })),
      },
      footer: { brand: siteNames.brand, ...content.footer, currentPath, year: settings.year },
    },
    islands: {
      featureCarousel: { slides: community.featureSlides },
      dashboardPreview: unlessHidden(community.targetAudience, () => ({
        tabs: community.dashboardTabs,
        sample: community.dashboardSample,
      })),
      // In this order: the island's props are written into the page so.
      joinNowTabs: unlessHidden(community.joinNow, (section) => ({ content: section, comparison, authUrl })),
    },
  };
}
