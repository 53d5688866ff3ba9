/**
 * The pages an owner's change touches, for the content check's accessibility scans. A page's own
 * data file touches that page and the campaign pages built on it; a campaign page's file, that
 * page; every other file (offer.yaml's figures, the shared blocks, the titles, an upload, a split
 * test) may show on any page, so it touches them all, as does a change nobody listed.
 */
import { PAGES, CAMPAIGN_FOLDER, type PagePath } from '../../src/content/pages.ts';
import { contentPath } from '../../src/content/schemas.ts';
import type { CampaignBases } from '../../src/content/schemas/experiments.ts';
import { EDITOR_FILES } from '../../scripts/lib/change-kind.ts';

/** Every page: the site's own, each campaign page and the not-found page (`/no-such-page`). */
export const EVERY_PAGE = 'every page';

/** The pages `files` touch (each by its address), or EVERY_PAGE; `files` undefined: the change is unknown. */
export function touchedPages(
  files: readonly string[] | undefined,
  campaigns: CampaignBases,
): string[] | typeof EVERY_PAGE {
  if (files === undefined) return EVERY_PAGE;
  const pages = new Set<string>();
  for (const file of files) {
    const page = (Object.keys(PAGES) as PagePath[]).find((path) => contentPath(PAGES[path].name) === file);
    const campaign = file.startsWith(`${CAMPAIGN_FOLDER}/`)
      ? `/${file
          .split('/')
          .pop()!
          .replace(/\.yaml$/, '')}`
      : undefined;
    if (page) {
      pages.add(page);
      for (const [path, base] of Object.entries(campaigns)) if (base === page) pages.add(path);
    } else if (campaign) {
      // A campaign page removed is no page to scan (the crawl proves nothing links to it).
      if (Object.hasOwn(campaigns, campaign)) pages.add(campaign);
    } else if (!EDITOR_FILES.test(file)) {
      return EVERY_PAGE;
    }
  }
  return [...pages].sort();
}
