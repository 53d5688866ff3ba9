/**
 * The owner's content, ready for the pages: each data file read through its content collection
 * (validated against schemas.ts), every figure token resolved from offer.yaml and the figures the
 * copy never types (totals, savings) computed. Images stay paths: each page makes its pictures
 * (pictures.ts, through the image pipeline: uploads.ts). Build-time only.
 */
import { getEntry } from 'astro:content';
import { absoluteUrl, site } from '../config/site.ts';
import { resolveContent, type RawContent } from './resolve.ts';
import { PAGE_PATHS, PAGES, type PageName, type PagePath } from './pages.ts';
import { warnAboutSamples } from './samples.ts';
import {
  contentFiles,
  contentPath,
  type ContentData,
  type ContentName,
  type PageMetaContent,
} from './schemas.ts';

async function readData<N extends ContentName>(name: N) {
  const entry = await getEntry(name, contentPath(name));
  if (!entry) throw new Error(`Missing content file ${contentPath(name)}.`);
  return entry.data as ContentData<N>;
}

async function load() {
  const names = Object.keys(contentFiles) as ContentName[];
  const entries = await Promise.all(names.map(async (name) => [name, await readData(name)] as const));
  const content = resolveContent(Object.fromEntries(entries) as RawContent);
  const { offer, testimonials } = content;

  warnAboutSamples(
    contentPath('testimonials'),
    [...testimonials.kit.items, ...testimonials.community.items].map((item) => ({
      sample: item.sample,
      name: `testimonial by ${item.author}`,
    })),
  );
  warnAboutSamples(contentPath('offer'), [
    { sample: offer.shipping.sample, name: 'shipping and return terms' },
  ]);

  return content;
}

let loaded: ReturnType<typeof load> | undefined;

/**
 * All of the site's content, read and checked once per build. The editor's dev server reads it
 * anew for every page, so a saved change shows on the next reload.
 */
export function loadContent(): ReturnType<typeof load> {
  if (!import.meta.env.PROD) return load();
  loaded ??= load();
  return loaded;
}

export type { ComparisonFigures } from './figures.ts';

/** What a page's head needs beyond the owner's words: its address, card image and indexing. */
interface HeadFacts {
  canonicalPath: string;
  ogImage: string;
  ogType: 'website' | 'product';
  noindex: boolean;
}

/** A page of the registry: at its address, with its own card, listed for search engines. */
function registeredHead(path: PagePath): HeadFacts {
  const { name, ogType } = PAGES[path];
  return { canonicalPath: path, ogImage: `/og/${name}.png`, ogType, noindex: false };
}

/** Each page's head facts: the registry's pages, then the not-found and redirect pages (the home's card, unlisted). */
const PAGE_HEADS = {
  ...(Object.fromEntries(PAGE_PATHS.map((path) => [PAGES[path].name, registeredHead(path)])) as Record<
    PageName,
    HeadFacts
  >),
  notFound: { ...registeredHead('/'), ogType: 'website', noindex: true },
  redirect: { ...registeredHead('/'), ogType: 'website', noindex: true },
} satisfies Record<string, HeadFacts>;

export type HeadName = keyof typeof PAGE_HEADS;

export interface PageHead extends PageMetaContent {
  canonicalPath: string;
  canonicalUrl: string;
  ogImage: string;
  ogType: 'website' | 'product';
  twitterCard: 'summary_large_image';
  author: string;
  noindex: boolean;
}

export async function pageHead(page: HeadName): Promise<PageHead> {
  const { meta } = await loadContent();
  const { title, description, keywords, ogImageAlt } = meta[page];
  const head = PAGE_HEADS[page];
  return {
    title,
    description,
    keywords,
    ogImageAlt,
    ...head,
    canonicalUrl: absoluteUrl(head.canonicalPath),
    twitterCard: 'summary_large_image',
    author: site.author,
  };
}

/** The pages search engines should list. */
export const INDEXABLE_PATHS = Object.values(PAGE_HEADS)
  .filter((head) => !head.noindex)
  .map((head) => head.canonicalPath);
