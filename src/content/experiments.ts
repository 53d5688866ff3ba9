/**
 * The owner's split tests (experiments.yaml), as the build uses them: which page runs which test,
 * each variant's finished page (its words written into the page's content, figures resolved) and
 * the list every host reads to split visitors (integrations/experiments.ts writes it beside the build).
 * Build-time only; free of Astro's own modules, so the config can read it too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { PagePath } from './pages.ts';
import { contentPath, experimentsSchema, type Experiment, type Experiments } from './schemas.ts';

/** Where a variant's page is built: never linked, served in place of the page by every host. */
export const variantFile = (experiment: string, variant: string) =>
  `/variants/${experiment}/${variant}/index.html`;

/** The page's own file: the control's. */
const pageFile = (page: PagePath) => (page === '/' ? '/index.html' : `${page}/index.html`);

/** The file as the owner may write it: a bare list of tests, or under `experiments:` (the editor's way). */
export function parseExperiments(text: string): Experiments {
  const data: unknown = parse(text);
  return experimentsSchema.zod.parse(Array.isArray(data) ? { experiments: data } : (data ?? {}));
}

/** The tests running now, from a project's experiments.yaml. */
export function runningExperiments(experiments: Experiments): Experiment[] {
  return experiments.experiments.filter((test) => test.running);
}

/** The one running test of a page, if any. */
export function experimentOn(experiments: Experiments, page: PagePath): Experiment | undefined {
  return runningExperiments(experiments).find((test) => test.page === page);
}

/** What the build lists for the hosts: each running test, its variants' shares and files. */
export function servedList(experiments: Experiments) {
  return runningExperiments(experiments).map((test) => ({
    id: test.id,
    page: test.page,
    variants: test.variants.map((variant, index) => ({
      id: variant.id,
      weight: variant.weight,
      file: index === 0 ? pageFile(test.page) : variantFile(test.id, variant.id),
    })),
  }));
}

/** The running tests of the project at `root` (for the build's config, before content collections). */
export function readRunningList(root: string) {
  return servedList(parseExperiments(readFileSync(join(root, contentPath('experiments')), 'utf8')));
}
