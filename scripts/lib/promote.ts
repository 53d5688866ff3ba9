/**
 * Promoting a split test's winner, in one step: the variant's words are written into the page's
 * own file (kit.yaml or community.yaml, figure tokens as written) and the test is ended
 * (`running: false`), each file keeping its layout and comments (the yaml package's Document
 * API), so the change is the lines that changed. Nothing is written unless both files pass the
 * build's checks afterwards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isSeq, parse, parseDocument } from 'yaml';
import { parseExperiments } from '../../src/content/experiments.ts';
import { PAGES } from '../../src/content/pages.ts';
import { contentFiles, contentPath } from '../../src/content/schemas.ts';
import { pageWithWords } from '../../src/editor/promote-on-save.ts';
import { YAML_STYLE } from '../../src/editor/yaml-edit.ts';

export interface Promotion {
  /** The page's data file, from the project root. */
  pageFile: string;
  /** The fields written: `hero.headline` and its words. */
  written: [string, string][];
}

export function promoteVariant(root: string, experimentId: string, variantId: string): Promotion {
  const experimentsFile = join(root, contentPath('experiments'));
  const experimentsText = readFileSync(experimentsFile, 'utf8');
  const { experiments } = parseExperiments(experimentsText);
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

  const { name } = PAGES[experiment.page];
  const pageFile = join(root, contentPath(name));
  const pageText = pageWithWords(readFileSync(pageFile, 'utf8'), written);

  const tests = parseDocument(experimentsText);
  tests.setIn([...(isSeq(tests.contents) ? [] : ['experiments']), index, 'running'], false);
  const testsText = tests.toString(YAML_STYLE);

  // The build's own checks, before anything is written.
  contentFiles[name].zod.parse(parse(pageText));
  parseExperiments(testsText);
  writeFileSync(pageFile, pageText);
  writeFileSync(experimentsFile, testsText);
  return { pageFile: contentPath(name), written };
}
