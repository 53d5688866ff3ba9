/**
 * Promoting a split test's winner in the editor, as one action: the owner ticks **Promote** on the
 * winning variant and saves the split tests. The save then carries two files: the variant's words
 * written into its page's own file (kit.yaml or community.yaml, figure tokens as written, every
 * other line as it was) and the test ended (`running: false`). The tick itself is never written.
 * Local mode does this in the editor's server (integration.ts), GitHub mode in the commit
 * (hosted/small-commits.ts), with the same function.
 */
import { parse, parseDocument, stringify } from 'yaml';
import { isPagePath, PAGES } from '../content/pages.ts';
import { contentPath } from '../content/schemas.ts';
import { YAML_STYLE } from './yaml-edit.ts';

/** The page's file with `words` (`{ 'hero.headline': '…' }`) written in, in its own layout. */
function pageWithWords(pageText: string, words: readonly (readonly [string, string])[]): string {
  const page = parseDocument(pageText);
  for (const [key, text] of words) page.setIn(key.split('.'), text);
  return page.toString(YAML_STYLE);
}

interface Variant {
  id?: unknown;
  fields?: Record<string, unknown>;
  promote?: unknown;
}
interface Test {
  page?: unknown;
  running?: unknown;
  variants?: Variant[];
}

interface PromotedSave {
  /** The split tests as saved, without the tick, the promoted test ended. */
  experiments: string;
  /** The page's file with the variant's words, when a variant was ticked. */
  page?: { path: string; contents: string };
}

/** A save of experiments.yaml (`saved`), with the promotion a ticked variant asks for carried out. */
export async function promoteOnSave(
  saved: string,
  readPage: (path: string) => Promise<string | undefined>,
): Promise<PromotedSave> {
  const data = parse(saved) as { experiments?: Test[] } | null;
  const tests = data?.experiments ?? [];
  let promoted: { test: Test; variant: Variant } | undefined;
  for (const test of tests) {
    for (const variant of test.variants ?? []) {
      if (variant.promote === true && !promoted) promoted = { test, variant };
      delete variant.promote;
    }
  }
  if (!promoted) return { experiments: saved };
  const { test, variant } = promoted;
  const path = contentPath(PAGES[isPagePath(test.page) ? test.page : '/'].name);
  const pageText = await readPage(path);
  if (pageText === undefined) throw new Error(`${path} could not be read: nothing was promoted.`);
  const words = Object.entries(variant.fields ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  test.running = false;
  return {
    experiments: stringify(data, YAML_STYLE),
    page: { path, contents: pageWithWords(pageText, words) },
  };
}
