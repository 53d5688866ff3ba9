/**
 * `npm run experiment:promote`: the winner's words into the page's own file and the test ended,
 * in one step, by the code the editor's Promote button runs (editor/app/results/promote.ts);
 * nothing is written unless both files pass the build's checks.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentPath } from '../../src/content/schemas.ts';
import { promoteTexts, type PromotionPlan } from '../../editor/app/results/promote.ts';

export function promoteVariant(root: string, experimentId: string, variantId: string): PromotionPlan {
  const experimentsFile = join(root, contentPath('experiments'));
  const result = promoteTexts(
    {
      experiments: readFileSync(experimentsFile, 'utf8'),
      page: (pageFile) => readFileSync(join(root, pageFile), 'utf8'),
    },
    experimentId,
    variantId,
  );
  writeFileSync(join(root, result.pageFile), result.pageText);
  writeFileSync(experimentsFile, result.experimentsText);
  return { pageFile: result.pageFile, written: result.written };
}
