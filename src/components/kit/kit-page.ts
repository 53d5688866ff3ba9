/**
 * The kit page's composition (`/`, its campaign pages and its split tests' variants): which
 * sections it shows and with which figures, from the owner's content. Pure: the build
 * (src/layouts/KitPage.astro, pictures through Astro's image pipeline) and the live preview
 * (editor/preview/, the owner's unsaved words and uploads) both draw KitPageBody from it.
 */
import { siteNames } from '../../config/site-names.ts';
import { withAvatars, withPosters, type PictureResolver } from '../../content/pictures.ts';
import type { ShownContent } from '../../content/resolve.ts';
import type { KitPage } from '../../content/schemas.ts';
import { formatUsd } from '../../lib/figure-tokens.ts';
import type { PageSettings } from '../../lib/site-links.ts';
import { unlessHidden } from '../site/page-parts.ts';
import type { Footer } from '../site/Footer.tsx';
import type { FinalCta } from '../site/FinalCta.tsx';
import type { TestimonialsSection } from '../site/TestimonialsSection.tsx';
import type { Box } from './Box.tsx';
import type { Bundles } from './Bundles.tsx';
import type { BuyBar } from './BuyBar.tsx';
import type { CashFlowMachine } from './CashFlowMachine.tsx';
import type { CommunityPitch } from './CommunityPitch.tsx';
import type { Hero } from './Hero.tsx';
import type { KitIntro } from './KitIntro.tsx';
import type { Movement } from './Movement.tsx';
import type { PlatformVideo } from './PlatformVideo.tsx';
import type { RiskDashboard } from './RiskDashboard.tsx';
import type { Roi } from './Roi.tsx';
import type { WhatsInside } from './WhatsInside.tsx';
import type { WhyThisWorks } from './WhyThisWorks.tsx';

/** What a section's component takes. */
type Props<C extends (props: never) => unknown> = Parameters<C>[0];

/** Each section's props, by its key in kit.yaml (testimonials.yaml's `kit` is `testimonials`); none while hidden. */
export interface KitSections {
  hero: Props<typeof Hero>;
  intro: Props<typeof KitIntro> | undefined;
  box: Props<typeof Box> | undefined;
  platformVideo: Props<typeof PlatformVideo> | undefined;
  cashFlowMachine: Props<typeof CashFlowMachine> | undefined;
  riskDashboard: Props<typeof RiskDashboard> | undefined;
  communityPitch: Props<typeof CommunityPitch> | undefined;
  whatsInside: Props<typeof WhatsInside> | undefined;
  whyThisWorks: Props<typeof WhyThisWorks> | undefined;
  bundles: Props<typeof Bundles> | undefined;
  movement: Props<typeof Movement> | undefined;
  roi: Props<typeof Roi> | undefined;
  testimonials: Props<typeof TestimonialsSection> | undefined;
  finalCta: Props<typeof FinalCta> | undefined;
  buyBar: Props<typeof BuyBar> | undefined;
}

/** A section of the kit page, or its footer: where the live preview marks a refusal. */
export type KitSectionKey = keyof KitSections | 'footer';

export interface KitPageParts {
  sections: KitSections;
  footer: Props<typeof Footer>;
}

export interface KitPageInput {
  /** The site's content as the pages show it (its images still paths). */
  content: Pick<ShownContent, 'offer' | 'footer' | 'videos' | 'testimonials'>;
  /** The page's words: kit.yaml's, or a campaign page's or a variant's made from them. */
  words: KitPage;
  settings: PageSettings;
  /** The page's own address, which the footer marks: `/` or a campaign page's. */
  currentPath: string;
}

/** The kit page's sections and footer, its pictures made by `pictures`. */
export async function kitPageParts(
  { content, words: kit, settings, currentPath }: KitPageInput,
  pictures: PictureResolver,
): Promise<KitPageParts> {
  const { offer } = content;
  const { authUrl } = settings;
  const [videos, testimonials] = await Promise.all([
    withPosters(content.videos, pictures),
    withAvatars(content.testimonials.kit, pictures),
  ]);
  const price = formatUsd(offer.kit.price);
  const costs = offer.riskCosts.map((cost) => ({ label: cost.label, text: `${formatUsd(cost.amount)}+` }));
  return {
    sections: {
      hero: { content: kit.hero, authUrl },
      intro: unlessHidden(kit.intro, (intro) => ({ content: intro, video: videos.kitIntro })),
      box: unlessHidden(kit.box, (box) => ({ content: box })),
      platformVideo: unlessHidden(kit.platformVideo, (section) => ({
        content: section,
        video: videos.platform,
      })),
      cashFlowMachine: unlessHidden(kit.cashFlowMachine, (section) => ({ content: section })),
      riskDashboard: unlessHidden(kit.riskDashboard, (section) => ({ content: section })),
      communityPitch: unlessHidden(kit.communityPitch, (section) => ({ content: section })),
      whatsInside: unlessHidden(kit.whatsInside, (section) => ({ content: section })),
      whyThisWorks: unlessHidden(kit.whyThisWorks, (section) => ({ content: section })),
      bundles: unlessHidden(kit.bundles, (section) => ({ content: section })),
      movement: unlessHidden(kit.movement, (section) => ({ content: section, video: videos.movement })),
      roi: unlessHidden(kit.roi, (roi) => ({ content: roi, costs, price, authUrl })),
      testimonials: unlessHidden(testimonials, ({ eyebrow, title, items }) => ({ eyebrow, title, items })),
      finalCta: unlessHidden(kit.finalCta, (cta) => ({ id: 'final-cta', content: cta, authUrl })),
      buyBar: unlessHidden(kit.buyBar, (bar) => ({ content: bar, authUrl })),
    },
    footer: { brand: siteNames.brand, ...content.footer, currentPath, year: settings.year },
  };
}
