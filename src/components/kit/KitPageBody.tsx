import { Footer } from '../site/Footer.tsx';
import { FinalCta } from '../site/FinalCta.tsx';
import { PagePart } from '../site/PagePart.tsx';
import type { SectionNotes } from '../site/page-parts.ts';
import { TestimonialsSection } from '../site/TestimonialsSection.tsx';
import { Box } from './Box.tsx';
import { Bundles } from './Bundles.tsx';
import { BuyBar } from './BuyBar.tsx';
import { CashFlowMachine } from './CashFlowMachine.tsx';
import { CommunityPitch } from './CommunityPitch.tsx';
import { Hero } from './Hero.tsx';
import { KitIntro } from './KitIntro.tsx';
import type { KitPageParts, KitSectionKey } from './kit-page.ts';
import { Movement } from './Movement.tsx';
import { PlatformVideo } from './PlatformVideo.tsx';
import { RiskDashboard } from './RiskDashboard.tsx';
import { Roi } from './Roi.tsx';
import { WhatsInside } from './WhatsInside.tsx';
import { WhyThisWorks } from './WhyThisWorks.tsx';

export interface KitPageBodyProps extends KitPageParts {
  /** Marks at the top of sections (the live preview's refusals); none on the built page. */
  notes?: SectionNotes<KitSectionKey> | undefined;
}

/** The kit page's body, in its order: its sections (those shown, kitPageParts), the buy bar and the footer. */
export function KitPageBody({ sections, footer, notes = {} }: KitPageBodyProps) {
  return (
    <>
      {/* The first screen is the hero, which is at least a window tall whatever the owner writes or
          hides (Hero.tsx). So the page carries inline only its styles. */}
      <main id="main" tabIndex={-1} data-first-screen="1">
        <PagePart as={Hero} props={sections.hero} note={notes.hero} />
        <PagePart as={KitIntro} props={sections.intro} note={notes.intro} />
        <PagePart as={Box} props={sections.box} note={notes.box} />
        <PagePart as={PlatformVideo} props={sections.platformVideo} note={notes.platformVideo} />
        <PagePart as={CashFlowMachine} props={sections.cashFlowMachine} note={notes.cashFlowMachine} />
        <PagePart as={RiskDashboard} props={sections.riskDashboard} note={notes.riskDashboard} />
        <PagePart as={CommunityPitch} props={sections.communityPitch} note={notes.communityPitch} />
        <PagePart as={WhatsInside} props={sections.whatsInside} note={notes.whatsInside} />
        <PagePart as={WhyThisWorks} props={sections.whyThisWorks} note={notes.whyThisWorks} />
        <PagePart as={Bundles} props={sections.bundles} note={notes.bundles} />
        <PagePart as={Movement} props={sections.movement} note={notes.movement} />
        <PagePart as={Roi} props={sections.roi} note={notes.roi} />
        <PagePart as={TestimonialsSection} props={sections.testimonials} note={notes.testimonials} />
        <PagePart as={FinalCta} props={sections.finalCta} note={notes.finalCta} />
      </main>
      <PagePart as={BuyBar} props={sections.buyBar} note={notes.buyBar} />
      <PagePart as={Footer} props={footer} note={notes.footer} />
    </>
  );
}
