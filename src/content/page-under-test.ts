/**
 * A page's words while a split test may run on it: the variant's words written in (for a
 * variant's page), or the page as written; and the test and variant the page tags itself with
 * (`data-experiment`, `data-variant`), so its page view and events are counted per variant.
 * A page with no running test is exactly the page as written, untagged. A campaign page is a page
 * of its own here: a test on `/` never runs on `/podcast`, a test on `/podcast` changes its words.
 */
import { withVariantWords } from './experiment-fields.ts';
import { experimentOn } from './running-tests.ts';
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
  return wordsUnderTest(content.experiments, page, content[PAGES[page].name as PageNameOf<P>], variant);
}

/**
 * `words`, the words of the page answered at `path` (a page's, or a campaign page's: its base
 * page's with its own written in), as a visitor of it gets them while a test runs there.
 */
export function wordsUnderTest<W>(
  experiments: Experiments,
  path: string,
  words: W,
  variant?: VariantProps,
): { experiment: ExperimentTag | undefined; words: W } {
  const running = experimentOn(experiments, path);
  if (!running) {
    if (variant)
      throw new Error(`No split test runs on ${path}, so ${variant.experiment} has no page to build.`);
    return { experiment: undefined, words };
  }
  const chosen = variant
    ? running.variants.find((candidate) => candidate.id === variant.variant)
    : running.variants[0];
  if (!chosen || (variant && variant.experiment !== running.id))
    throw new Error(
      `${variant?.experiment}/${variant?.variant} is no variant of the test running on ${path}.`,
    );
  return {
    experiment: { id: running.id, variant: chosen.id },
    words: withVariantWords(words, chosen.fields ?? {}),
  };
}

/**
 * The words of `variant` on the page at `path`, whether or not its test runs yet (the live preview
 * shows a test's variants while the owner writes them); undefined when the page has no such test
 * or the test no such variant.
 */
export function variantWords<W>(
  experiments: Experiments,
  path: string,
  words: W,
  variant: VariantProps,
): W | undefined {
  const test = experiments.experiments.find(({ id, page }) => id === variant.experiment && page === path);
  const chosen = test?.variants.find(({ id }) => id === variant.variant);
  return chosen && withVariantWords(words, chosen.fields ?? {});
}
