/**
 * The owner's data as the pages show it: every figure token in the copy replaced from offer.yaml,
 * and the figures the copy never types (totals, savings) computed. Pure: the build hands it the
 * data files read through their content collections (index.ts), and anything outside the build
 * (the browser tests) hands it the same files parsed against the same schemas, so both see the
 * same words and figures.
 */
import { resolveFigureTokens } from '../lib/figure-tokens.ts';
import { describeField } from './field-labels.ts';
import { comparisonFigures, figureTable } from './figures.ts';
import { CONTENT_NAMES, contentPath, type ContentData, type ContentName } from './schemas.ts';

export type RawContent = { [N in ContentName]: ContentData<N> };

type CopyName = Exclude<ContentName, 'offer'>;

export function resolveContent(raw: RawContent) {
  const { offer } = raw;
  const figures = figureTable(offer);
  const resolve = <N extends CopyName>(name: N): ContentData<N> =>
    resolveFigureTokens(raw[name], figures, contentPath(name), (path) => describeField(name, path));
  // Every data file of the registry but offer.yaml is copy, its tokens resolved from offer.yaml.
  const copy = Object.fromEntries(
    CONTENT_NAMES.filter((name): name is CopyName => name !== 'offer').map((name) => [name, resolve(name)]),
  ) as { [N in CopyName]: ContentData<N> };
  return { offer, comparison: comparisonFigures(offer), ...copy };
}
