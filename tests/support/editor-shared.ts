/**
 * One copy of the project with `npm run edit` running, for the editor's spec files that need the
 * project as it is and nothing else (campaign-form, live-preview, uploads): a worker that runs them
 * one after another starts the editor once (a copy, git, npm and the server: about 5 CPU-s a start)
 * rather than once a file. Each file starts from the copy as committed (`startFresh` in its
 * beforeAll), so what an earlier file wrote is put away. A file that needs a copy of its own (other
 * settings, a prepared project, commits of its own) starts one itself (`startEditorCopy`).
 *
 * Every editor spec file takes its `test` from here, whether it uses the copy or not: Playwright
 * runs tests of another set of fixtures in a worker of their own, and a file with the plain `test`
 * between these had a new worker (a Node process and a browser) started for it.
 */
import { test as base } from '@playwright/test';
import { startEditorCopy, type EditorCopy } from '../../harness/editor-copy.ts';

/**
 * A port of its own for each worker's copy: past the editor tests' own (EDITOR_PORT +0 the chain's,
 * +1 the results test's, +2 the chain's built site, +5 the results test's collector).
 */
function port(parallelIndex: number): number {
  const base = Number(process.env['EDITOR_PORT'] ?? 4331);
  return base + (parallelIndex < 2 ? 3 + parallelIndex : 5 + parallelIndex);
}

export const test = base.extend<object, { sharedEditor: EditorCopy }>({
  sharedEditor: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const editor = await startEditorCopy(
        `editor-${workerInfo.parallelIndex}`,
        port(workerInfo.parallelIndex),
      );
      await use(editor);
      await editor.stop();
    },
    // A guard against a hang: the first start may build the editor's app, a minute or more on a busy machine.
    { scope: 'worker', timeout: 360_000 },
  ],
});

/** The shared copy, its files as committed: what an earlier file wrote there is put away. */
export function startFresh(editor: EditorCopy): EditorCopy {
  editor.git('reset', '-q', '--hard');
  editor.git('clean', '-qfd');
  return editor;
}
