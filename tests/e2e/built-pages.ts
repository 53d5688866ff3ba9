/**
 * Reads the production build (dist/, made before the end-to-end run) while test files load, so
 * that tests can be declared once per item the owner's content actually has: one test per
 * accordion item or tab, whatever their number.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { urlPathsOf } from '../../deploy/routes.ts';

const DIST = join(import.meta.dirname, '../../dist');

/**
 * The visible texts of the elements matching `selector` in the built page at `path`. None only
 * when the owner hid the section that holds them (`hidden`); otherwise none means the markup and
 * the test no longer agree, and the test file stops loading.
 */
export function textsInBuild(path: string, selector: string, hidden = false): string[] {
  if (!existsSync(DIST)) throw new Error(`No build in ${DIST}: run npm run build first.`);
  // The build's page served at `path`, by the route manifest's one mapping of files to URL paths.
  const page = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).find(
    (name) => name.endsWith('.html') && urlPathsOf(name).includes(path),
  );
  if (!page) throw new Error(`No page of the build in ${DIST} answers at ${path}.`);
  const file = join(DIST, page);
  const window = new Window();
  window.document.write(readFileSync(file, 'utf8'));
  const texts = [...window.document.querySelectorAll(selector)].map((el) =>
    (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
  void window.happyDOM.close();
  if (texts.length === 0 && !hidden) throw new Error(`No "${selector}" in the build of ${path}.`);
  return texts;
}
