/**
 * The campaign pages' files on disk (build-time only: the editor lists them itself): the build's
 * content collection, its campaign pages, its font subsets and its split tests read the same list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMPAIGN_FOLDER } from './pages.ts';
import { campaignBasesOf } from './schemas/campaigns.ts';
import type { CampaignBases } from './schemas/experiments.ts';

/** The campaign pages' names in the project at `root` (podcast.yaml is `podcast`). */
export function campaignNames(root = '.'): string[] {
  const folder = join(root, CAMPAIGN_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length));
}

/** The campaign pages of the project at `root` a split test may name, each with its base page. */
export function campaignBases(root = '.'): CampaignBases {
  return campaignBasesOf(
    campaignNames(root).map((name) => [
      name,
      readFileSync(join(root, CAMPAIGN_FOLDER, `${name}.yaml`), 'utf8'),
    ]),
  );
}
