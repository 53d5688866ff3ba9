/**
 * `npm run edit`'s build of the editor's app, kept between starts. The app (and the editor's parts
 * for the server, built for Node) depends on the editor's sources and the installed packages, never
 * on the owner's data, which the server reads at each opening of the page. So it is built once per
 * state of those, under a key made of them, in `node_modules/.cache/editor/<key>/` (git ignores
 * node_modules/, and so does Keystatic's view of the project): a start with nothing changed serves
 * the app built before. Two starts at once build it once (a lock folder), the other waits.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { buildEditorApp, buildServerParts, SERVER_PARTS_FILE, type PageSettings } from './editor-app.ts';

/** What the app is built from: the sources (src/ less the owner's data, editor/), the packages, the build's own code. */
const KEY_SOURCES = [
  'src',
  'editor',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'integrations/page-settings.ts',
];

/** The owner's data and uploads: read by the server at each opening, never built into the app. */
const isOwnersData = (path: string) =>
  path.startsWith('src/assets/') || (path.startsWith('src/content/') && path.endsWith('.yaml'));

/** A build older than this, its builder gone or stuck, no longer holds the lock. */
const LOCK_MS = 15 * 60_000;

export interface BuiltEditor {
  /** The browser app: its pages and assets/. */
  app: string;
  /** The editor's parts for the server (editor/app/server-parts.ts, built for Node). */
  parts: string;
  /** Whether this start built it, and in how many seconds. */
  built: { seconds: number } | null;
}

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * The key of the app the sources in `root` and the pages' settings make (the live preview draws
 * the buy links and addresses with them): a hash of each source's path and contents, and of them.
 */
export function editorKey(root: string, pages: PageSettings): string {
  const hash = createHash('sha256');
  hash.update(`${JSON.stringify(pages)}\0`);
  const files = KEY_SOURCES.flatMap((path) => filesUnder(root, path))
    .filter((path) => !isOwnersData(path))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Takes the lock for `key`, or waits while a live builder holds it; false when the build appeared meanwhile. */
async function lock(folder: string, ready: string): Promise<boolean> {
  for (;;) {
    try {
      await mkdir(folder);
      await writeFile(join(folder, 'pid'), String(process.pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (existsSync(ready)) return false;
    const holder = Number(await readFile(join(folder, 'pid'), 'utf8').catch(() => '0'));
    const since = statSync(folder, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if ((holder && !isAlive(holder)) || Date.now() - since > LOCK_MS)
      await rm(folder, { recursive: true, force: true });
    else await new Promise((done) => setTimeout(done, 500));
  }
}

/** The editor's app for the sources in `root`, built into `cache` if it is not there yet. */
export async function editorBuild(root: string, cache: string, pages: PageSettings): Promise<BuiltEditor> {
  const key = editorKey(root, pages);
  const folder = join(cache, key);
  const ready = join(folder, 'built.json');
  const built = { app: join(folder, 'app'), parts: join(folder, 'server', SERVER_PARTS_FILE) };
  if (existsSync(ready)) return { ...built, built: null };
  await mkdir(cache, { recursive: true });
  const lockFolder = join(cache, `${key}.lock`);
  if (!(await lock(lockFolder, ready))) return { ...built, built: null };
  try {
    const started = performance.now();
    const scratch = join(cache, `${key}.${process.pid}.tmp`);
    await buildEditorApp(join(scratch, 'app'), pages);
    await buildServerParts(join(scratch, 'server'), pages);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    await writeFile(join(scratch, 'built.json'), JSON.stringify({ key, seconds }));
    await rm(folder, { recursive: true, force: true });
    await rename(scratch, folder);
    // Only the newest build is kept: an older one is of sources no longer there.
    for (const entry of await readdir(cache))
      if (entry !== key && !entry.endsWith('.lock'))
        await rm(join(cache, entry), { recursive: true, force: true });
    return { ...built, built: { seconds } };
  } finally {
    await rm(lockFolder, { recursive: true, force: true });
  }
}
