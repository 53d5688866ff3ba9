/**
 * The data files of a project as the live preview is handed them: each file's text by its path
 * from the project root (`src/content/kit.yaml`, `src/content/campaigns/podcast.yaml`), read from
 * disk as the editor reads the saved files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import { contentFiles, contentPath, type ContentName } from '../../src/content/schemas.ts';

export function readDataFiles(root: string): Map<string, string> {
  const campaigns = existsSync(join(root, CAMPAIGN_FOLDER))
    ? readdirSync(join(root, CAMPAIGN_FOLDER))
        .filter((file) => file.endsWith('.yaml'))
        .map((file) => `${CAMPAIGN_FOLDER}/${file}`)
    : [];
  const paths = [...(Object.keys(contentFiles) as ContentName[]).map(contentPath), ...campaigns];
  return new Map(paths.map((path) => [path, readFileSync(join(root, path), 'utf8')]));
}
