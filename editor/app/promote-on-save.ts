/**
 * Promoting a split test's winner in the editor, as one action: the owner ticks **Promote** on the
 * winning variant and saves the split tests. The save then carries two files: the variant's words
 * written into its page's own file (kit.yaml or community.yaml, or a campaign page's own file under
 * `fields:`: words-file.ts; figure tokens as written, every
 * other line as it was) and the test ended (`running: false`). The tick itself is never written.
 * Local mode does this in the editor's server (integration.ts), GitHub mode in the commit
 * (app/small-commits.ts), with the same function.
 */
import { parse, stringify } from 'yaml';
import { withWords, wordsFileOf } from './words-file.ts';
import { YAML_STYLE } from './yaml-edit.ts';

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
  const file = wordsFileOf(typeof test.page === 'string' ? test.page : '/');
  const { path } = file;
  const pageText = await readPage(path);
  if (pageText === undefined) throw new Error(`${path} could not be read: nothing was promoted.`);
  const words = Object.entries(variant.fields ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  test.running = false;
  return {
    experiments: stringify(data, YAML_STYLE),
    page: { path, contents: withWords(file, pageText, words) },
  };
}
