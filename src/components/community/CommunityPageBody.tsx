import type { ReactNode } from 'react';
import { FinalCta } from '../site/FinalCta.tsx';
import { Footer } from '../site/Footer.tsx';
import { Nav } from '../site/Nav.tsx';
import { PagePart } from '../site/PagePart.tsx';
import type { SectionNotes } from '../site/page-parts.ts';
import { TestimonialsSection } from '../site/TestimonialsSection.tsx';
import { Benefits } from './Benefits.tsx';
import type { CommunityBodyParts, CommunitySectionKey } from './community-page.ts';
import { Faq } from './Faq.tsx';
import { Features } from './Features.tsx';
import { Hero } from './Hero.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { JoinNow } from './JoinNow.tsx';
import { NewsletterSection } from './NewsletterSection.tsx';
import { TargetAudience } from './TargetAudience.tsx';
import { VirtualOffice } from './VirtualOffice.tsx';

/**
 * The page's widgets, each drawn inside its section: on the built page the islands the layout
 * hydrates (its named slots), in the live preview the components themselves. None for a hidden
 * section.
 */
interface CommunityWidgets {
  featureCarousel?: ReactNode;
  dashboardPreview?: ReactNode;
  joinNowTabs?: ReactNode;
}

export interface CommunityPageBodyProps extends CommunityBodyParts, CommunityWidgets {
  /** Marks at the top of sections (the live preview's refusals); none on the built page. */
  notes?: SectionNotes<CommunitySectionKey> | undefined;
}

/** The community page's body, in its order: the nav, its sections (those shown, communityPageParts) and the footer. */
export function CommunityPageBody({ nav, sections, footer, notes = {}, ...widgets }: CommunityPageBodyProps) {
  const { targetAudience, joinNow } = sections;
  return (
    <>
      <Nav {...nav} />
      {/* The first screen is the nav and the hero, which is at least a window tall whatever the
          owner writes or hides (Hero.tsx). So the page carries inline only their styles, and
          arrives in one round trip. */}
      <main id="main" tabIndex={-1} data-first-screen="1">
        {notes.hero}
        <Hero {...sections.hero}>{widgets.featureCarousel}</Hero>
        {targetAudience && (
          <>
            {notes.targetAudience}
            <TargetAudience {...targetAudience}>{widgets.dashboardPreview}</TargetAudience>
          </>
        )}
        <PagePart as={NewsletterSection} props={sections.newsletterTop} note={notes.newsletter} />
        <PagePart as={VirtualOffice} props={sections.virtualOffice} note={notes.virtualOffice} />
        <PagePart as={Benefits} props={sections.benefits} note={notes.benefits} />
        <PagePart as={Features} props={sections.features} note={notes.features} />
        <PagePart as={HowItWorks} props={sections.howItWorks} note={notes.howItWorks} />
        <PagePart as={TestimonialsSection} props={sections.testimonials} note={notes.testimonials} />
        {joinNow && (
          <>
            {notes.joinNow}
            <JoinNow {...joinNow}>{widgets.joinNowTabs}</JoinNow>
          </>
        )}
        <PagePart as={Faq} props={sections.faq} note={notes.faq} />
        <PagePart as={NewsletterSection} props={sections.newsletterBottom} note={notes.newsletter} />
        <PagePart as={FinalCta} props={sections.finalCta} note={notes.finalCta} />
      </main>
      <PagePart as={Footer} props={footer} note={notes.footer} />
    </>
  );
}
