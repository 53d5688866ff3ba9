/**
 * The one save of both editors. Keystatic writes each file of a save anew, in its own YAML style;
 * before the save leaves (local mode: in `npm run edit`'s server; GitHub mode: in the page, before
 * the commit is sent), every file of it passes through `keepLayout`: a campaign page's file is
 * tidied, a data file under src/content/ is laid onto the file as it was (yaml-edit.ts), so a
 * one-field edit is a one-line change, and a split test's ticked Promote carries its winning words
 * into its page's file in the same save (promote-on-save.ts), and a test switched on or off has its
 * day recorded (test-dates.ts). Text in, text out: each mode
 * decodes and encodes its own transport (base64url for the local API, base64 for GitHub).
 */
import { contentPath } from '../../src/content/schemas.ts';
import { promoteOnSave } from './promote-on-save.ts';
import { stampTestDays, today } from './test-dates.ts';
import { applyEdit, tidySave } from './yaml-edit.ts';

/** A data file of src/content/, laid onto its original at every save (campaign pages are tidied only). */
const DATA_FILE = /^src\/content\/[\w-]+\.yaml$/;
/** The split tests' file: a save of it may promote a variant. */
const EXPERIMENTS = contentPath('experiments');

/** One file of a save, as text. */
export interface SavedFile {
  path: string;
  text: string;
}

/** A file as it is before the save (on disk, or at the commit the save builds on); undefined when new. */
export type ReadOriginal = (path: string) => Promise<string | undefined>;

/** One file of a save as it is written: tidied, promoted from, and laid onto its original. */
async function keepFile(file: SavedFile, read: ReadOriginal): Promise<SavedFile[]> {
  if (!file.path.endsWith('.yaml')) return [file];
  const tidy = tidySave(file.path, file.text);
  if (!DATA_FILE.test(file.path)) return [{ path: file.path, text: tidy }];
  const original = await read(file.path);
  let saved = tidy;
  const more: SavedFile[] = [];
  if (file.path === EXPERIMENTS) {
    // A variant ticked Promote: its words go into its page's file, in the same save.
    const promoted = await promoteOnSave(saved, read);
    saved = promoted.experiments;
    if (promoted.page) more.push({ path: promoted.page.path, text: promoted.page.contents });
    // The days the verdict counts: started, ended, or the variants changed while running.
    saved = stampTestDays(original, saved, today());
  }
  // A new file (or its original unreadable for a moment): the save's own text goes as it is.
  const text = original === undefined ? saved : applyEdit(original, saved);
  return [{ path: file.path, text }, ...more];
}

/**
 * Every file of a save as it is to be written, in the save's order, with a promoted page's file
 * after the split tests' file that promoted it. Files that are not YAML pass as they are.
 */
export async function keepLayout(files: readonly SavedFile[], read: ReadOriginal): Promise<SavedFile[]> {
  const written: SavedFile[] = [];
  for (const file of files) written.push(...(await keepFile(file, read)));
  return written;
}
