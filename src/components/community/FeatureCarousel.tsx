import type { CommunityPage } from '../../content/schemas.ts';
import { Carousel } from '../ui/Carousel.tsx';

export interface FeatureCarouselProps {
  slides: CommunityPage['featureSlides'];
}

/**
 * The six features, as a carousel below lg. The page hydrates it only below lg
 * (`client:live` with a media query); from lg its wrapper is hidden and it stays plain HTML.
 */
export function FeatureCarousel({ slides }: FeatureCarouselProps) {
  return (
    <Carousel
      label="Membership features"
      slides={slides.map((slide) => ({
        id: slide.label.toLowerCase(),
        label: slide.label,
        content: (
          <article className="h-full card p-6">
            <p className="eyebrow">{slide.label}</p>
            <h3 className="mt-3 text-lg font-semibold text-surface-fg">{slide.title}</h3>
            <p className="mt-2 text-muted-fg">{slide.description}</p>
          </article>
        ),
      }))}
    />
  );
}
