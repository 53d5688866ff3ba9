/**
 * The owner's data files as the editor opens: every data file of src/content/ and every campaign
 * page's file, as text, by its path from the project root (`src/content/offer.yaml`). The editor's
 * checks read them (the figures copy may quote, the words already typed, the campaign pages a
 * split test may run on), and so does its results view (the split tests). Read through the
 * bundler when the editor's page is made, so a change the owner saves shows in these on the next
 * opening of the editor.
 */
import { contentPath, type ContentName } from '../content/schemas.ts';
import { CAMPAIGN_FOLDER } from '../content/pages.ts';

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
