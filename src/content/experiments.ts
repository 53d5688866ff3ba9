/**
 * The owner's split tests (experiments.yaml), as the build lists them: each variant's finished
 * page file and the list every host reads to split visitors (integrations/experiments.ts writes it
 * beside the build). Which test runs on which page is running-tests.ts's. Build-time only (it reads
 * the project's files); free of Astro's own modules, so the config can read it too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { campaignBases } from './campaign-files.ts';
import { contentPath, experimentsSchema, type Experiments } from './schemas.ts';
import { checkedExperimentsSchema, type CampaignBases } from './schemas/experiments.ts';
import { runningExperiments } from './running-tests.ts';

/** Where a variant's page is built: never linked, served in place of the page by every host. */
export const variantFile = (experiment: string, variant: string) =>
  `/variants/${experiment}/${variant}/index.html`;

/** The page's own file (a campaign page's too: /podcast is /podcast/index.html): the control's. */
const pageFile = (page: string) => (page === '/' ? '/index.html' : `${page}/index.html`);

/**
 * The file as the owner may write it: a bare list of tests, or under `experiments:` (the editor's
 * way); checked against the project's campaign pages when `campaigns` is given.
 */
export function parseExperiments(text: string, campaigns?: CampaignBases): Experiments {
  const data: unknown = parse(text);
  const schema = campaigns ? checkedExperimentsSchema(campaigns) : experimentsSchema;
  return schema.zod.parse(Array.isArray(data) ? { experiments: data } : (data ?? {}));
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
  const text = readFileSync(join(root, contentPath('experiments')), 'utf8');
  return servedList(parseExperiments(text, campaignBases(root)));
}
