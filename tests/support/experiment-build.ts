/**
 * A production build of the site with a split test running on `/` (two headlines, 50/50), made in
 * a copy of the project (the working tree and dist/ are left alone) whose experiments.yaml holds
 * the sample test (harness/sample-experiment.ts) and the one below, built by `npm run build` as a host would build
 * it (host configs and the split-test functions included). Beside it, a second test runs on a
 * campaign page, `/podcast` (tests/support/campaign-build.ts's, hiding a section too).
 */
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { copyProject, type ProjectCopy } from '../../harness/project-copy.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { contentPath } from '../../src/content/schemas.ts';
import { SAMPLE_CAMPAIGN, writeCampaign } from './campaign-build.ts';

export const VARIANT_HEADLINE = SAMPLE_EXPERIMENT.variants[1]!.fields!['hero.headline'];

/** The campaign page under test: the sample one (the kit page with a headline of its own), hiding the bundles too. */
export const TESTED_CAMPAIGN = {
  name: SAMPLE_CAMPAIGN.name,
  file: { ...SAMPLE_CAMPAIGN.file, hide: ['bundles'] },
};

/** The test on it: the campaign page as written against a headline of the variant's. */
export const CAMPAIGN_EXPERIMENT = {
  id: 'podcast-headline',
  page: `/${TESTED_CAMPAIGN.name}`,
  running: true,
  variants: [
    { id: 'control', weight: 50 },
    {
      id: 'from-the-show',
      weight: 50,
      fields: { 'hero.headline': 'You heard the episode. Here is the kit.' },
    },
  ],
};

export interface ExperimentBuild extends ProjectCopy {
  dist: string;
}

/** Builds the copy with `env` (the analytics settings); takes a minute or more. */
export async function buildWithExperiment(env: Record<string, string>): Promise<ExperimentBuild> {
  const copy = copyProject('experiment');
  // A temp folder is private to its owner; nginx's workers (another user when started as root) read the build.
  chmodSync(copy.root, 0o755);
  writeCampaign(copy.root, TESTED_CAMPAIGN.name, TESTED_CAMPAIGN.file);
  writeFileSync(
    join(copy.root, contentPath('experiments')),
    stringify({ experiments: [SAMPLE_EXPERIMENT, CAMPAIGN_EXPERIMENT] }),
  );
  await promisify(execFile)('npm', ['run', 'build'], {
    cwd: copy.root,
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      EXPERIMENT_SECRET: 'build-secret-for-nginx-0123',
      ...env,
    },
    timeout: 400_000,
    maxBuffer: 20 * 1024 * 1024,
  });
  return { ...copy, dist: join(copy.root, 'dist') };
}
