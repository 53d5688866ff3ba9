/**
 * The split test the bench and the tests run on `/`: two headlines at 50/50, the second in words
 * any owner might write (not the owner's own), and the build of the site with it running, made in
 * a copy of the project so the working tree and dist/ are left alone.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { buildSite } from './production-like.ts';
import { copyProject } from './project-copy.ts';

/** The sample test started 80 days ago (the synthetic analytics log spans 100). */
const STARTED = new Date(Date.now() - 80 * 86_400_000).toISOString().slice(0, 10);

export const SAMPLE_EXPERIMENT = {
  id: 'kit-headline',
  page: '/',
  running: true,
  started: STARTED,
  // A bold change is worth finding only if it lifts sales by half: the log's lift is told in weeks.
  smallestLift: 50,
  variants: [
    { id: 'control', weight: 50 },
    {
      id: 'plain-question',
      weight: 50,
      fields: { 'hero.headline': 'Could your business survive a bad month?' },
    },
  ],
};

/** Makes the copy of the project at `root` run the sample test (its experiments.yaml holds just that). */
export function runSampleExperiment(root: string): void {
  writeFileSync(join(root, 'src/content/experiments.yaml'), stringify({ experiments: [SAMPLE_EXPERIMENT] }));
}

/** The default build with the sample test running, built in a copy of the project into `outDir`. */
export async function buildWithSampleExperiment(outDir: string): Promise<void> {
  const copy = copyProject('sample-experiment');
  try {
    runSampleExperiment(copy.root);
    await buildSite(outDir, {}, copy.root);
  } finally {
    copy.remove();
  }
}
