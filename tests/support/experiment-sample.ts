/**
 * The small build of tests/support/site-facts.ts with a split test running on `/`: two headlines
 * at 50/50, the second variant's finished page under the variants' folder, and the list the build
 * writes for the hosts (runtime/experiments.ts EXPERIMENTS_FILE).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ServedExperiment } from '../../runtime/experiments.ts';
import { EXPERIMENTS_FILE } from '../../runtime/rules.ts';
import { routeManifest } from '../../deploy/routes.ts';
import { sampleBuild, type SampleBuild } from './site-facts.ts';

export const SAMPLE_EXPERIMENT: ServedExperiment = {
  id: 'kit-headline',
  page: '/',
  variants: [
    { id: 'control', weight: 50, file: '/index.html' },
    { id: 'plain-question', weight: 50, file: '/variants/kit-headline/plain-question/index.html' },
  ],
};

/** Words of each variant's page, to tell which one an answer sent. */
export const VARIANT_WORDS: Record<string, string> = {
  control: 'Kit page',
  'plain-question': 'Could your business survive a bad month?',
};

/** The variant a page's body is, by its words. */
export function variantOfBody(body: string): string | undefined {
  if (body.includes(VARIANT_WORDS['plain-question']!)) return 'plain-question';
  if (body.includes(VARIANT_WORDS['control']!)) return 'control';
  return undefined;
}

export async function experimentSample(
  experiment: ServedExperiment = SAMPLE_EXPERIMENT,
): Promise<SampleBuild> {
  const build = await sampleBuild();
  const body = `<!doctype html><title>Kit</title><h1>${VARIANT_WORDS['plain-question']}</h1>${'<!-- pad -->'.repeat(60)}`;
  for (const variant of experiment.variants.slice(1)) {
    const file = join(build.root, variant.file);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, body);
    await writeFile(`${file}.br`, brotliCompressSync(body));
    await writeFile(`${file}.gz`, gzipSync(body));
  }
  await writeFile(join(build.root, EXPERIMENTS_FILE), JSON.stringify([experiment]));
  return { ...build, manifest: await routeManifest(build.root) };
}
