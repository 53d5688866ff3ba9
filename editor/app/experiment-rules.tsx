/**
 * The split tests' rules that span several fields (one running test per page, each name used
 * once, the first variant without words of its own and every other with some, words only of the
 * test's page, a campaign page that exists), checked in the editor by the build's own function
 * with the campaign pages as the editor opened, so a Save the build would refuse is refused
 * here, in the same words.
 *
 * Keystatic checks each field alone, with its own value, and has no check for a list as a whole.
 * So the list's fields note their values as Keystatic checks them (it walks the form in order:
 * a test's name, page and switch, then each variant's name and words), and a field after the
 * list, which holds and writes nothing, runs the rules over what was noted and refuses the Save.
 */
import type { BasicFormField, ComponentSchema, FormFieldInputProps } from '@keystatic/core';
import { useSyncExternalStore } from 'react';
import {
  experimentProblems,
  type CampaignBases,
  type ExperimentDraft,
} from '../../src/content/schemas/experiments.ts';
import { noting, onFormCheck, ProblemNotice, recordProblem } from './save-problems.tsx';
import { switchField } from './fields.tsx';
import { testDay, testName, testPage, variantName, variantWords } from './split-test-form.tsx';

type Fields = Record<string, ComponentSchema>;
type ObjectSchema = ComponentSchema & { kind: 'object'; fields: Fields };
type ListSchema = ComponentSchema & { kind: 'array'; element: ObjectSchema };

/** The split tests as the fields of the form were last checked, in the form's order. */
let noted: ExperimentDraft[] = [];
onFormCheck(() => {
  noted = [];
});

const currentTest = (): ExperimentDraft => {
  if (noted.length === 0) noted.push({ id: '', page: '/', running: false, variants: [] });
  return noted[noted.length - 1]!;
};
const currentVariant = () => {
  const test = currentTest();
  if (test.variants.length === 0) test.variants.push({ id: '', fields: {} });
  return test.variants[test.variants.length - 1]!;
};

function asObject(schema: ComponentSchema | undefined): ObjectSchema {
  if (schema?.kind !== 'object')
    throw new Error('A split test part the rules read is not a group of fields.');
  return schema as ObjectSchema;
}
function asList(schema: ComponentSchema | undefined): ListSchema {
  if (schema?.kind !== 'array') throw new Error('A split test list the rules read is not a list.');
  return schema as ListSchema;
}

/** A variant's fields, noting its name and its words for the rules. */
function notedVariantFields(variant: ObjectSchema['fields'], words: ObjectSchema): ObjectSchema['fields'] {
  return {
    ...variant,
    id: variantName(
      noting(
        variant['id'],
        (value) => {
          currentTest().variants.push({ id: String(value ?? ''), fields: {} });
        },
        'split test',
      ),
    ),
    // Never written: a save with it ticked writes the words into the page (promote-on-save.ts).
    promote: switchField({
      label: 'Promote: on Save, write these words into the page and end the test',
      description: 'The winner, in one save: its words become the page’s own, and the test stops.',
    }),
    fields: {
      ...words,
      fields: Object.fromEntries(
        Object.entries(words.fields).map(([key, field]) => [
          key,
          variantWords(
            noting(
              field,
              (value) => {
                const text = typeof value === 'string' && value.trim() !== '' ? value : undefined;
                currentVariant().fields![key] = text;
              },
              'split test',
            ),
            key,
          ),
        ]),
      ),
    },
  };
}

/** The editor's list of split tests, its fields noting their values for the rules; `campaigns` as the editor opened. */
export function notedExperimentList(schema: ComponentSchema, campaigns: CampaignBases): ComponentSchema {
  const list = asList(schema);
  const test = asObject(list.element).fields;
  const variants = asList(test['variants']);
  const variant = asObject(variants.element).fields;
  const words = asObject(variant['fields']);
  return {
    ...list,
    element: {
      ...list.element,
      fields: {
        ...test,
        id: testName(
          noting(
            test['id'],
            (value) => noted.push({ id: String(value ?? ''), page: '/', running: false, variants: [] }),
            'split test',
          ),
        ),
        page: testPage(
          noting(
            test['page'],
            (value) => {
              currentTest().page = typeof value === 'string' ? value : '/';
            },
            'split test',
          ),
          campaigns,
        ),
        started: testDay(test['started']!),
        ended: testDay(test['ended']!),
        variantsChanged: testDay(test['variantsChanged']!),
        running: noting(
          test['running'],
          (value) => {
            currentTest().running = value === true;
          },
          'split test',
        ),
        variants: {
          ...variants,
          element: {
            ...variants.element,
            fields: notedVariantFields(variant, words),
          },
        },
      },
    },
  } as ComponentSchema;
}

/** "Split test 2 (kit-headline) → Variant 1": where a problem's path points, as the owner counts. */
function placeOf(path: (string | number)[], tests: readonly ExperimentDraft[]): string {
  const [index, , at] = path;
  if (typeof index !== 'number') return 'Split tests';
  const test = tests[index];
  const named = `Split test ${index + 1}${test?.id ? ` (${test.id})` : ''}`;
  if (path[1] !== 'variants' || typeof at !== 'number') return named;
  const variant = test?.variants[at];
  return `${named} → Variant ${at + 1}${variant?.id ? ` (${variant.id})` : ''}`;
}

let shown: string[] = [];
const listeners = new Set<() => void>();
function show(lines: string[]) {
  if (lines.join('\n') === shown.join('\n')) return;
  shown = lines;
  // Keystatic may check the form while React renders: tell the notice afterwards.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The broken rules, under the list once a Save has been tried. */
function RulesNotice({ forceValidation }: FormFieldInputProps<null>) {
  const lines = useSyncExternalStore(subscribe, () => shown);
  if (!forceValidation || lines.length === 0) return null;
  return (
    <ProblemNotice
      heading={`The split tests break ${lines.length === 1 ? 'a rule' : 'these rules'}`}
      lines={lines}
    />
  );
}

/** The field after the list that runs the rules over the noted tests (on `campaigns`); it holds and writes nothing. */
export function experimentRules(campaigns: CampaignBases): BasicFormField<null> {
  return {
    kind: 'form',
    label: 'Rules across split tests',
    Input: RulesNotice,
    defaultValue: () => null,
    parse: () => null,
    serialize: () => ({ value: undefined }),
    validate(value) {
      const tests = noted;
      const lines = experimentProblems(tests, campaigns).map(
        ({ path, message }) => `${placeOf(path, tests)}: ${message}`,
      );
      show(lines);
      for (const line of lines) recordProblem('Split tests', line);
      if (lines.length > 0) throw new Error(lines.join('; '));
      return value;
    },
    reader: { parse: () => null },
  };
}
