/**
 * The campaign pages' files on disk (build-time only: the editor lists them itself): the build's
 * content collection, its campaign pages and its font subsets read the same list.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CAMPAIGN_FOLDER } from './schemas/campaigns.ts';

/** The campaign pages' names in the project at `root` (podcast.yaml is `podcast`). */
export function campaignNames(root = '.'): string[] {
  const folder = join(root, CAMPAIGN_FOLDER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length));
}
