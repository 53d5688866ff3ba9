import type { CommunityPage } from '../../content/schemas.ts';
import { Carousel } from '../ui/Carousel.tsx';

export interface FeatureCarouselProps {
  slides: CommunityPage['featureSlides'];
}

/** The six features, as a carousel below lg (hydrated only there: client:media). */
export function FeatureCarousel({ slides }: FeatureCarouselProps) {
  return (
    <Carousel
      label="Membership features"
      slides={slides.map((slide) => ({
        id: slide.label.toLowerCase(),
        label: slide.label,
        content: (
          <article className="h-full rounded-card border border-line-dark bg-ink-2 p-6">
            <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">{slide.label}</p>
            <h3 className="mt-3 text-lg font-semibold text-paper">{slide.title}</h3>
            <p className="mt-2 text-muted-dark">{slide.description}</p>
          </article>
        ),
      }))}
    />
  );
}
