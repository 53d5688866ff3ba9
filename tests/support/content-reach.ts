/**
 * What the owner's content reaches, written once: the owner-edits proof (tests/owner-edits/prove.ts)
 * runs it on an edited copy of the project, and the content check (`npm run test:content`,
 * tests/content/check.ts) runs it on the owner's change itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The first-screen tests: they read the page as built, not the owner's words, so e2eContentReaders misses them. */
export const FIRST_SCREEN_SPEC = 'tests/e2e/first-screen.spec.ts';

/** The first-screen test that runs at every width: how much of a page the owner's words let a first screen show. */
export const FIRST_SCREEN = 'the first screen shows nothing that waits for the whole stylesheet';

/** The byte budgets of the default build, each page's own and each campaign page's. */
export const BUDGETS_SPEC = 'tests/http/budgets.spec.ts';

/** The end-to-end test files that take expected words and figures from the owner's content. */
export function e2eContentReaders(root: string): string[] {
  const folder = join(root, 'tests/e2e');
  const readers = readdirSync(folder)
    .filter((name) => name.endsWith('.spec.ts'))
    .filter((name) => readFileSync(join(folder, name), 'utf8').includes('/harness/site-content.ts'))
    .map((name) => `tests/e2e/${name}`);
  if (readers.length === 0) throw new Error('content-reach: no end-to-end test reads the content.');
  return readers;
}

/**
 * A test file that reads the project's own data files (through the content helpers, the editor's
 * opening data, or a path from the project's root), not a fixture of its own: a test of the
 * editor's or the server's mechanics names `src/content/offer.yaml` of a repository it makes, and
 * no edit of the owner's can reach it.
 */
const READS_THE_PROJECT = /site-content\.ts|editor-opening\.ts|PROJECT_ROOT|contentOf\(|siteContent/;

/**
 * What the unit tests the owner's content can reach are related to, for `vitest related`: the
 * content layer (src/content/*.ts, which reads the data files), so each test file whose imports
 * lead there, and each test file that reads the project's data files itself. The rest of the unit
 * suite cannot see an edit.
 */
export function unitContentRoots(root: string): string[] {
  const layer = readdirSync(join(root, 'src/content'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `src/content/${name}`);
  const naming = readdirSync(join(root, 'tests/unit'), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .filter((name) => {
      const text = readFileSync(join(root, 'tests/unit', name), 'utf8');
      return /src\/content|\.yaml\b/.test(text) && READS_THE_PROJECT.test(text);
    })
    .map((name) => `tests/unit/${name}`);
  return [...layer, ...naming];
}

/** A whole page's accessibility scan, at each width (tests/e2e/a11y.spec.ts), by the page's address. */
export const pageScanTitle = (path: string) => `${path} has no axe violations and no HTML_CodeSniffer issues`;

/**
 * The scans of each state of a page's widgets (every accordion item open, every tab selected, every
 * FAQ answer open), in the page's own test file (tests/e2e/kit.spec.ts for kit.yaml's page): each
 * such test's title begins so.
 */
export const WIDGET_SCANS = 'axe finds nothing with each';
