/** The schema of src/content/experiments.yaml: the split tests, each on one page's words. */
import { checkbox, count, list, object, optionalObject, optionalText, select, slug } from '../fields.ts';
import { testableFields, type TestableField } from '../experiment-fields.ts';
import { PAGE_PATHS, PAGES, type PagePath } from '../pages.ts';

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
const experiment = object(
  { label: 'Split test' },
  {
    id: slug({ label: 'Name (in reports, e.g. kit-headline)' }),
    page: select({ label: 'Page', options: PAGE_PATHS }),
    running: checkbox({ label: 'Running: visitors are split between the variants now (untick to end it)' }),
    variants: list(experimentVariant, {
      label: 'Variants (the first is the page as written)',
      itemLabel: 'id',
      min: 2,
      max: 4,
    }),
  },
);
const experimentList = list(experiment, { label: 'Split tests', itemLabel: 'id' });

/** A split test as the rules across its fields read it (the build's parsed data, or the editor's form). */
export interface ExperimentDraft {
  id: string;
  page: PagePath;
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
 * and words only of fields the test's page has. The build and the editor both ask this.
 */
export function experimentProblems(experiments: readonly ExperimentDraft[]): ExperimentProblem[] {
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
    const allowed = new Set(testable[test.page].map((field) => field.key));
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
        if (!allowed.has(key))
          problem([index, 'variants', at, 'fields', key], `${PAGES[test.page].label} has no such field`);
    });
  });
  return problems;
}

export const experimentsSchema = object(
  { label: 'Split tests' },
  {
    experiments: {
      zod: experimentList.zod.superRefine((experiments, context) => {
        for (const { path, message } of experimentProblems(experiments))
          context.addIssue({ code: 'custom', path, message });
      }),
      editor: experimentList.editor,
    },
  },
);
