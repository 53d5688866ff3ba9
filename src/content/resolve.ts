/**
 * The owner's data as the pages show it: every figure token in the copy replaced from offer.yaml,
 * and the figures the copy never types (totals, savings) computed. Pure: the build hands it the
 * data files read through their content collections (index.ts), the live preview the files as the
 * owner is writing them (preview-content.ts, a part of a file at a time), and the browser tests the
 * same files parsed against the same schemas, so all see the same words and figures.
 */
import { resolveFigureTokens, type FigureTable } from '../lib/figure-tokens.ts';
import { describeField } from './field-labels.ts';
import { comparisonFigures, figureTable } from './figures.ts';
import { CONTENT_NAMES, contentPath, type ContentData, type ContentName, type Offer } from './schemas.ts';

export type RawContent = { [N in ContentName]: ContentData<N> };

type CopyName = Exclude<ContentName, 'offer'>;

/** Every data file of the registry but offer.yaml: copy, its tokens resolved from offer.yaml. */
export type ResolvedCopy = { [N in CopyName]: ContentData<N> };

/** Every data file's name but offer.yaml's, in the registry's order. */
export const COPY_NAMES = CONTENT_NAMES.filter((name): name is CopyName => name !== 'offer');

export function resolveContent(raw: RawContent) {
  const { offer } = raw;
  const figures = figureTable(offer);
  const resolve = <N extends CopyName>(name: N): ContentData<N> =>
    resolveFigureTokens(raw[name], figures, contentPath(name), (path) => describeField(name, path));
  const copy = Object.fromEntries(COPY_NAMES.map((name) => [name, resolve(name)])) as ResolvedCopy;
  return shownContent(offer, copy);
}

/** The site's content as the pages show it: every file resolved (`resolveContent`). */
export type ShownContent = ReturnType<typeof resolveContent>;

/** The content as the pages show it, from the offer and every other file with its tokens resolved. */
export function shownContent(offer: Offer, copy: ResolvedCopy) {
  return { offer, comparison: comparisonFigures(offer), ...copy };
}

/**
 * One part of data file `name` (`hero` of kit.yaml) with its tokens resolved, each problem worded
 * as the build words it for the whole file: throws a ContentError listing them.
 */
export function resolvePart<T>(name: ContentName, part: string, value: T, figures: FigureTable): T {
  return resolveFigureTokens(value, figures, contentPath(name), (path) =>
    describeField(name, [part, ...path]),
  );
}
