/**
 * What the live preview draws for one page: the page's words (a campaign page's own, a variant's),
 * its sections, figures and pictures by the page's own composition (kit-page.ts,
 * community-page.ts, as the build makes them) and, for each refusal of the content it reads, the
 * section whose top it marks (or the page's top: the offer's, a campaign page's or the split
 * test's, and a hidden section's). Pure, and free of the build's own modules: it runs in the
 * browser, beside the editor.
 */
import { campaignWords, type Campaign } from '../../src/content/campaign-pages.ts';
import type { PictureResolver } from '../../src/content/pictures.ts';
import { variantWords, type VariantProps } from '../../src/content/page-under-test.ts';
import { campaignFile, isPagePath, PAGES, type PagePath } from '../../src/content/pages.ts';
import type { PreviewContent, Refusal } from './preview-content.ts';
import type { ShownContent } from '../../src/content/resolve.ts';
import {
  contentPath,
  type CommunityPage,
  type ContentName,
  type KitPage,
} from '../../src/content/schemas.ts';
import type { PageSettings } from '../../src/lib/site-links.ts';
import {
  communityPageParts,
  type CommunityPageParts,
  type CommunitySectionKey,
} from '../../src/components/community/community-page.ts';
import { kitPageParts, type KitPageParts, type KitSectionKey } from '../../src/components/kit/kit-page.ts';

/** The page to draw: `/`, `/community` or a campaign page's address (`/podcast`), or a split test's variant of one. */
export interface PreviewTarget {
  path: string;
  variant?: VariantProps | undefined;
}

/** A page's refusals: those marked at the top of a drawn section, and those at the page's top. */
export interface PageRefusals<K extends string> {
  sections: Partial<Record<K, Refusal[]>>;
  page: Refusal[];
}

export type PreparedPage =
  | { path: '/'; parts: KitPageParts; refusals: PageRefusals<KitSectionKey> }
  | { path: '/community'; parts: CommunityPageParts; refusals: PageRefusals<CommunitySectionKey> }
  /** Nothing to draw, and why (in the owner's words). */
  | { path: undefined; problem: string; refusals: readonly Refusal[] };

/** Where a refusal of a part of a file shows on a page: at a section's top, at the page's top, or not at all (what the page does not draw). */
type Placement<K extends string> = (part: string | undefined) => K | 'page' | undefined;
type Placements<K extends string> = Partial<Record<ContentName, Placement<K>>>;

/** Which part of kit.yaml each section of the kit page draws: every part is a section of its own. */
const KIT_PART_SECTIONS: Record<keyof KitPage, KitSectionKey> = {
  hero: 'hero',
  intro: 'intro',
  buyBar: 'buyBar',
  box: 'box',
  platformVideo: 'platformVideo',
  cashFlowMachine: 'cashFlowMachine',
  riskDashboard: 'riskDashboard',
  communityPitch: 'communityPitch',
  whatsInside: 'whatsInside',
  whyThisWorks: 'whyThisWorks',
  bundles: 'bundles',
  movement: 'movement',
  roi: 'roi',
  finalCta: 'finalCta',
};
const KIT_VIDEO_SECTIONS: Record<keyof ShownContent['videos'], KitSectionKey> = {
  kitIntro: 'intro',
  platform: 'platformVideo',
  movement: 'movement',
};
/** Which section of the community page draws each part of community.yaml (a widget's words are its section's). */
const COMMUNITY_PART_SECTIONS: Record<keyof CommunityPage, CommunitySectionKey> = {
  hero: 'hero',
  featureSlides: 'hero',
  targetAudience: 'targetAudience',
  dashboardTabs: 'targetAudience',
  dashboardSample: 'targetAudience',
  newsletter: 'newsletter',
  virtualOffice: 'virtualOffice',
  benefits: 'benefits',
  features: 'features',
  howItWorks: 'howItWorks',
  joinNow: 'joinNow',
  finalCta: 'finalCta',
};

const partOf =
  <K extends string>(table: Record<string, K>): Placement<K> =>
  (part) =>
    part === undefined ? 'page' : table[part];

/** The page's testimonials are testimonials.yaml's part of its name. */
const testimonialsOf =
  <K extends string>(name: string, section: K): Placement<K> =>
  (part) =>
    part === undefined ? 'page' : part === name ? section : undefined;

