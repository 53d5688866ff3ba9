/**
 * Promoting a split test's winner, on the files' texts: the variant's words written into the
 * page's own file (kit.yaml or community.yaml, or a campaign page's own file under `fields:`:
 * words-file.ts; figure tokens as written) and the test ended
 * (`running: false`), each file keeping its layout and comments (the yaml package's Document
 * API), so the change is the lines that changed. Both texts pass the build's checks before they
 * are handed back. No file system here: `npm run experiment:promote` (scripts/lib/promote.ts)
 * and local mode's promote (`promoteFiles`, in `npm run edit`'s server) write them to disk, the hosted editor commits them
 * (github.ts), so all three promote the same way.
 */
import { isSeq, parse, parseDocument } from 'yaml';
import { contentPath, experimentsSchema, type Experiments } from '../../../src/content/schemas.ts';
import { withWords, wordsFileOf } from '../words-file.ts';
import { YAML_STYLE } from '../yaml-edit.ts';

/** experiments.yaml as the owner may write it: a bare list, or under `experiments:` (the editor's way). */
function parseTests(text: string): Experiments {
  const data: unknown = parse(text);
  return experimentsSchema.zod.parse(Array.isArray(data) ? { experiments: data } : (data ?? {}));
}

export interface PromotionPlan {
  /** The page's data file (a campaign page's own), from the project root. */
  pageFile: string;
  /** The fields written: `hero.headline` and its words. */
  written: [string, string][];
}

/** Which file the promotion writes and what, or an error saying why it cannot (read that file, then promoteTexts). */
export function planPromotion(experimentsText: string, experimentId: string, variantId: string) {
  const { experiments } = parseTests(experimentsText);
  const index = experiments.findIndex((experiment) => experiment.id === experimentId);
  const experiment = experiments[index];
  if (!experiment) throw new Error(`No split test is named ${experimentId}.`);
  const at = experiment.variants.findIndex((variant) => variant.id === variantId);
  if (at === -1)
    throw new Error(
      `${experimentId} has no variant ${variantId} (its variants: ${experiment.variants.map((v) => v.id).join(', ')}).`,
    );
  if (at === 0)
    throw new Error(`${variantId} is the page as written: end the test instead (untick Running).`);
  const written = Object.entries(experiment.variants[at]!.fields ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const file = wordsFileOf(experiment.page);
  return { index, file, plan: { pageFile: file.path, written } satisfies PromotionPlan };
}

/** The two files' new texts: the page with the variant's words, the tests with this one ended. */
export function promoteTexts(
  texts: { experiments: string; page: (pageFile: string) => string },
  experimentId: string,
  variantId: string,
): PromotionPlan & { pageText: string; experimentsText: string } {
  const { index, file, plan } = planPromotion(texts.experiments, experimentId, variantId);
  const pageText = withWords(file, texts.page(plan.pageFile), plan.written);

  const tests = parseDocument(texts.experiments);
  const at = [...(isSeq(tests.contents) ? [] : ['experiments']), index];
  tests.setIn([...at, 'running'], false);
  tests.setIn([...at, 'ended'], new Date().toISOString().slice(0, 10));
  const experimentsText = tests.toString(YAML_STYLE);

  // The build's own checks, before anything is written.
  file.check(parse(pageText));
  parseTests(experimentsText);
  return { ...plan, pageText, experimentsText };
}

/** One file a promotion writes, by its path from the project root. */
export interface PromotedFile {
  path: string;
  text: string;
}

/**
 * The promotion as files to write, the originals read through `read` (local mode's server reads
 * them from disk and writes the two files it gets back, or neither when this throws).
 */
export async function promoteFiles(
  read: (path: string) => Promise<string>,
  experimentId: string,
  variantId: string,
): Promise<PromotionPlan & { files: PromotedFile[] }> {
  const experimentsFile = contentPath('experiments');
  const experiments = await read(experimentsFile);
  const { plan } = planPromotion(experiments, experimentId, variantId);
  const pageText = await read(plan.pageFile);
  const result = promoteTexts({ experiments, page: () => pageText }, experimentId, variantId);
  return {
    pageFile: result.pageFile,
    written: result.written,
    files: [
      { path: result.pageFile, text: result.pageText },
      { path: experimentsFile, text: result.experimentsText },
    ],
  };
}
