/**
 * Publish's own check of a draft, before any merge: the branch's data files at the very commit
 * that would be merged, read through GitHub's API and checked by the build's own schemas and
 * resolver (the live preview's reading, src/content/preview-content.ts). What the build would
 * refuse stops the publish there, named by its file and field, whether or not the default branch
 * is protected and whatever the repository's check says. After a merge whose build failed, the same
 * reading of the merged commit says why, where the data files are the cause.
 */
import { previewContent } from '../../preview/preview-content.ts';
import { CAMPAIGN_FOLDER } from '../../../src/content/pages.ts';
import { isDataFile } from '../../preview/saved.ts';
import type { Problem } from './gate.ts';
import type { GitHub } from './github.ts';

/** The paths of a folder's files at `ref`; none when the folder is not there. */
async function listed(github: GitHub, folder: string, ref: string): Promise<string[]> {
  const answer = await github.raw(`/repos/${github.repo}/contents/${folder}?ref=${encodeURIComponent(ref)}`);
  if (answer.status === 404) return [];
  if (!answer.ok) throw new Error(`GitHub answered ${answer.status} for ${folder}`);
  return ((await answer.json()) as { path: string; type: string }[])
    .filter((entry) => entry.type === 'file')
    .map((entry) => entry.path);
}

/** A file's text at `ref`. */
async function text(github: GitHub, path: string, ref: string): Promise<string> {
  const answer = await github.raw(`/repos/${github.repo}/contents/${path}?ref=${encodeURIComponent(ref)}`, {
    accept: 'application/vnd.github.raw+json',
  });
  if (!answer.ok) throw new Error(`GitHub answered ${answer.status} for ${path}`);
  return answer.text();
}

/** What the build would refuse in the data files at `ref` (a commit), each with its file, in the build's words. */
export async function draftProblems(github: GitHub, ref: string): Promise<Problem[]> {
  const paths = (
    await Promise.all([listed(github, 'src/content', ref), listed(github, CAMPAIGN_FOLDER, ref)])
  )
    .flat()
    .filter(isDataFile);
  const texts = new Map(
    await Promise.all(paths.map(async (path) => [path, await text(github, path, ref)] as const)),
  );
  return previewContent(texts).refusals.map((refusal) => ({ file: refusal.file, text: refusal.message }));
}
