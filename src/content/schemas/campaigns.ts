/**
 * The schema of a campaign page, src/content/campaigns/<name>.yaml (answered at /<name>): the page
 * it is based on, the words it changes in the shape a split test's variant uses (`hero.headline:
 * …`, the same fields allowed), the sections it hides, and whether search engines may list it.
 */
import { z } from 'astro/zod';
import { parse } from 'yaml';
import {
  list,
  object,
  optionalObject,
  optionalText,
  select,
  type EditorField,
  type Field,
} from '../fields.ts';
import { CAMPAIGN_FOLDER, isPagePath, PAGE_PATHS, PAGES, type PagePath } from '../pages.ts';
import { testable, variantWordFields, type CampaignBases } from './experiments.ts';

export { CAMPAIGN_FOLDER };

/** The page a campaign page is based on: any page of the registry (src/content/pages.ts), by path. */
export type CampaignBase = PagePath;

/**
 * The campaign pages a split test may name, from their files' names and texts (`['podcast',
 * 'page: /…']`): each address with its base page. A file that does not parse, or names no page of
 * the registry, is left out (the build refuses that file itself).
 */
export function campaignBasesOf(files: readonly (readonly [string, string])[]): CampaignBases {
  return Object.fromEntries(
    files.flatMap(([name, text]) => {
      let page: unknown;
      try {
        page = (parse(text) as { page?: unknown } | null)?.page;
      } catch {
        return [];
      }
      return isPagePath(page) ? [[`/${name}`, page] as const] : [];
    }),
  );
}

/** The sections of a page the owner can hide (those with a `hidden` switch), in the page's order. */
function hideableSections(page: EditorField): string[] {
  if (page.kind !== 'object') return [];
  return Object.entries(page.fields)
    .filter(([, section]) => section.kind === 'object' && 'hidden' in section.fields)
    .map(([key]) => key);
}
const hideable = Object.fromEntries(
  PAGE_PATHS.map((page) => [page, hideableSections(PAGES[page].schema.editor)]),
) as Record<CampaignBase, string[]>;

/** Off unless ticked, and left out of the file while off. */
const indexSwitch: Field<z.ZodDefault<z.ZodBoolean>> = {
  zod: z.boolean().default(false),
  editor: {
    kind: 'checkbox',
    label: 'Found by search engines',
    description:
      'Off: search engines skip this page and count its base page instead (no second copy of the page in search). On: it is listed in the sitemap as a page of its own.',
    omitWhenOff: true,
  },
};

const hiddenList = list(
  select({
    label: 'Section',
    options: [...new Set(PAGE_PATHS.flatMap((page) => hideable[page]))] as [string, ...string[]],
  }),
  { label: 'Sections this page hides' },
);

export const campaignSchema = object(
  { label: 'Campaign page' },
  {
    name: optionalText({ label: 'Name (the page’s address is made from it: Podcast is /podcast)' }),
    page: select({ label: 'Based on the page', options: PAGE_PATHS }),
    index: indexSwitch,
    fields: optionalObject(
      {
        label: 'Words of this page',
        description: 'Only what differs from its base page; leave the rest empty.',
      },
      variantWordFields,
    ),
    hide: { zod: hiddenList.zod.optional(), editor: hiddenList.editor },
  },
);

/** A campaign page as the rules across its fields read it (the build's parsed file, or the editor's form). */
export interface CampaignDraft {
  page: CampaignBase;
  fields?: Record<string, string | undefined> | undefined;
  hide?: readonly string[] | undefined;
}

/** A rule broken, at the path of the field to fix. */
export interface CampaignProblem {
  path: (string | number)[];
  message: string;
}

/** Words and hidden sections only of what its base page has. The build and the editor both ask this. */
export function campaignProblems(campaign: CampaignDraft): CampaignProblem[] {
  const problems: CampaignProblem[] = [];
  const allowed = new Set(testable[campaign.page].map((field) => field.key));
  for (const [key, text] of Object.entries(campaign.fields ?? {}))
    if (text !== undefined && !allowed.has(key))
      problems.push({ path: ['fields', key], message: `${PAGES[campaign.page].label} has no such field` });
  (campaign.hide ?? []).forEach((section, at) => {
    if (!hideable[campaign.page].includes(section))
      problems.push({
        path: ['hide', at],
        message: `${PAGES[campaign.page].label} has no section ${section}`,
      });
  });
  return problems;
}

/** The schema with the rules across fields: what the build checks each campaign file against. */
export const checkedCampaignSchema = {
  zod: campaignSchema.zod.superRefine((campaign, context) => {
    for (const { path, message } of campaignProblems(campaign))
      context.addIssue({ code: 'custom', path, message });
  }),
  editor: campaignSchema.editor,
};
