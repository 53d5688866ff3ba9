/**
 * Where the editor keeps its work. `npm run edit` writes to this computer's files (local mode);
 * the hosted editor's build (editor/build/hosted-editor.ts) bakes its repository into the app, which
 * then reads and commits through GitHub (GitHub mode). One configuration, two storage modes: the
 * forms, checks and uploads of config.ts are the same in both.
 */

import { EDITOR_BRANCH_PREFIX } from '../../runtime/editor.ts';

/** Set by the hosted editor's build only (Vite's `define`); absent everywhere else. */
declare const __HOSTED_EDITOR__: { repo: `${string}/${string}`; previewUrl: string | null } | undefined;

export const hostedEditor = typeof __HOSTED_EDITOR__ === 'undefined' ? undefined : __HOSTED_EDITOR__;

export const editorStorage = hostedEditor
  ? ({ kind: 'github', repo: hostedEditor.repo, branchPrefix: EDITOR_BRANCH_PREFIX } as const)
  : ({ kind: 'local' } as const);

/** A page's preview on a draft branch (`{branch}` is Keystatic's), when the host makes previews. */
export const previewUrl = hostedEditor?.previewUrl ?? undefined;
