/**
 * Reads the production build (dist/, made before the end-to-end run) while test files load, so
 * that tests can be declared once per item the owner's content actually has: one test per
 * accordion item or tab, whatever their number.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';

const DIST = join(import.meta.dirname, '../../dist');

/**
 * The visible texts of the elements matching `selector` in the built page at `path`. None only
 * when the owner hid the section that holds them (`hidden`); otherwise none means the markup and
 * the test no longer agree, and the test file stops loading.
 */
export function textsInBuild(path: string, selector: string, hidden = false): string[] {
  const file = join(DIST, path.replace(/^\//, ''), 'index.html');
  if (!existsSync(file)) throw new Error(`No build of ${path} (${file}): run npm run build first.`);
  const window = new Window();
  window.document.write(readFileSync(file, 'utf8'));
  const texts = [...window.document.querySelectorAll(selector)].map((el) =>
    (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );
  void window.happyDOM.close();
  if (texts.length === 0 && !hidden) throw new Error(`No "${selector}" in the build of ${path}.`);
  return texts;
}
