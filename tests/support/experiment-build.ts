/**
 * A production build of the site with a split test running on `/` (two headlines, 50/50), made in
 * a copy of the project (the working tree and dist/ are left alone) whose experiments.yaml holds
 * the sample test (scripts/lib/sample-experiment.ts), built by `npm run build` as a host would build
 * it (host configs and the split-test functions included).
 */
import { execFile } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { copyProject, type ProjectCopy } from '../../scripts/lib/project-copy.ts';
import { runSampleExperiment, SAMPLE_EXPERIMENT } from '../../scripts/lib/sample-experiment.ts';

export const VARIANT_HEADLINE = SAMPLE_EXPERIMENT.variants[1]!.fields!['hero.headline'];

export interface ExperimentBuild extends ProjectCopy {
  dist: string;
}

/** Builds the copy with `env` (the analytics settings); takes a minute or more. */
export async function buildWithExperiment(env: Record<string, string>): Promise<ExperimentBuild> {
  const copy = copyProject('experiment');
  // A temp folder is private to its owner; nginx's workers (another user when started as root) read the build.
  chmodSync(copy.root, 0o755);
  runSampleExperiment(copy.root);
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
