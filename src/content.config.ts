/**
 * The owner's data files (src/content/*.yaml) as Astro content collections: one collection per
 * file, holding one entry whose id is the file's path. Each file is checked against its schema as
 * it is read, so that a mistake stops the build (and shows on the dev server's page) naming the
 * file and the field as the editor labels it:
 * "src/content/kit.yaml: The kit page → Hero → Headline (hero.headline): must not be empty".
 */
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { parse } from 'yaml';
import { describeField } from './content/field-labels.ts';
import { contentFiles, contentPath, type ContentName } from './content/schemas.ts';
import { ContentError } from './lib/figure-tokens.ts';

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
        if (!data || typeof data !== 'object' || Array.isArray(data)) {
          throw new Error(
            `Invalid content in ${path}: the file must hold named fields, not a list or a value.`,
          );
        }
        const checked = contentFiles[name].zod.safeParse(data);
        if (!checked.success) {
          throw new ContentError(
            path,
            checked.error.issues.map(
              (issue) => `${describeField(name, issue.path as (string | number)[])}: ${issue.message}`,
            ),
          );
        }
        return { [path]: data as Record<string, unknown> };
      },
    }),
    schema: contentFiles[name].zod as (typeof contentFiles)[N]['zod'],
  });
}

export const collections = {
  offer: dataFile('offer'),
  kit: dataFile('kit'),
  community: dataFile('community'),
  faq: dataFile('faq'),
  testimonials: dataFile('testimonials'),
  footer: dataFile('footer'),
  meta: dataFile('meta'),
  videos: dataFile('videos'),
};
