/**
 * The files the preview draws from, as the owner is writing them: the saved files (saved.ts) with
 * every unsaved form's files (drafts.ts) laid over them. Data files as text, for the content's
 * pipeline; pictures as bytes, for pictures.ts. Followed as the owner types: the drafts are read
 * again several times a second (a small read of the browser's own store), and the saved files again
 * when a draft is dropped (the owner saved, or reset a form).
 */
import type { DataFiles } from './preview-content.ts';
import { draftsStamp, readDrafts, type Drafts } from './drafts.ts';
import { isDataFile, type SavedFiles } from './saved.ts';

/** How often the drafts are read: well inside the second the owner should wait for a change to show. */
export const DRAFT_READ_MS = 150;

export interface OwnerFiles {
  /** Every data file's text as the owner is writing it. */
  texts: DataFiles;
  /** A picture's bytes as the owner is choosing it: an unsaved choice first, else the saved file. */
  bytes: (path: string) => Promise<Uint8Array | undefined>;
  /** What changes whenever an unsaved picture does (the pictures are made again then). */
  picturesStamp: string;
  /** Records of unsaved changes this preview cannot read (the editor was updated): their keys. */
  unreadable: readonly string[];
}

/** The saved texts with each draft's data files laid over them, and the drafts' other files (pictures) by path. */
export function layDrafts(saved: ReadonlyMap<string, string>, { drafts }: Drafts) {
  const texts = new Map(saved);
  const pictures = new Map<string, Uint8Array>();
  // The oldest first: a newer draft of the same file wins.
  for (const draft of [...drafts].sort((a, b) => a.savedAt.getTime() - b.savedAt.getTime())) {
    for (const [path, bytes] of draft.files) {
      if (isDataFile(path)) texts.set(path, new TextDecoder().decode(bytes));
      else pictures.set(path, bytes);
    }
  }
  return { texts, pictures };
}

/**
 * The saved files' bytes (pictures), each read once until the saved files are read again (`forget`):
 * the page is prepared afresh at every keystroke and asks for each of its pictures, and each read is
 * a request to the editor's server or to GitHub's API, which a keystroke would otherwise wait for.
 */
export function savedBytesOnce(saved: SavedFiles) {
  const reads = new Map<string, Promise<Uint8Array | undefined>>();
  return {
    read(path: string): Promise<Uint8Array | undefined> {
      let read = reads.get(path);
      if (!read) {
        read = saved.bytes(path);
        reads.set(path, read);
        // A read that failed is tried again at the next asking.
        read.catch(() => reads.delete(path));
      }
      return read;
    },
    forget: () => reads.clear(),
  };
}

/**
 * Follows the owner's files, calling `onChange` with them at the start and after every change;
 * `onProblem` when the saved files cannot be read. Returns the stop.
 */
export function followOwnerFiles(
  saved: SavedFiles,
  onChange: (files: OwnerFiles) => void,
  onProblem: (message: string) => void,
): () => void {
  let stopped = false;
  const savedBytes = savedBytesOnce(saved);
  let savedTexts: Promise<Map<string, string>> = saved.texts();
  /** The saved files changed (a save) or could not be read: read them again, pictures too. */
  const readSavedAgain = () => {
    savedTexts = saved.texts();
    savedBytes.forget();
  };
  let stamp: string | undefined;
  let draftKeys = new Set<string>();
  const tick = async () => {
    const drafts = await readDrafts().catch((): Drafts => ({ drafts: [], unreadable: [] }));
    const now = draftsStamp(drafts);
    if (now === stamp) return;
    const keys = new Set(drafts.drafts.map((draft) => draft.key.join(' ')));
    // A draft dropped: the owner saved the form (or reset it), so the saved files are read again.
    if ([...draftKeys].some((key) => !keys.has(key))) readSavedAgain();
    draftKeys = keys;
    const { texts, pictures } = layDrafts(await savedTexts, drafts);
    stamp = now;
    if (stopped) return;
    onChange({
      texts,
      bytes: async (path) => pictures.get(path) ?? savedBytes.read(path),
      picturesStamp: [...pictures].map(([path, bytes]) => `${path}:${bytes.byteLength}`).join('|'),
      unreadable: drafts.unreadable,
    });
  };
  let running = false;
  const timer = window.setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch((error: unknown) => {
        stamp = undefined;
        readSavedAgain();
        onProblem(error instanceof Error ? error.message : String(error));
      })
      .finally(() => (running = false));
  }, DRAFT_READ_MS);
  return () => {
    stopped = true;
    window.clearInterval(timer);
  };
}
