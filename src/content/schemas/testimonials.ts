/** The schema of src/content/testimonials.yaml: what owners say, on each page. */
import { count, list, object, optionalImage, section, text } from '../fields.ts';
import { eyebrow, title, sampleFlag } from './shared.ts';

const testimonial = object(
  { label: 'Testimonial' },
  {
    quote: text({ label: 'Quote', multiline: true }),
    author: text({ label: 'Name' }),
    position: text({ label: 'Role and business' }),
    avatar: optionalImage({
      label: 'Photo (optional: without one, or if it fails to load, the first initial shows)',
    }),
    stars: count({ label: 'Stars', min: 1, max: 5 }),
    sample: sampleFlag,
  },
);
const testimonialGroup = (label: string) =>
  section(
    { label },
    {
      eyebrow,
      title,
      items: list(testimonial, { label: 'Testimonials', itemLabel: 'author', min: 1 }),
    },
  );
export const testimonialsSchema = object(
  { label: 'Testimonials' },
  { kit: testimonialGroup('On the kit page'), community: testimonialGroup('On the community page') },
);
