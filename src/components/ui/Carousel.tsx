import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { eventAttributes } from '../../lib/event-attributes.ts';
import { IconButton, NEXT_PATH, PREVIOUS_PATH } from './IconButton.tsx';

export interface CarouselProps {
  /** The carousel's accessible name. */
  label: string;
  slides: readonly { id: string; label: string; content: ReactNode }[];
  className?: string;
  slideClassName?: string;
}

/**
 * A looping carousel on Embla, per the WAI-ARIA carousel pattern: a named region with
 * aria-roledescription="carousel", slides with aria-roledescription="slide", Previous/Next
 * buttons, and ArrowLeft/ArrowRight while it has focus. Without JavaScript the slides
 * scroll sideways (public/noscript.css). It shows which position is first in `data-slide` (of
 * `data-slides`), so a move by button, key or swipe reports `carousel_move {direction}`.
 */
export function Carousel({ label, slides, className, slideClassName }: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop: true, align: 'start' });
  const [canPrev, setCanPrev] = useState(true);
  const [canNext, setCanNext] = useState(true);
  const [position, setPosition] = useState<{ slide: number; slides: number } | null>(null);
  // Moves asked for in the moment between hydration and Embla's start are made once it starts.
  const pending = useRef(0);

  const update = useCallback(() => {
    if (!api) return;
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
    setPosition({ slide: api.selectedScrollSnap(), slides: api.scrollSnapList().length });
  }, [api]);

  useEffect(() => {
    if (!api) return undefined;
    for (; pending.current > 0; pending.current -= 1) api.scrollNext();
    for (; pending.current < 0; pending.current += 1) api.scrollPrev();
    const frame = requestAnimationFrame(update);
    api.on('select', update).on('reInit', update);
    return () => {
      cancelAnimationFrame(frame);
      api.off('select', update).off('reInit', update);
    };
  }, [api, update]);

  const prev = () => (api ? api.scrollPrev() : (pending.current -= 1));
  const next = () => (api ? api.scrollNext() : (pending.current += 1));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      prev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  return (
    // ArrowLeft and ArrowRight move the carousel while it has focus, so the region takes focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('relative', className)}
      data-carousel=""
      {...eventAttributes('carousel_move')}
      {...(position && { 'data-slide': position.slide, 'data-slides': position.slides })}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div ref={viewportRef} className="overflow-hidden" data-carousel-viewport="">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slide.label}`}
              className={cn('min-w-0 shrink-0 grow-0 basis-[85%] pl-4 md:basis-1/2', slideClassName)}
              data-carousel-slide=""
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex justify-end gap-3" data-carousel-controls="">
        <IconButton label="Previous slide" onClick={prev} disabled={!canPrev}>
          <path d={PREVIOUS_PATH} />
        </IconButton>
        <IconButton label="Next slide" onClick={next} disabled={!canNext}>
          <path d={NEXT_PATH} />
        </IconButton>
      </div>
    </section>
  );
}
