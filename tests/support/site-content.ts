/**
 * The owner's content as the pages show it, for tests that check what a visitor reads: each data
 * file under src/content/ parsed against its schema and resolved by the loader the build uses
 * (src/content/resolve.ts). Tests take every word and figure they expect from here, so an owner's
 * edit in the editor changes what the tests expect along with what the pages show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { resolveContent, type RawContent } from '../../src/content/resolve.ts';
import { contentFiles, contentPath, type ContentName } from '../../src/content/schemas.ts';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { PROJECT_ROOT } from '../../scripts/lib/project-copy.ts';

/** The data files of the project at `root`, parsed against their schemas (before figures are resolved). */
export function readRawContent(root: string): RawContent {
  const names = Object.keys(contentFiles) as ContentName[];
  return Object.fromEntries(
    names.map((name) => [
      name,
      contentFiles[name].zod.parse(parse(readFileSync(join(root, contentPath(name)), 'utf8'))),
    ]),
  ) as RawContent;
}

/** The content of the project these tests belong to (a copy's own, when they run in a copy). */
export const siteContent = contentOf(PROJECT_ROOT);

/** The content of the project at `root`, as its pages show it. */
export function contentOf(root: string) {
  return resolveContent(readRawContent(root));
}

export { formatUsd };
