import type { Testimonial } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { Testimonials } from './Testimonials.tsx';

export interface TestimonialsSectionProps {
  title: string;
  eyebrow: string;
  items: readonly Testimonial[];
}

/** The testimonials section of either page (id `testimonials`). */
export function TestimonialsSection({ title, eyebrow, items }: TestimonialsSectionProps) {
  return (
    <Section id="testimonials" surface="muted" eyebrow={eyebrow} title={title}>
      <Testimonials items={items} />
    </Section>
  );
}
