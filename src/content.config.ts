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
import { campaignNames } from './content/campaign-files.ts';
import { describeField, labelsAlong } from './content/field-labels.ts';
import { CAMPAIGN_FOLDER, checkedCampaignSchema } from './content/schemas/campaigns.ts';
import { contentFiles, contentPath, type ContentName } from './content/schemas.ts';

/**
 * The file's schema, its refusals reworded to name each field as the editor labels it. (A loader's
 * parser must not throw: Astro's file loader would only log it and build on with the file's last
 * good content.)
 */
function labelled<N extends ContentName>(name: N) {
  const schema = contentFiles[name].zod;
  return z.unknown().transform((data, context) => {
    const checked = schema.safeParse(data);
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
 * never quietly rewritten. A build with none says nothing (the glob loader would warn).
 */
const campaignFiles = glob({
  pattern: '*.yaml',
  base: CAMPAIGN_FOLDER,
  generateId: ({ entry }) => entry.replace(/\.yaml$/, ''),
});
const campaignsLoader: Loader = {
  name: 'campaigns',
  load: async (context) => {
    if (campaignNames().length === 0 && !context.watcher) return context.store.clear();
    return campaignFiles.load(context);
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

export const collections = {
  campaigns,
  offer: dataFile('offer'),
  kit: dataFile('kit'),
  community: dataFile('community'),
  faq: dataFile('faq'),
  testimonials: dataFile('testimonials'),
  footer: dataFile('footer'),
  meta: dataFile('meta'),
  videos: dataFile('videos'),
  experiments: dataFile('experiments'),
};
