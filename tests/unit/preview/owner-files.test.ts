// @vitest-environment happy-dom
/**
 * The files the live preview draws from, followed as the owner types: a keystroke redraws the page
 * from the drafts without asking the editor's server (or GitHub) for the saved pictures again; a
 * save, which changes the saved files, has them read again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentPath } from '../../../src/content/schemas.ts';
import type * as DraftsModule from '../../../editor/preview/drafts.ts';
import type { Drafts } from '../../../editor/preview/drafts.ts';
import {
  DRAFT_READ_MS,
  followOwnerFiles,
  savedBytesOnce,
  type OwnerFiles,
} from '../../../editor/preview/owner-files.ts';
import type { SavedFiles } from '../../../editor/preview/saved.ts';

/** The drafts the preview reads at its next look (Keystatic's IndexedDB, stood in for). */
let drafts: Drafts = { drafts: [], unreadable: [] };
vi.mock('../../../editor/preview/drafts.ts', async (original) => ({
  ...(await original<typeof DraftsModule>()),
  readDrafts: () => Promise.resolve(drafts),
}));

const KIT = contentPath('kit');
const PHOTO = 'src/assets/uploads/owner.png';

/** Saved files that count each read of a picture. */
function savedFiles() {
  const asked: string[] = [];
  const saved: SavedFiles = {
    texts: () => Promise.resolve(new Map([[KIT, 'hero: {}\n']])),
    bytes: (path) => {
      asked.push(path);
      return Promise.resolve(new Uint8Array([1, 2, 3]));
    },
  };
  return { saved, asked };
}

/** The kit form's draft as Keystatic keeps it, written at `time`. */
const kitDraft = (time: number): Drafts => ({
  drafts: [
    {
      key: ['singleton', 'kit'],
      savedAt: new Date(time),
      files: new Map([[KIT, new TextEncoder().encode(`hero: { headline: '${time}' }\n`)]]),
    },
  ],
  unreadable: [],
});

describe('the saved pictures', () => {
  it('are each read once, again after a failed read, and again once forgotten', async () => {
    let fail = true;
    const asked: string[] = [];
    const once = savedBytesOnce({
      texts: () => Promise.resolve(new Map()),
      bytes: (path) => {
        asked.push(path);
        return fail ? Promise.reject(new Error('offline')) : Promise.resolve(new Uint8Array([7]));
      },
    });
    await expect(once.read(PHOTO)).rejects.toThrow('offline');
    fail = false;
    expect(await once.read(PHOTO)).toEqual(new Uint8Array([7]));
    await once.read(PHOTO);
    expect(asked).toEqual([PHOTO, PHOTO]);
    once.forget();
    await once.read(PHOTO);
    expect(asked).toEqual([PHOTO, PHOTO, PHOTO]);
  });
});

describe('following the owner’s files', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    drafts = { drafts: [], unreadable: [] };
  });
  afterEach(() => vi.useRealTimers());

  it('redraws at each keystroke without reading the saved pictures again; a save reads them again', async () => {
    const { saved, asked } = savedFiles();
    const seen: OwnerFiles[] = [];
    const stop = followOwnerFiles(saved, (files) => seen.push(files), vi.fn());
    try {
      const look = async (next: Drafts) => {
        drafts = next;
        await vi.advanceTimersByTimeAsync(DRAFT_READ_MS);
        await seen.at(-1)!.bytes(PHOTO);
      };
      await look(kitDraft(1));
      await look(kitDraft(2));
      await look(kitDraft(3));
      expect(seen.map((files) => files.texts.get(KIT))).toEqual([
        "hero: { headline: '1' }\n",
        "hero: { headline: '2' }\n",
        "hero: { headline: '3' }\n",
      ]);
      expect(asked).toEqual([PHOTO]);
      // Saved: Keystatic drops the form's draft, and the page is drawn from the saved files.
      await look({ drafts: [], unreadable: [] });
      expect(seen.at(-1)!.texts.get(KIT)).toBe('hero: {}\n');
      expect(asked).toEqual([PHOTO, PHOTO]);
    } finally {
      stop();
    }
  });
});
