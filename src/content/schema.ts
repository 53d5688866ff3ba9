/**
 * The shapes of the site's content, validated when the site is built: a missing or
 * wrong field stops the build with a message naming the content file and the field.
 */
import { z } from 'astro/zod';

/** Validates `data` against `schema`; on failure, throws naming `file` and each bad field. */
export function defineContent<S extends z.ZodType>(file: string, schema: S, data: z.input<S>): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `  - ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('\n');
  throw new Error(`Invalid content in ${file}:\n${problems}`);
}

const text = z.string().trim().min(1);
/** A site path (`/community`) or an absolute http(s) URL. */
const href = z.string().refine((v) => v.startsWith('/') || v.startsWith('#') || /^https?:\/\//.test(v), {
  message: 'must be a site path (/…), a fragment (#…) or an http(s) URL',
});

export const pageMetaSchema = z.object({
  title: text.max(70, 'keep titles under 70 characters so search results show them whole'),
  description: text.max(170, 'keep descriptions under 170 characters'),
  keywords: z.array(text).min(1),
  /** Canonical path on this site, e.g. `/community`. */
  canonicalPath: z.string().startsWith('/'),
  /** A 1200x630 image, as a site path. */
  ogImage: z.string().startsWith('/'),
  ogImageAlt: text,
  ogType: z.enum(['website', 'product', 'article']),
  twitterCard: z.enum(['summary', 'summary_large_image']),
  author: text,
  noindex: z.boolean().default(false),
});
export type PageMeta = z.output<typeof pageMetaSchema>;

export const linkSchema = z.object({ label: text, href });
export type Link = z.output<typeof linkSchema>;

export const testimonialSchema = z.object({
  quote: text,
  author: text,
  position: text,
  /** A site path or URL; when it fails to load, the author's first initial shows. */
  avatar: z.string().min(1),
  stars: z.number().int().min(1).max(5),
  /** True until the owner supplies a real testimonial: a production build warns while any remain. */
  sample: z.boolean(),
});
export type Testimonial = z.output<typeof testimonialSchema>;

export const faqItemSchema = z.object({ question: text, answer: text });
export type FaqItem = z.output<typeof faqItemSchema>;

export const cardSchema = z.object({ title: text, description: text });
export type Card = z.output<typeof cardSchema>;

export { z, text, href };
