/**
 * The schema of src/content/experiments.yaml: the split tests, each on one page's words, that page
 * a page of the registry (`/`, `/community`) or a campaign page (`/podcast`, whose words are its
 * base page's).
 */
import { z } from 'astro/zod';
import {
  checkbox,
  count,
  list,
  object,
  optionalCount,
  optionalDay,
  optionalObject,
  optionalText,
  slug,
  type Field,
} from '../fields.ts';
import { testableFields, type TestableField } from '../experiment-fields.ts';
import { campaignFile, isPagePath, PAGE_PATHS, PAGES, type PagePath } from '../pages.ts';

/** Each page's testable fields: what a variant, or a campaign page (campaigns.ts), may change. */
export const testable = Object.fromEntries(
  PAGE_PATHS.map((page) => [page, testableFields(PAGES[page].schema.editor)]),
) as Record<PagePath, TestableField[]>;
/** Every testable field of any page, once, labelled with the page when only one has it. */
export const variantWordFields = Object.fromEntries(
  PAGE_PATHS.flatMap((page) => testable[page])
    .filter((field, index, all) => all.findIndex((other) => other.key === field.key) === index)
    .map(({ key, label }) => {
      const pages = PAGE_PATHS.filter((page) => testable[page].some((f) => f.key === key));
      const only = pages.length === 1 ? ` (${PAGES[pages[0]!].label})` : '';
      return [key, optionalText({ label: `${label}${only}`, multiline: /lede|intro|description/.test(key) })];
    }),
);
const experimentVariant = object(
  { label: 'Variant' },
  {
    id: slug({ label: 'Name (in reports, e.g. plain-question)' }),
    weight: count({ label: 'Share of visitors (relative: 50 and 50 is an even split)', min: 1 }),
    fields: optionalObject(
      {
        label: 'Words of this variant',
        description:
          'Only what differs from the page; leave the rest empty. The first variant is the page as written: leave all of its words empty.',
      },
      variantWordFields,
    ),
  },
);

/**
 * The campaign pages a split test may name (src/content/campaigns/), each by its address with the
 * page it is based on: `{ '/podcast': '/' }`. The build reads them from the files
 * (campaign-files.ts), the editor from the files as it opens (editor/app/config.ts).
 */
export type CampaignBases = Readonly<Record<string, PagePath>>;

/**
 * The page whose words a test on `page` changes: the page itself, or a campaign page's base page;
 * undefined for a campaign page `campaigns` does not hold (or any, where they are not at hand).
 */
export function basePageOf(page: string, campaigns: CampaignBases = {}): PagePath | undefined {
  if (isPagePath(page)) return page;
  return Object.hasOwn(campaigns, page) ? campaigns[page] : undefined;
}

/** A page's address: `/`, or `/` and lower-case letters, digits and hyphens (a campaign page's). */
const PAGE_ADDRESS = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/;

/** Whether `value` is written as a page's address (it may still be no page of the site). */
export const isPageAddress = (value: string): boolean => PAGE_ADDRESS.test(value);

/** The test's page: one of the registry's, or a campaign page's address; the editor offers those it knows. */
function testedPage(campaigns: CampaignBases | undefined): Field<z.ZodString> {
  return {
    zod: z
      .string()
      .regex(PAGE_ADDRESS, 'must be a page’s address: /, /community or a campaign page’s (/podcast)'),
    editor: {
      kind: 'select',
      label: 'Page',
      description: 'The page whose words the test changes: /, /community or a campaign page (/podcast).',
      options: [...PAGE_PATHS, ...Object.keys(campaigns ?? {}).sort()],
    },
  };
}

const experiment = (campaigns: CampaignBases | undefined) =>
  object(
    { label: 'Split test' },
    {
      id: slug({ label: 'Name (in reports, e.g. kit-headline)' }),
      page: testedPage(campaigns),
      running: checkbox({ label: 'Running: visitors are split between the variants now (untick to end it)' }),
      smallestLift: optionalCount({
        label: 'Smallest lift worth finding (%)',
        description:
          'The smallest rise in buyers that would be worth the change: 20 if left empty. A smaller lift takes longer to find (the owner’s guide has a table).',
        min: 1,
      }),
      started: optionalDay({
        label: 'Started',
        description: 'Set by the editor when Running is ticked and saved: the Results count from this day.',
      }),
      ended: optionalDay({
        label: 'Ended',
        description: 'Set by the editor when Running is unticked and saved.',
      }),
      variantsChanged: optionalDay({
        label: 'Variants changed while running',
        description:
          'Set by the editor when a variant is added or removed, or a share changes, while the test runs: the Results count from this day, so every variant is compared over the same days.',
      }),
      variants: list(experimentVariant, {
        label: 'Variants (the first is the page as written)',
        itemLabel: 'id',
        min: 2,
        max: 4,
      }),
    },
  );