const KIT_PLACEMENTS: Placements<KitSectionKey> = {
  offer: () => 'page',
  kit: partOf(KIT_PART_SECTIONS),
  videos: partOf(KIT_VIDEO_SECTIONS),
  testimonials: testimonialsOf(PAGES['/'].name, 'testimonials'),
  footer: () => 'footer',
};
const COMMUNITY_PLACEMENTS: Placements<CommunitySectionKey> = {
  offer: () => 'page',
  community: partOf(COMMUNITY_PART_SECTIONS),
  faq: () => 'faq',
  testimonials: testimonialsOf(PAGES['/community'].name, 'testimonials'),
  footer: () => 'footer',
};

/**
 * The section of the page at `base` drawn from `part` of data file `name` (`intro` of kit.yaml:
 * the kit's intro; `kitIntro` of videos.yaml: the same), or undefined when that page draws none.
 */
export function sectionOfPart(base: PagePath, name: ContentName, part: string): string | undefined {
  const placements: Placements<string> = base === '/' ? KIT_PLACEMENTS : COMMUNITY_PLACEMENTS;
  const place = placements[name]?.(part);
  return place === 'page' ? undefined : place;
}

/**
 * The refusals page `target` shows, by where: each file's by its placement, the target's own
 * campaign file's and (for a variant) the split tests' at the top; a section the page does not
 * draw (hidden) has its refusals at the top too.
 */
function pageRefusals<K extends string>(
  refusals: readonly Refusal[],
  placements: Placements<K>,
  target: PreviewTarget,
  drawn: (section: K) => boolean,
): PageRefusals<K> {
  const atTop = new Set([campaignFile(target.path), ...(target.variant ? [contentPath('experiments')] : [])]);
  const byFile = new Map(
    (Object.entries(placements) as [ContentName, Placement<K>][]).map(([name, place]) => [
      contentPath(name),
      place,
    ]),
  );
  const placed: PageRefusals<K> = { sections: {}, page: [] };
  for (const refusal of refusals) {
    const place = atTop.has(refusal.file) ? 'page' : byFile.get(refusal.file)?.(refusal.part);
    if (place === undefined) continue;
    if (place === 'page' || !drawn(place)) placed.page.push(refusal);
    else (placed.sections[place] ??= []).push(refusal);
  }
  return placed;
}

/** The words of the page at `target`: its base page's, a campaign page's own written in, then a variant's; none when there is no such page or variant. */
function wordsAt<W>(
  words: W,
  experiments: ShownContent['experiments'],
  target: PreviewTarget,
  campaign: Campaign | undefined,
): W | undefined {
  const own = campaignWords(words, campaign);
  return target.variant ? variantWords(experiments, target.path, own, target.variant) : own;
}

/** Everything the preview draws of page `target`, its pictures made by `pictures`. */
export async function preparePage(
  preview: PreviewContent,
  target: PreviewTarget,
  pictures: PictureResolver,
  settings: PageSettings,
): Promise<PreparedPage> {
  const { content, campaigns, refusals } = preview;
  const nothing = (problem: string) => ({ path: undefined, problem, refusals });
  if (!content)
    return nothing('The preview cannot draw the page until every part of its content has been read once.');
  const campaign = campaigns.find(({ path }) => path === target.path);
  const base: PagePath | undefined = isPagePath(target.path) ? target.path : campaign?.page;
  if (!base) return nothing(`No page of the site is at ${target.path}.`);
  const input = { content, settings, currentPath: target.path };
  const absent = target.variant
    ? `No split test named ${target.variant.experiment} with a variant ${target.variant.variant} is on ${target.path}.`
    : '';
  if (base === '/') {
    const words = wordsAt(content.kit, content.experiments, target, campaign);
    if (!words) return nothing(absent);
    const parts = await kitPageParts({ ...input, words }, pictures);
    const drawn = (key: KitSectionKey) => key === 'footer' || parts.sections[key] !== undefined;
    return { path: base, parts, refusals: pageRefusals(refusals, KIT_PLACEMENTS, target, drawn) };
  }
  const words = wordsAt(content.community, content.experiments, target, campaign);
  if (!words) return nothing(absent);
  const parts = await communityPageParts({ ...input, words }, pictures);
  const { sections } = parts.body;
  const drawn = (key: CommunitySectionKey) =>
    key === 'footer' || (key === 'newsletter' ? sections.newsletterTop : sections[key]) !== undefined;
  return { path: base, parts, refusals: pageRefusals(refusals, COMMUNITY_PLACEMENTS, target, drawn) };
}
