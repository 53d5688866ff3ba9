/**
 * Which page of the site a form of the editor makes, read from the editor's own address, and which
 * section of that page a field belongs to. The editor routes itself: `/keystatic/singleton/kit`
 * (local mode), `/keystatic/branch/edit-spring/singleton/kit` (GitHub mode),
 * `/keystatic/collection/campaigns/item/podcast`, `/keystatic/collection/campaigns/create`.
 */
import { PAGE_PATHS, PAGES, type PagePath } from '../../src/content/pages.ts';
import { contentFiles, type ContentName } from '../../src/content/schemas.ts';

/** What the preview draws: a page's address, and for a split test's variant, the test and variant. */
export interface PreviewTarget {
  page: string;
  test?: string;
  variant?: string;
}

/** Where the editor is: the branch (GitHub mode) and the form. */
export interface EditorPlace {
  branch?: string;
  singleton?: string;
  campaign?: string;
  creating?: boolean;
}

export function editorPlace(pathname: string): EditorPlace {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const place: EditorPlace = {};
  let at = parts.indexOf('keystatic') + 1;
  if (parts[at] === 'branch') {
    place.branch = parts[at + 1];
    at += 2;
  }
  if (parts[at] === 'singleton' && parts[at + 1]) place.singleton = parts[at + 1];
  if (parts[at] === 'collection' && parts[at + 1] === 'campaigns') {
    if (parts[at + 2] === 'item' && parts[at + 3]) place.campaign = parts[at + 3];
    if (parts[at + 2] === 'create') place.creating = true;
  }
  return place;
}

/** Each page's own data file's form previews that page. */
const OWN_PAGE: Partial<Record<ContentName, PagePath>> = Object.fromEntries(
  PAGE_PATHS.map((path) => [PAGES[path].name, path]),
);

/**
 * The pages that show a shared file's words (the pages' compositions read it: kit-page.ts,
 * community-page.ts), the first the one its form opens on: the FAQ is on /community only, the
 * videos on / only; the testimonials, the footer, the titles and the figures on both.
 */
const SHOWN_ON: Partial<Record<ContentName, readonly PagePath[]>> = {
  faq: ['/community'],
  videos: ['/'],
  testimonials: ['/', '/community'],
  offer: ['/', '/community'],
  footer: ['/', '/community'],
  meta: ['/', '/community'],
};

/** The pages a form's preview may show, the one it opens on first (none for a form that makes no page). */
export function pagesOfForm(place: EditorPlace): PreviewTarget[] {
  if (place.campaign) return [{ page: `/${place.campaign}` }];
  if (place.creating) return [{ page: PAGE_PATHS[0] }];
  if (!place.singleton || place.singleton === 'results') return [];
  const name = place.singleton as ContentName;
  const own = OWN_PAGE[name];
  const pages = own ? [own] : (SHOWN_ON[name] ?? [PAGE_PATHS[0]]);
  return pages.map((page) => ({ page }));
}

/** The page a form's preview opens on. */
export const pageOfForm = (place: EditorPlace): PreviewTarget | undefined => pagesOfForm(place)[0];

/** The labels of a data file's sections (its top-level fields), as the form shows them, by key. */
export function sectionLabels(name: string): Map<string, string> {
  const field = contentFiles[name as ContentName]?.editor;
  if (!field || field.kind !== 'object') return new Map();
  return new Map(Object.entries(field.fields).map(([key, child]) => [child.label, key]));
}
