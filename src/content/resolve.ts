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
import { contentPath, type ContentData, type ContentName } from './schemas.ts';

export type RawContent = { [N in ContentName]: ContentData<N> };

export function resolveContent(raw: RawContent) {
  const { offer } = raw;
  const figures = figureTable(offer);
  const resolve = <N extends Exclude<ContentName, 'offer'>>(name: N): ContentData<N> =>
    resolveFigureTokens(raw[name], figures, contentPath(name), (path) => describeField(name, path));
  return {
    offer,
    comparison: comparisonFigures(offer),
    kit: resolve('kit'),
    community: resolve('community'),
    faq: resolve('faq'),
    testimonials: resolve('testimonials'),
    footer: resolve('footer'),
    meta: resolve('meta'),
    videos: resolve('videos'),
    experiments: resolve('experiments'),
  };
}
