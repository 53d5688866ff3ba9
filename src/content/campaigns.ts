/**
 * The owner's campaign pages (src/content/campaigns/<name>.yaml), as the build reads them: each
 * file through its content collection, checked (its name before, by integrations/campaign-check.ts;
 * its figures and words by campaign-pages.ts, which makes the page), and what a layout builds.
 * Build-time only.
 */
import { getCollection } from 'astro:content';
import { campaignNames } from './campaign-files.ts';
import { campaignHead, campaignOf, campaignWords, type Campaign } from './campaign-pages.ts';
import { figureTable } from './figures.ts';
import { loadContent, pageHead } from './index.ts';
import { absoluteUrl } from '../config/site.ts';
import { pageUnderTest, wordsUnderTest, type VariantProps } from './page-under-test.ts';
import { PAGES, type PageNameOf, type PagePath } from './pages.ts';
import type { Experiments } from './schemas.ts';

async function load(): Promise<Campaign[]> {
  // None: no collection to ask (Astro would warn that it is empty).
  if (campaignNames().length === 0) return [];
  const { offer } = await loadContent();
  const figures = figureTable(offer);
  const entries = (await getCollection('campaigns')).sort((a, b) => a.id.localeCompare(b.id));
  // Every file's problems at once, so one build lists them all.
  const problems: string[] = [];
  const campaigns = entries.flatMap(({ id: name, data }) => {
    try {
      return [campaignOf(name, data, figures)];
    } catch (error) {
      problems.push((error as Error).message);
      return [];
    }
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return campaigns;
}

let loaded: Promise<Campaign[]> | undefined;

/** Every campaign page, checked once per build (anew for every page on the editor's dev server). */
export function loadCampaigns(): Promise<Campaign[]> {
  if (!import.meta.env.PROD) return load();
  loaded ??= load();
  return loaded;
}

/** The campaign pages search engines may list. */
export async function indexedCampaignPaths(): Promise<string[]> {
  return (await loadCampaigns()).filter((campaign) => campaign.index).map((campaign) => campaign.path);
}

/**
 * What a page's layout builds (src/layouts/): its name in the page registry, its words (a campaign
 * page's own, a split test's variant, or as written), its head, the test it tags itself with, and
 * its address (the footer marks it).
 * A campaign page is a page of its own: a test of its base page never runs on it, one of its own may.
 */
export async function pageToBuild<
  P extends PagePath,
  C extends { experiments: Experiments } & Record<PageNameOf<P>, unknown>,
>(content: C, path: P, { variant, campaign }: { variant?: VariantProps; campaign?: Campaign }) {
  const name: PageNameOf<P> = PAGES[path].name;
  const { experiment, words } = campaign
    ? wordsUnderTest(content.experiments, campaign.path, campaignWords(content[name], campaign), variant)
    : pageUnderTest(content, path, variant);
  const head = campaignHead(await pageHead(name), campaign, absoluteUrl);
  return { name, experiment, words, head, currentPath: campaign?.path ?? path };
}
