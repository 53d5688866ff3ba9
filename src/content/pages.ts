/**
 * The page registry: the site's pages, each written once: its address (the canonical path, the way
 * split tests and campaign pages name it), the data file of its words (`src/content/<name>.yaml`,
 * also its entry in meta.yaml and its social card, `/og/<name>.png`), what the editor calls it,
 * its Open Graph type (a `product` page's social card names the product) and the schema of its
 * words. The list of data files (schemas.ts `DATA_FILES`), the content collections, the resolver,
 * the editor's forms, split tests, promotion, the layouts, the variants page and campaign pages
 * read it here; a page added here is one the type checker then asks each of them about.
 */
import { communitySchema } from './schemas/community.ts';
import { kitSchema } from './schemas/kit.ts';

export const PAGES = {
  '/': { name: 'kit', label: 'the kit page', ogType: 'product', schema: kitSchema },
  '/community': {
    name: 'community',
    label: 'the community page',
    ogType: 'website',
    schema: communitySchema,
  },
} as const;

/** The page of the brand (Build Equity) itself: the organisation's address in every page's structured data. */
export const BRAND_PAGE: PagePath = '/community';

/** A page's address: `/` or `/community`. */
export type PagePath = keyof typeof PAGES;

/** A page's data file by name: `kit` is src/content/kit.yaml. */
export type PageName = (typeof PAGES)[PagePath]['name'];

/** The data file's name of the page at `P`: `'kit'` for `'/'`. */
export type PageNameOf<P extends PagePath> = (typeof PAGES)[P]['name'];

/** Every page's address, in the registry's order (the editor lists them so). */
export const PAGE_PATHS = Object.keys(PAGES) as [PagePath, ...PagePath[]];

/** Where the campaign pages' files are, from the project root (src/content/campaigns/podcast.yaml is /podcast). */
export const CAMPAIGN_FOLDER = 'src/content/campaigns';

/** A campaign page's file, by its address: `/podcast` is src/content/campaigns/podcast.yaml. */
export const campaignFile = (path: string) => `${CAMPAIGN_FOLDER}${path}.yaml`;

/** Whether `value` is a page's address. */
export const isPagePath = (value: unknown): value is PagePath =>
  typeof value === 'string' && Object.hasOwn(PAGES, value);
