/**
 * What `npm run edit`'s server (editor/node/local.ts) takes from the editor, built for Node
 * beside the app by scripts/edit.ts (the server imports nothing of src/, so it reads the editor
 * through this build): Keystatic's config (its local handler reads the data files' paths and the
 * upload folder from it), the one save, Promote, the owner's data the page opens with, and where
 * the editor may write.
 */
import { CONTENT_NAMES, contentPath } from '../../src/content/schemas.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import { IMAGE_DIRECTORY } from '../../src/content/fields.ts';

export { default as config } from './config.ts';
export { keepLayoutOfUpdate } from './local-updates.ts';
export { promoteFiles } from './results/promote.ts';
export { readOpeningFiles, withOpeningFiles } from './opening-content.ts';
export { SAVE_SETTLES_MS } from './settle.ts';

const DATA_FILES = new Set<string>(CONTENT_NAMES.map(contentPath));

/**
 * Whether a save or a promotion may write `path` (from the project root): a data file of the
 * registry, a campaign page's file, or an upload; nothing else under src/content/ or
 * src/assets/uploads/, and nothing outside them.
 */
export function mayWrite(path: string): boolean {
  if (path.includes('\\') || path.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return false;
  return (
    DATA_FILES.has(path) ||
    new RegExp(`^${CAMPAIGN_FOLDER}/[\\w-]+\\.yaml$`).test(path) ||
    path.startsWith(`${IMAGE_DIRECTORY}/`)
  );
}
