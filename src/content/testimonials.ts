/**
 * Testimonials. SAMPLES until the owner supplies real ones: each is marked `sample: true`,
 * and a production build warns while any remain. Replace quote, author, position and
 * avatar, then set `sample: false`.
 */
import { defineContent, testimonialSchema, z } from './schema.ts';
import { warnAboutSamples } from './samples.ts';

const FILE = 'src/content/testimonials.ts';
const list = z.array(testimonialSchema).length(3);

export const communityTestimonials = defineContent(FILE, list, [
  {
    quote:
      'My board caught a pricing mistake I had made for three years. One change paid for a decade of membership.',
    author: 'Dana Whitfield',
    position: 'Owner, B2B bookkeeping firm (sample)',
    avatar: '/avatars/community-1.svg',
    stars: 5,
    sample: true,
  },
  {
    quote:
      'The Exit Studio gave me a number for what my business is worth and a list of what drags it down. I had neither before.',
    author: 'Marcus Okafor',
    position: 'Founder, home services company (sample)',
    avatar: '/avatars/community-2.svg',
    stars: 5,
    sample: true,
  },
  {
    quote: 'I took a month off for the first time in six years. The business ran on the system we installed.',
    author: 'Priya Raman',
    position: 'Founder, bootstrapped SaaS (sample)',
    avatar: '/avatars/community-3.svg',
    stars: 5,
    sample: true,
  },
]);

export const kitTestimonials = defineContent(FILE, list, [
  {
    quote: 'Ten minutes in, I knew my two biggest risks. Ninety days later, both were fixed.',
    author: 'Tom Brennan',
    position: 'Owner, commercial cleaning company (sample)',
    avatar: '/avatars/kit-1.svg',
    stars: 5,
    sample: true,
  },
  {
    quote: 'The cash map showed me a bad month six weeks before it arrived. That alone was worth the box.',
    author: 'Elena Vasquez',
    position: 'Founder, marketing agency (sample)',
    avatar: '/avatars/kit-2.svg',
    stars: 5,
    sample: true,
  },
  {
    quote: 'I finally have an exit plan on paper, and my valuation went up at the first quarterly re-run.',
    author: 'Sam Adeyemi',
    position: 'Founder, IT services firm (sample)',
    avatar: '/avatars/kit-3.svg',
    stars: 5,
    sample: true,
  },
]);

warnAboutSamples(FILE, [...communityTestimonials, ...kitTestimonials]);
