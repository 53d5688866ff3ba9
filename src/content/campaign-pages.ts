/**
 * A campaign page (src/content/campaigns/<name>.yaml) as the pages use it: its file's data checked
 * (its figures: a price is quoted by its token, never typed), its base page's words with its own
 * written in and its hidden sections hidden, and its head: kept out of search (canonical to its
 * base page) unless the owner turns indexing on. Pure: the build (campaigns.ts, which reads the
 * files) and the live preview (preview-content.ts, which is handed them) both make pages with it.
 */
import { resolveFigureTokens, type FigureTable } from '../lib/figure-tokens.ts';
import { withVariantWords } from './experiment-fields.ts';
import { describePath } from './field-labels.ts';
import type { Infer } from './fields.ts';
import type { PageHead } from './index.ts';
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

/** A campaign file's data once its schema has read it. */
export type CampaignData = Infer<typeof campaignSchema>;

/**
 * Campaign page `name` from its file's checked data, its figure tokens resolved; throws a
 * ContentError naming each field that types a figure or names none.
 */
export function campaignOf(name: string, data: CampaignData, figures: FigureTable): Campaign {
  const words = Object.fromEntries(
    Object.entries(data.fields ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const describe = (path: readonly (string | number)[]) =>
    describePath(campaignSchema.editor, ['fields', ...path]);
  return {
    name,
    path: `/${name}`,
    page: data.page,
    index: data.index,
    fields: resolveFigureTokens(words, figures, campaignFile(`/${name}`), describe),
    hide: data.hide ?? [],
  };
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
