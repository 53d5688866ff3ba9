/**
 * The owner's data files as the editor opens: every data file of src/content/ and every campaign
 * page's file, as text, by its path from the project root (`src/content/offer.yaml`). The editor's
 * checks read them (the figures copy may quote, the words already typed, the campaign pages a
 * split test may run on), and so does its results view (the split tests). Read through the
 * bundler when the editor's page is made, so a change the owner saves shows in these on the next
 * opening of the editor.
 */
import { parse } from 'yaml';
import { figureTable } from '../content/figures.ts';
import { contentFiles, contentPath, type ContentName, type Offer } from '../content/schemas.ts';
import { CAMPAIGN_FOLDER } from '../content/pages.ts';
import { showsAs, type FigureTable } from '../lib/figure-tokens.ts';

const files: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../content/*.yaml', '../content/campaigns/*.yaml'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([file, text]) => [`src/${file.slice('../'.length)}`, text]),
);

/** A data file's text as the editor opened (empty when the file is missing: the build refuses that). */
export const openingText = (name: ContentName): string => files[contentPath(name)] ?? '';

/** Every data file's text but `except`'s, as the editor opened. */
export const openingTextsExcept = (except: ContentName): string[] =>
  Object.entries(files)
    .filter(([path]) => !path.startsWith(`${CAMPAIGN_FOLDER}/`) && path !== contentPath(except))
    .map(([, text]) => text);

/** Each campaign page's file as the editor opened, by its name (`podcast` for podcast.yaml). */
export const openingCampaigns = (): [string, string][] =>
  Object.entries(files)
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
