/**
 * The build's list of running split tests (EXPERIMENTS_FILE), as our server and the host config
 * generators read it from the build's folder; apart from runtime/experiments.ts so that what the
 * hosts' functions bundle uses no file system.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServedExperiment } from './experiments.ts';
import { EXPERIMENTS_FILE } from './rules.ts';

/** The running experiments of a build (EXPERIMENTS_FILE); none when absent. */
export async function servedExperiments(root: string): Promise<ServedExperiment[]> {
  const text = await readFile(join(root, EXPERIMENTS_FILE), 'utf8').catch(() => null);
  if (text === null) return [];
  const listed: unknown = JSON.parse(text);
  const id = /^[a-z0-9][a-z0-9-]*$/;
  const valid = (entry: unknown): entry is ServedExperiment => {
    const experiment = (entry ?? {}) as Partial<ServedExperiment>;
    return (
      typeof experiment.id === 'string' &&
      id.test(experiment.id) &&
      typeof experiment.page === 'string' &&
      /^\/[\w/-]*$/.test(experiment.page) &&
      Array.isArray(experiment.variants) &&
      experiment.variants.length >= 2 &&
      experiment.variants.every(
        (variant) =>
          typeof variant.id === 'string' &&
          id.test(variant.id) &&
          typeof variant.weight === 'number' &&
          variant.weight > 0 &&
          typeof variant.file === 'string' &&
          /^\/[\w/.-]+\.html$/.test(variant.file),
      )
    );
  };
  if (!Array.isArray(listed) || !listed.every(valid))
    throw new Error(`${join(root, EXPERIMENTS_FILE)}: expected a list of { id, page, variants }.`);
  return listed;
}