const experimentList = (campaigns: CampaignBases | undefined) =>
  list(experiment(campaigns), { label: 'Split tests', itemLabel: 'id' });

/** A split test as the rules across its fields read it (the build's parsed data, or the editor's form). */
export interface ExperimentDraft {
  id: string;
  /** `/`, `/community` or a campaign page's address. */
  page: string;
  running: boolean;
  variants: { id: string; fields?: Record<string, string | undefined> | undefined }[];
}

/** A rule broken, at the path of the field to fix (from the list of split tests down). */
export interface ExperimentProblem {
  path: (string | number)[];
  message: string;
}

/**
 * The rules no single field can check: one running test per page, each name used once (tests, and
 * variants within a test), the first variant without words of its own and every other with some,
 * and words only of fields the test's page has (a campaign page's: its base page's), on a page
 * that exists. The build and the editor both ask this, each with the campaign pages it reads;
 * without them (undefined), a test on a campaign page has its page and words unchecked.
 */
export function experimentProblems(
  experiments: readonly ExperimentDraft[],
  campaigns?: CampaignBases,
): ExperimentProblem[] {
  const problems: ExperimentProblem[] = [];
  const problem = (path: (string | number)[], message: string) => problems.push({ path, message });
  const runningOn = new Map<string, string>();
  experiments.forEach((test, index) => {
    if (experiments.findIndex((other) => other.id === test.id) !== index)
      problem([index, 'id'], `another split test is already named ${test.id}`);
    if (test.running) {
      const other = runningOn.get(test.page);
      if (other) problem([index, 'running'], `${other} is already running on ${test.page}: end it first`);
      else runningOn.set(test.page, test.id);
    }
    const base = basePageOf(test.page, campaigns);
    if (!base && campaigns)
      problem(
        [index, 'page'],
        `no campaign page is at ${test.page} (${campaignFile(test.page)} does not exist): choose a page the site has`,
      );
    const allowed = base && new Set(testable[base].map((field) => field.key));
    test.variants.forEach((variant, at) => {
      if (test.variants.findIndex((other) => other.id === variant.id) !== at)
        problem([index, 'variants', at, 'id'], `another variant is already named ${variant.id}`);
      const words = Object.entries(variant.fields ?? {}).filter(([, text]) => text !== undefined);
      if (at === 0 && words.length > 0)
        problem(
          [index, 'variants', 0, 'fields'],
          'the first variant is the page as written: leave its words empty',
        );
      if (at > 0 && words.length === 0)
        problem(
          [index, 'variants', at, 'fields'],
          'a variant needs at least one word that differs from the page',
        );
      for (const [key] of words)
        if (base && allowed && !allowed.has(key))
          problem([index, 'variants', at, 'fields', key], `${PAGES[base].label} has no such field`);
    });
  });
  return problems;
}

/** The split tests' schema, with the rules across fields checked against `campaigns` (see experimentProblems). */
function experimentsSchemaOf(campaigns: CampaignBases | undefined) {
  const tests = experimentList(campaigns);
  return object(
    { label: 'Split tests' },
    {
      experiments: {
        zod: tests.zod.superRefine((experiments, context) => {
          for (const { path, message } of experimentProblems(experiments, campaigns))
            context.addIssue({ code: 'custom', path, message });
        }),
        editor: tests.editor,
      },
    },
  );
}

/**
 * The split tests as a file is read where the campaign pages are not at hand (the results view,
 * promotion): a test on a campaign page is taken as written.
 */
export const experimentsSchema = experimentsSchemaOf(undefined);

/** The split tests as the build and the editor check them: on pages that exist, with their words. */
export const checkedExperimentsSchema = (campaigns: CampaignBases) => experimentsSchemaOf(campaigns);
