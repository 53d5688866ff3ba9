/**
 * The shape of every data file under src/content/: what each field holds, its label and help text
 * in the browser editor, and the rule the build checks. One declaration serves both (fields.ts).
 *
 * Copy may quote a figure by a token in braces, e.g. "Get the kit for {kit.price}": the token
 * names a field of offer.yaml (or a figure computed from it, or the site's names) and is replaced
 * at build, formatted as money, a percentage or a plain number.
 */
import type { Field, Infer } from './fields.ts';
import { communitySchema } from './schemas/community.ts';
import { faqSchema } from './schemas/faq.ts';
import { footerSchema } from './schemas/footer.ts';
import { kitSchema } from './schemas/kit.ts';
import { PAGE_PATHS, PAGES, type PagePath } from './pages.ts';
import { metaSchema } from './schemas/meta.ts';
import { offerSchema } from './schemas/offer.ts';
import type { card, cta } from './schemas/shared.ts';
import { testimonialsSchema } from './schemas/testimonials.ts';
import { videosSchema } from './schemas/videos.ts';
import { experimentsSchema } from './schemas/experiments.ts';

export {
  communitySchema,
  experimentsSchema,
  faqSchema,
  footerSchema,
  kitSchema,
  metaSchema,
  offerSchema,
  testimonialsSchema,
  videosSchema,
};

/** Where a data file sits in the editor's navigation. */
export type EditorGroup = 'Pages' | 'Prices and figures' | 'Across the site' | 'Split tests';

/** The pages' own files, from the page registry (pages.ts): `kit` for `/`, `community` for `/community`. */
type PageFiles = {
  [P in PagePath as (typeof PAGES)[P]['name']]: { schema: (typeof PAGES)[P]['schema']; group: 'Pages' };
};
const pageFiles = Object.fromEntries(
  PAGE_PATHS.map((path) => [PAGES[path].name, { schema: PAGES[path].schema, group: 'Pages' }]),
) as PageFiles;

/**
 * Every data file under src/content/, by name (`kit` is src/content/kit.yaml): the pages' files
 * from the page registry, then the files every page shares, each written here once. The content
 * collections, the resolver, the tests' reader and the editor's forms and navigation are made from
 * this list: a data file added here is one the build reads and the editor edits.
 */
export const DATA_FILES = {
  ...pageFiles,
  faq: { schema: faqSchema, group: 'Pages' },
  testimonials: { schema: testimonialsSchema, group: 'Pages' },
  videos: { schema: videosSchema, group: 'Pages' },
  offer: { schema: offerSchema, group: 'Prices and figures' },
  footer: { schema: footerSchema, group: 'Across the site' },
  meta: { schema: metaSchema, group: 'Across the site' },
  experiments: { schema: experimentsSchema, group: 'Split tests' },
} as const satisfies Record<string, { schema: Field; group: EditorGroup }>;

/** Each data file's schema, by name. */
export const contentFiles = Object.fromEntries(
  Object.entries(DATA_FILES).map(([name, file]) => [name, file.schema]),
) as { [N in keyof typeof DATA_FILES]: (typeof DATA_FILES)[N]['schema'] };

/** Every data file's name, in the registry's order. */
export const CONTENT_NAMES = Object.keys(DATA_FILES) as ContentName[];

export type ContentName = keyof typeof contentFiles;
export type ContentData<N extends ContentName> = Infer<(typeof contentFiles)[N]>;

/** Where a data file lives, from the project root. */
export const contentPath = (name: ContentName) => `src/content/${name}.yaml`;
export type Offer = Infer<typeof offerSchema>;
export type KitPage = Infer<typeof kitSchema>;
export type CommunityPage = Infer<typeof communitySchema>;
export type Faq = Infer<typeof faqSchema>;
export type Testimonials = Infer<typeof testimonialsSchema>;
export type Testimonial = Testimonials['kit']['items'][number];
export type Footer = Infer<typeof footerSchema>;
export type Link = Footer['social'][number];
export type PagesMeta = Infer<typeof metaSchema>;
export type PageMetaContent = PagesMeta['notFound'];
/** A title and a line of text: every card list on both pages. */
export type Card = Infer<typeof card>;
/** The closing call to action of either page. */
export type FinalCtaContent = Infer<typeof cta>;
export type Experiments = Infer<typeof experimentsSchema>;
export type Experiment = Experiments['experiments'][number];
