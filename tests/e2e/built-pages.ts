/**
 * Reads the production build (dist/, made before the end-to-end run) without a browser: so that
 * tests can be declared once per item the owner's content actually has (one test per accordion
 * item or tab, whatever their number), and so that what the served HTML alone answers (the head,
 * structured data) is read from it rather than from a page load.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, Window } from 'happy-dom';
import { urlPathsOf } from '../../deploy/routes.ts';

const DIST = join(import.meta.dirname, '../../dist');

/**
 * Parses the build's page served at `path` (by the route manifest's one mapping of files to URL
 * paths) and hands its document to `read`, as the browser receives it before any script runs.
 */
export function readBuiltPage<T>(path: string, read: (document: Document) => T): T {
  if (!existsSync(DIST)) throw new Error(`No build in ${DIST}: run npm run build first.`);
  const page = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).find(
    (name) => name.endsWith('.html') && urlPathsOf(name).includes(path),
  );
  if (!page) throw new Error(`No page of the build in ${DIST} answers at ${path}.`);
  const window = new Window();
  window.document.write(readFileSync(join(DIST, page), 'utf8'));
  try {
    return read(window.document);
  } finally {
    void window.happyDOM.close();
  }
}

/**
 * The visible texts of the elements matching `selector` in the built page at `path`. None only
 * when the owner hid the section that holds them (`hidden`); otherwise none means the markup and
 * the test no longer agree, and the test file stops loading.
 */
export function textsInBuild(path: string, selector: string, hidden = false): string[] {
  const texts = readBuiltPage(path, (document) =>
    [...document.querySelectorAll(selector)].map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
  if (texts.length === 0 && !hidden) throw new Error(`No "${selector}" in the build of ${path}.`);
  return texts;
}
