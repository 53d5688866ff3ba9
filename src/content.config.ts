/**
 * The owner's data files (src/content/*.yaml) as Astro content collections: one collection per
 * file, holding one entry whose id is the file's path. A mistake stops the build (and shows on the
 * dev server's page) naming the file and the field as the editor labels it: "kit →
 * src/content/kit.yaml … The kit page → Hero → Headline (hero.headline): must not be empty".
 */
import { defineCollection } from 'astro:content';
import { file, glob, type Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import { parse } from 'yaml';
import { campaignBases, campaignNames } from './content/campaign-files.ts';
import { describeField, labelsAlong } from './content/field-labels.ts';
import { CAMPAIGN_FOLDER } from './content/pages.ts';
import { checkedCampaignSchema } from './content/schemas/campaigns.ts';
import { checkedExperimentsSchema } from './content/schemas/experiments.ts';
import { CONTENT_NAMES, contentFiles, contentPath, type ContentName } from './content/schemas.ts';

/**
 * The file's schema, its refusals reworded to name each field as the editor labels it. (A loader's
 * parser must not throw: Astro's file loader would only log it and build on with the file's last
 * good content.) The split tests are checked against the campaign pages on disk as they are read
 * (a test may run on one; one naming a campaign page that does not exist is refused).
 */
function labelled<N extends ContentName>(name: N) {
  const schemaNow = () =>
    name === 'experiments' ? checkedExperimentsSchema(campaignBases()).zod : contentFiles[name].zod;
  return z.unknown().transform((data, context) => {
    const checked = schemaNow().safeParse(data);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const path = issue.path as (string | number)[];
      context.addIssue({ code: 'custom', path, message: `${describeField(name, path)}: ${issue.message}` });
    }
    return z.NEVER;
  }) as unknown as (typeof contentFiles)[N]['zod'];
}

function dataFile<N extends ContentName>(name: N) {
  const path = contentPath(name);
  return defineCollection({
    loader: file(path, {
      parser: (text) => {
        let data: unknown;
        try {
          data = parse(text, { prettyErrors: true });
        } catch (error) {
          throw new Error(`Invalid YAML in ${path}: ${(error as Error).message}`, { cause: error });
        }
        // The split tests may also be written as a bare list, the way they read best by hand.
        if (name === 'experiments' && Array.isArray(data)) data = { experiments: data };
        if (!data || typeof data !== 'object' || Array.isArray(data)) {
          throw new Error(
            `Invalid content in ${path}: the file must hold named fields, not a list or a value.`,
          );
        }
        return { [path]: data as Record<string, unknown> };
      },
    }),
    schema: labelled(name),
  });
}

/**
 * The campaign pages, one file each: the id is the file's name as written (podcast.yaml is
 * `podcast`), so a name the address cannot take is refused by name (src/content/campaigns.ts),
 * never quietly rewritten. A project with none says nothing: the build skips the glob loader, and
 * the editor's dev server (which keeps it, to watch for the first one) drops its warnings that the
 * folder is missing or empty, which is how a site starts.
 */
const campaignFiles = glob({
  pattern: '*.yaml',
  base: CAMPAIGN_FOLDER,
  generateId: ({ entry }) => entry.replace(/\.yaml$/, ''),
});
const NONE_YET = /^(The base directory .* does not exist|No files found matching)/;
const campaignsLoader: Loader = {
  name: 'campaigns',
  load: async (context) => {
    if (campaignNames().length > 0) return campaignFiles.load(context);
    if (!context.watcher) return context.store.clear();
    const { logger } = context;
    const quiet = Object.assign(Object.create(logger) as typeof logger, {
      warn: (message: string) => (NONE_YET.test(message) ? undefined : logger.warn(message)),
    });
    return campaignFiles.load({ ...context, logger: quiet });
  },
};
const campaigns = defineCollection({
  loader: campaignsLoader,
  schema: z.unknown().transform((data, context) => {
    const checked = checkedCampaignSchema.zod.safeParse(data ?? {});
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      const path = issue.path as (string | number)[];
      const where = `${labelsAlong(checkedCampaignSchema.editor, path).join(' → ')}${path.length > 0 ? ` (${path.join('.')})` : ''}`;
      context.addIssue({ code: 'custom', path, message: `${where}: ${issue.message}` });
    }
    return z.NEVER;
  }) as unknown as typeof checkedCampaignSchema.zod,
});

/** One collection per data file of the registry (src/content/schemas.ts), and the campaign pages. */
export const collections = {
  campaigns,
  ...(Object.fromEntries(CONTENT_NAMES.map((name) => [name, dataFile(name)])) as {
    [N in ContentName]: ReturnType<typeof dataFile<N>>;
  }),
};
