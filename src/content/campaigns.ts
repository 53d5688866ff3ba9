/**
 * The owner's campaign pages (src/content/campaigns/<name>.yaml), as the build uses them: each
 * checked (its figures: a price is quoted by its token, never typed; its name is checked before,
 * by integrations/campaign-check.ts), its base
 * page's words with its own written in and its hidden sections hidden, and its head: kept out of
 * search (canonical to its base page) unless the owner turns indexing on. Build-time only.
 */
import { getCollection } from 'astro:content';
import { resolveFigureTokens, type FigureTable } from '../lib/figure-tokens.ts';
import { campaignNames } from './campaign-files.ts';
import { withVariantWords } from './experiment-fields.ts';
import { labelsAlong } from './field-labels.ts';
import { figureTable } from './figures.ts';
import { loadContent, type PageHead } from './index.ts';
import type { Infer } from './fields.ts';
import { campaignFile } from './pages.ts';
import { campaignSchema, type CampaignBase } from './schemas/campaigns.ts';

export interface Campaign {
  /** Its file's name: `podcast`. */
  name: string;
  /** Its address: `/podcast`. */
  path: string;
  /** The page it is based on. */
  page: CampaignBase;
  /** Listed by search engines (in the sitemap, canonical to itself). */
  index: boolean;
  /** Its words, figures resolved: `{ 'hero.headline': '…' }`. */
  fields: Record<string, string>;
  /** The sections of its base page it hides. */
  hide: string[];
}

type CampaignData = Infer<typeof campaignSchema>;

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
      return [checkedCampaign(name, data, figures)];
    } catch (error) {
      problems.push((error as Error).message);
      return [];
    }
  });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return campaigns;
}

/** A campaign file's data as the page uses it, its figure tokens resolved (a literal figure refused). */
function checkedCampaign(name: string, data: CampaignData, figures: FigureTable): Campaign {
  const words = Object.fromEntries(
    Object.entries(data.fields ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const describe = (path: readonly (string | number)[]) =>
    `${labelsAlong(campaignSchema.editor, ['fields', ...path]).join(' → ')} (fields.${path.join('.')})`;
  return {
    name,
    path: `/${name}`,
    page: data.page,
    index: data.index,
    fields: resolveFigureTokens(words, figures, campaignFile(`/${name}`), describe),
    hide: data.hide ?? [],
  };
}

let loaded: Promise<Campaign[]> | undefined;

/** Every campaign page, checked once per build (anew for every page on the editor's dev server). */
export function loadCampaigns(): Promise<Campaign[]> {
  if (!import.meta.env.PROD) return load();
  loaded ??= load();
  return loaded;
}

/** Its base page's words with its own written in, and the sections it hides marked hidden. */
export function campaignWords<T>(words: T, campaign: Campaign | undefined): T {
  if (!campaign) return words;
  const copy = withVariantWords(words, campaign.fields) as Record<string, Record<string, unknown>>;
  for (const section of campaign.hide) copy[section] = { ...copy[section], hidden: true };
  return copy as T;
}

/** Its base page's head, kept out of search unless indexed: then at its own address. */
export function campaignHead(
  head: PageHead,
  campaign: Campaign | undefined,
  absolute: (path: string) => string,
): PageHead {
  if (!campaign?.index) return campaign ? { ...head, noindex: true } : head;
  return { ...head, noindex: false, canonicalPath: campaign.path, canonicalUrl: absolute(campaign.path) };
}

/** The campaign pages search engines may list. */
export async function indexedCampaignPaths(): Promise<string[]> {
  return (await loadCampaigns()).filter((campaign) => campaign.index).map((campaign) => campaign.path);
}
