/**
 * Where a split test's winning words are written when it is promoted, for the CLI, the results
 * view and promote-on-save alike: a page's own file (`hero.headline` into kit.yaml's hero →
 * headline), or a campaign page's own file (`hero.headline` under src/content/campaigns/
 * podcast.yaml's `fields:`, the shape its words take there), never its base page's; and the
 * build's check of that file, so nothing is written that the build would refuse.
 */
import { parseDocument } from 'yaml';
import { campaignFile, isPagePath, PAGES } from '../../src/content/pages.ts';
import { contentFiles, contentPath } from '../../src/content/schemas.ts';
import { checkedCampaignSchema } from '../../src/content/schemas/campaigns.ts';
import { isPageAddress } from '../../src/content/schemas/experiments.ts';
import { YAML_STYLE } from './yaml-edit.ts';

export interface WordsFile {
  /** The file, from the project root. */
  path: string;
  /** Where a word (`hero.headline`) is in it, as the `yaml` package's path. */
  at: (key: string) => string[];
  /** The build's check of the file's data (throws what the build would refuse). */
  check: (data: unknown) => void;
}

/** The file holding the words of the page a test runs on (`/`, `/community` or `/podcast`). */
export function wordsFileOf(page: string): WordsFile {
  if (isPagePath(page)) {
    const { name } = PAGES[page];
    return {
      path: contentPath(name),
      at: (key) => key.split('.'),
      check: (data) => contentFiles[name].zod.parse(data),
    };
  }
  if (!isPageAddress(page)) throw new Error(`${page} is no page of the site: nothing was promoted.`);
  return {
    path: campaignFile(page),
    at: (key) => ['fields', key],
    check: (data) => checkedCampaignSchema.zod.parse(data),
  };
}

/** The file's text with `words` (`[['hero.headline', '…']]`) written in, every other line as it was. */
export function withWords(
  file: WordsFile,
  text: string,
  words: readonly (readonly [string, string])[],
): string {
  const document = parseDocument(text);
  for (const [key, value] of words) document.setIn(file.at(key), value);
  return document.toString(YAML_STYLE);
}
