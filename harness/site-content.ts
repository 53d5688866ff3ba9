/**
 * The owner's content as the pages show it, for tests that check what a visitor reads: each data
 * file under src/content/ parsed against its schema and resolved by the loader the build uses
 * (src/content/resolve.ts). Tests take every word and figure they expect from here, so an owner's
 * edit in the editor changes what the tests expect along with what the pages show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { kitPageParts } from '../src/components/kit/kit-page.ts';
import type { PictureResolver } from '../src/content/pictures.ts';
import { resolveContent, type RawContent, type ShownContent } from '../src/content/resolve.ts';
import { contentFiles, contentPath, type ContentName } from '../src/content/schemas.ts';
import { formatUsd } from '../src/lib/figure-tokens.ts';
import type { PageSettings } from '../src/lib/site-links.ts';
import { PROJECT_ROOT } from './project-copy.ts';

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

/** Where a section's heading is in its props: its own `title`, or its content's. */
type Titled = { title?: unknown; content?: { title?: unknown } } | undefined;

/**
 * The kit page's section headings as `content` gives them, in the page's order (its composition,
 * src/components/kit/kit-page.ts, as the build and the live preview draw it): each shown section's
 * title, hidden sections left out.
 */
export async function kitSectionTitles(content: ShownContent): Promise<string[]> {
  // The headings need no pictures and no settings (links, the year): stand-ins for both.
  const noPictures: PictureResolver = () => ({
    sources: [],
    src: '',
    width: 1,
    height: 1,
    alt: '',
    sizes: '',
  });
  const settings: PageSettings = { authUrl: '', newsletterEmbedUrl: null, newsletterUrl: '', year: 0 };
  const { sections } = await kitPageParts(
    { content, words: content.kit, settings, currentPath: '/' },
    noPictures,
  );
  return (Object.values(sections) as Titled[]).flatMap((props) => {
    const title = props?.title ?? props?.content?.title;
    return typeof title === 'string' ? [title] : [];
  });
}
