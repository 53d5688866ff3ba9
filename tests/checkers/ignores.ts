/**
 * The one list of outside-checker findings we keep, each with a one-line reason
 * (tests/checkers/ignores.json). Anything a checker reports that no entry covers fails the test.
 *
 * - `vnu` (the Nu Html Checker): `message` is a regular expression for the message; `url` an
 *   optional one for the checked URL or file, `source` for the markup the message points at.
 * - `htmlcs` (HTML_CodeSniffer): `code` is the sniff's code, `selector` the CSS selector the
 *   reported element must match; HTMLCS warnings count as well as errors.
 */
import { readFileSync } from 'node:fs';

export type Ignore =
  | { checker: 'vnu'; message: string; url?: string; source?: string; reason: string }
  | { checker: 'htmlcs'; code: string; selector: string; reason: string };

export const IGNORES: Ignore[] = JSON.parse(
  readFileSync(new URL('./ignores.json', import.meta.url), 'utf8'),
) as Ignore[];

for (const [i, entry] of IGNORES.entries()) {
  const where = `tests/checkers/ignores.json entry ${i}`;
  if (!entry.reason?.trim() || entry.reason.includes('\n'))
    throw new Error(`${where}: needs a one-line reason`);
  if (entry.checker === 'vnu' && !entry.message) throw new Error(`${where}: needs a message pattern`);
  if (entry.checker === 'htmlcs' && !(entry.code && entry.selector))
    throw new Error(`${where}: needs a code and a selector`);
}

export const vnuIgnores = IGNORES.filter(
  (e): e is Extract<Ignore, { checker: 'vnu' }> => e.checker === 'vnu',
);
export const htmlcsIgnores = IGNORES.filter(
  (e): e is Extract<Ignore, { checker: 'htmlcs' }> => e.checker === 'htmlcs',
);
