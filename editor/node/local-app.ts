/**
 * The editor's app as `npm run edit`'s server serves it: the production build of editor/app/
 * (scripts/edit.ts builds it), read into memory once at start. Its pages (index.html, and
 * preview.html once the app has the live preview) are templates: the owner's data is put into
 * them at each request (local.ts), so they are kept as text.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { EDITOR_PAGE } from '../../runtime/editor.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

export interface AppFile {
  body: Buffer;
  type: string;
}

export interface EditorApp {
  /** Each file of the app but its pages, by its URL path (`/keystatic/assets/index-1a2b.js`). */
  files: Map<string, AppFile>;
  /** The editor's page (index.html). */
  page: string;
  /** The live preview's page (preview.html), when the app has one. */
  preview: string | undefined;
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The built app in `folder` (its index.html at the top). */
export async function loadEditorApp(folder: string): Promise<EditorApp> {
  const files = new Map<string, AppFile>();
  let page: string | undefined;
  let preview: string | undefined;
  for (const file of await filesUnder(folder)) {
    const name = relative(folder, file).split(sep).join('/');
    if (name === 'index.html') page = await readFile(file, 'utf8');
    else if (name === 'preview.html') preview = await readFile(file, 'utf8');
    else
      files.set(`${EDITOR_PAGE}/${name}`, {
        body: await readFile(file),
        type: TYPES[extname(name)] ?? 'application/octet-stream',
      });
  }
  if (page === undefined) throw new Error(`The editor's app in ${folder} has no index.html: rebuild it.`);
  return { files, page, preview };
}
