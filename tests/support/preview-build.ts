/**
 * The pages the live preview is compared with: `astro build` (the pages alone, no host configs or
 * compressed copies) of a copy of the project with two campaign pages (tests/support/campaign-build.ts's
 * indexed one on /community, and experiment-build.ts's on / hiding a section) and split tests
 * running on / and on that campaign page. The working tree and dist/ are left alone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { copyProject, type ProjectCopy } from '../../harness/project-copy.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { contentPath } from '../../src/content/schemas.ts';
import { astroBuild, INDEXED_CAMPAIGN, writeCampaign } from './campaign-build.ts';
import { CAMPAIGN_EXPERIMENT, TESTED_CAMPAIGN } from './experiment-build.ts';

export { CAMPAIGN_EXPERIMENT, INDEXED_CAMPAIGN, SAMPLE_EXPERIMENT, TESTED_CAMPAIGN };

export interface PagesBuild extends ProjectCopy {
  dist: string;
}

/** Builds the copy's pages: half a minute on an idle machine, minutes on a busy one. */
export async function buildPreviewedPages(): Promise<PagesBuild> {
  const copy = copyProject('preview');
  try {
    for (const { name, file } of [TESTED_CAMPAIGN, INDEXED_CAMPAIGN]) writeCampaign(copy.root, name, file);
    writeFileSync(
      join(copy.root, contentPath('experiments')),
      stringify({ experiments: [SAMPLE_EXPERIMENT, CAMPAIGN_EXPERIMENT] }),
    );
    await astroBuild(copy.root);
  } catch (error) {
    copy.remove();
    throw error;
  }
  return { ...copy, dist: join(copy.root, 'dist') };
}
