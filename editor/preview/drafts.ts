/**
 * The owner's unsaved changes, as Keystatic keeps them. Keystatic writes each form's state to the
 * browser's IndexedDB at every change (database `keystatic`, store `items`): under a key naming the
 * form (`['singleton', 'kit']`, `['collection', 'campaigns', 'podcast']`, `['collection-create',
 * 'campaigns']`), a record `{ version: 1, savedAt, files }` whose `files` maps each file's path to
 * the bytes a Save would write. The preview, on the editor's own origin, reads them here and lays
 * them over the saved files.
 *
 * That record is Keystatic's own, not a published interface: its version is pinned in
 * package.json, and a record of another shape is reported (never guessed at), so an update that
 * changes it shows the saved page with one line saying so, and the contract tests fail.
 */

const DATABASE = 'keystatic';
const STORE = 'items';

/** The draft format this preview reads (Keystatic 0.6's `storedValSchema`). */
export const DRAFT_VERSION = 1;

/** One form's unsaved files, by path from the project root. */
export interface Draft {
  key: readonly (string | number)[];
  savedAt: Date;
  files: ReadonlyMap<string, Uint8Array>;
}

export interface Drafts {
  drafts: Draft[];
  /** Records this preview cannot read (another format): their keys, for the one line it shows. */
  unreadable: string[];
}

/** A stored record as Keystatic 0.6 writes it, or undefined when it is not one. */
export function asDraft(key: unknown, value: unknown): Draft | undefined {
  if (!Array.isArray(key) || !key.every((part) => typeof part === 'string' || typeof part === 'number'))
    return undefined;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as { version?: unknown; savedAt?: unknown; files?: unknown };
  if (record.version !== DRAFT_VERSION || !(record.savedAt instanceof Date)) return undefined;
  if (!(record.files instanceof Map)) return undefined;
  for (const [path, bytes] of record.files)
    if (typeof path !== 'string' || !(bytes instanceof Uint8Array)) return undefined;
  return { key, savedAt: record.savedAt, files: record.files as Map<string, Uint8Array> };
}

function request<T>(action: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    action.onsuccess = () => resolve(action.result);
    action.onerror = () => reject(action.error ?? new Error('IndexedDB refused the read.'));
  });
}

/** Keystatic's database, opened without creating or upgrading it: none yet means no draft yet. */
async function openDrafts(): Promise<IDBDatabase | undefined> {
  const opening = indexedDB.open(DATABASE);
  let created = false;
  opening.onupgradeneeded = () => {
    created = true;
    opening.transaction?.abort();
  };
  try {
    const database = await request(opening);
    if (created || !database.objectStoreNames.contains(STORE)) {
      database.close();
      return undefined;
    }
    return database;
  } catch {
    // Aborted because it did not exist: Keystatic makes it at the first change.
    return undefined;
  }
}

/** Every unsaved form's files, and the keys of any record this preview cannot read. */
export async function readDrafts(): Promise<Drafts> {
  const database = await openDrafts();
  if (!database) return { drafts: [], unreadable: [] };
  try {
    const store = database.transaction(STORE, 'readonly').objectStore(STORE);
    const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
    const drafts: Draft[] = [];
    const unreadable: string[] = [];
    keys.forEach((key, index) => {
      const draft = asDraft(key, values[index]);
      if (draft) drafts.push(draft);
      else unreadable.push(JSON.stringify(key));
    });
    return { drafts, unreadable };
  } finally {
    database.close();
  }
}

/** Which form a draft is of, in the editor's words: `singleton kit`, `collection campaigns podcast`. */
export const draftName = (draft: Draft): string => draft.key.join(' ');

/** What changes whenever a draft is written, added or dropped: each draft's form and time. */
export const draftsStamp = ({ drafts, unreadable }: Drafts): string =>
  [...drafts.map((draft) => `${draftName(draft)}@${draft.savedAt.getTime()}`), ...unreadable]
    .sort()
    .join('|');
