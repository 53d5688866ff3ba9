/**
 * The "Results" item of the editor's navigation. Keystatic's navigation lists its collections and
 * singletons only, so the view is a singleton whose one field shows the results and holds and
 * writes nothing: its file (results.yaml, beside this one) stays as it is, so Save never lights up.
 */
import { singleton, type BasicFormField } from '@keystatic/core';
import { ResultsView } from './view.tsx';

const resultsField: BasicFormField<null> = {
  kind: 'form',
  label: 'Results',
  Input: ResultsView,
  defaultValue: () => null,
  parse: () => null,
  serialize: () => ({ value: undefined }),
  validate: (value) => value,
  reader: { parse: () => null },
};

export const resultsSingleton = singleton({
  label: 'Results',
  path: 'editor/app/results/results',
  format: { data: 'yaml' },
  schema: { results: resultsField },
});
