/**
 * A page's words while a split test may run on it: the variant's words written in (for a
 * variant's page), or the page as written; and the test and variant the page tags itself with
 * (`data-experiment`, `data-variant`), so its page view and events are counted per variant.
 * A page with no running test is exactly the page as written, untagged.
 */
import { withVariantWords } from './experiment-fields.ts';
import { experimentOn } from './experiments.ts';
import { PAGES, type PageNameOf, type PagePath } from './pages.ts';
import type { Experiments } from './schemas.ts';

/** A variant page's test and variant (src/pages/variants/). */
export interface VariantProps {
  experiment: string;
  variant: string;
}

/** The test and variant a page names for analytics. */
export interface ExperimentTag {
  id: string;
  variant: string;
}

/** The words of the page at `page` (its data file, by the page registry), as a visitor of it gets them. */
export function pageUnderTest<
  P extends PagePath,
  C extends { experiments: Experiments } & Record<PageNameOf<P>, unknown>,
>(
  content: C,
  page: P,
  variant?: VariantProps,
): { experiment: ExperimentTag | undefined; words: C[PageNameOf<P>] } {
  const words = content[PAGES[page].name as PageNameOf<P>];
  const running = experimentOn(content.experiments, page);
  if (!running) {
    if (variant)
      throw new Error(`No split test runs on ${page}, so ${variant.experiment} has no page to build.`);
    return { experiment: undefined, words };
  }
  const chosen = variant
    ? running.variants.find((candidate) => candidate.id === variant.variant)
    : running.variants[0];
  if (!chosen || (variant && variant.experiment !== running.id))
    throw new Error(
      `${variant?.experiment}/${variant?.variant} is no variant of the test running on ${page}.`,
    );
  return {
    experiment: { id: running.id, variant: chosen.id },
    words: withVariantWords(words, chosen.fields ?? {}),
  };
}
