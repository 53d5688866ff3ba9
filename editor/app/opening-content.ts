/**
 * The owner's data files as the editor's page opened: every data file of the registry and every
 * campaign page's file, as text, by its path from the project root (`src/content/offer.yaml`).
 * The editor's checks read them (the figures copy may quote, the words already typed, the
 * campaign pages a split test may run on), and so does its results view (the split tests).
 *
 * They come with the page, in a data block (`<script type="application/json">`, which no policy
 * counts as a script): `npm run edit`'s server writes it into the page each time the page is
 * opened, from the files as they are on disk then (editor/node/local.ts); the hosted editor's
 * build writes it once, from the files it builds (editor/build/hosted-editor.ts). The app itself
 * holds no copy of the owner's data, so a change saved shows in these at the next opening.
 */
import { parse } from 'yaml';
import { figureTable } from '../../src/content/figures.ts';
import {
  CONTENT_NAMES,
  contentFiles,
  contentPath,
  type ContentName,
  type Offer,
} from '../../src/content/schemas.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import { showsAs, type FigureTable } from '../../src/lib/figure-tokens.ts';

/** The id of the page's data block. */
const BLOCK_ID = 'editor-opening-content';

/** How the files are read where the page is made: a file's text (undefined when missing), a folder's names. */
export interface OpeningDisk {
  read: (path: string) => Promise<string | undefined>;
  list: (folder: string) => Promise<string[]>;
}

/** Every file the editor opens with, given the names in the campaign folder: the registry's data files, then the campaign pages. */
export function openingPaths(campaignFolder: string[]): string[] {
  const campaigns = campaignFolder
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => `${CAMPAIGN_FOLDER}/${name}`);
  return [...CONTENT_NAMES.map(contentPath), ...campaigns];
}

/** Every file the editor opens with, read through `disk` (a missing one is left out). */
export async function readOpeningFiles(disk: OpeningDisk): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const path of openingPaths(await disk.list(CAMPAIGN_FOLDER))) {
    const text = await disk.read(path);
    if (text !== undefined) files[path] = text;
  }
  return files;
}

/** An editor page's HTML with `files` in its data block (`<` escaped, so no text can end the block). */
export function withOpeningFiles(html: string, files: Record<string, string>): string {
  const json = JSON.stringify(files).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${BLOCK_ID}">${json}</script>`;
  if (!html.includes('</head>')) throw new Error('The editor page has no </head> to put its data before.');
  return html.replace('</head>', `${block}</head>`);
}

/** The page's data block, or none outside an editor page (a unit test's document). */
function pageFiles(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const block = document.getElementById(BLOCK_ID);
  if (!block) {
    if (document.getElementById('editor'))
      console.error('The editor page came without the owner’s data: its checks read no figures.');
    return {};
  }
  return JSON.parse(block.textContent || '{}') as Record<string, string>;
}

let read: Record<string, string> | undefined;
/** The page's data, read at its first use (the page is whole by then). */
const files = () => (read ??= pageFiles());

/** A data file's text as the editor opened (empty when the file is missing: the build refuses that). */
export const openingText = (name: ContentName): string => files()[contentPath(name)] ?? '';

/** Every data file's text but `except`'s, as the editor opened. */
export const openingTextsExcept = (except: ContentName): string[] =>
  Object.entries(files())
    .filter(([path]) => !path.startsWith(`${CAMPAIGN_FOLDER}/`) && path !== contentPath(except))
    .map(([, text]) => text);

/** Each campaign page's file as the editor opened, by its name (`podcast` for podcast.yaml). */
export const openingCampaigns = (): [string, string][] =>
  Object.entries(files())
    .filter(([path]) => path.startsWith(`${CAMPAIGN_FOLDER}/`))
    .map(([path, text]) => [path.slice(CAMPAIGN_FOLDER.length + 1, -'.yaml'.length), text]);

/** The figures copy may quote, as offer.yaml holds them when the editor opens (none if it is broken: the build refuses it then). */
export function openingFigures(): FigureTable | undefined {
  const offer = contentFiles.offer.zod.safeParse(parse(openingText('offer')));
  return offer.success ? figureTable(offer.data as Offer) : undefined;
}

/** Copy as the page prints it, its figures by name written out (as it stands when the figures do not parse). */
export function printed(text: string, figures: FigureTable | undefined = openingFigures()): string {
  return figures ? showsAs(text, figures) : text;
}
