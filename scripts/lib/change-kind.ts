/**
 * Sorts a change by the files it touches: **content** when every one is a file the owner's editor
 * writes (a data file under src/content/, a campaign page, an uploaded picture, the editor's own
 * placeholder file), **code** otherwise. `npm run test:content` vouches for a content change in
 * minutes; a change it cannot vouch for is not a content change, so anything else (a file that
 * only sits near the content, such as src/content/schemas/kit.ts, an empty or unreadable list)
 * runs the whole suite.
 *
 * It imports no package, so the owner's workflow sorts a change before installing any
 * (`scripts/change-kind.ts`). That these patterns cover every file the editor writes, and only
 * those, is checked against the editor's config in tests/unit/change-kind.test.ts.
 */
import { execFileSync } from 'node:child_process';

export type ChangeKind = 'content' | 'code';

/** The editor's own files: the editor writes them, no page shows them. */
export const EDITOR_FILES = /^editor\/app\/results\/results\.yaml$/;

/** The files an owner's save writes, each with what it is. */
const CONTENT_FILES: readonly { pattern: RegExp; what: string }[] = [
  // The site's data files: src/content/kit.yaml, offer.yaml… (the page registry and schemas.ts name them).
  { pattern: /^src\/content\/[^/]+\.yaml$/, what: 'a data file' },
  // A campaign page, one file each (src/content/campaigns/podcast.yaml is /podcast).
  { pattern: /^src\/content\/campaigns\/[^/]+\.yaml$/, what: 'a campaign page' },
  // A picture uploaded in the editor, of the types its image fields take (in a folder of its own
  // when the editor files it under a campaign page's name).
  {
    pattern: /^src\/assets\/uploads\/(?:[^/]+\/)*[^/]+\.(?:png|jpe?g|webp|avif|svg)$/i,
    what: 'an uploaded picture',
  },
  // The Results view's file: a page of the editor's navigation that Keystatic keeps as a file.
  { pattern: EDITOR_FILES, what: "the editor's placeholder file" },
];

/** What the file at `path` (from the project's root, as git writes it) is, when the editor writes it. */
export function contentFileKind(path: string): string | undefined {
  return CONTENT_FILES.find(({ pattern }) => pattern.test(path))?.what;
}

export interface SortedFile {
  path: string;
  /** What the editor wrote it as; undefined for code. */
  what: string | undefined;
}

export interface SortedChange {
  kind: ChangeKind;
  files: SortedFile[];
  /** Why, in one line. */
  reason: string;
}

/** Sorts the paths a change touches (both sides of a rename, a deleted file's too). */
export function sortChange(paths: readonly string[]): SortedChange {
  const files = [...new Set(paths)].map((path) => ({ path, what: contentFileKind(path) }));
  if (files.length === 0)
    return { kind: 'code', files, reason: 'no changed file was found, so nothing vouches for the change' };
  const code = files.filter((file) => file.what === undefined);
  if (code.length > 0) {
    const named = code.slice(0, 3).map((file) => file.path);
    const more = code.length > named.length ? ` and ${code.length - named.length} more` : '';
    return { kind: 'code', files, reason: `it changes code: ${named.join(', ')}${more}` };
  }
  return { kind: 'content', files, reason: `it changes content only (${files.length} files)` };
}

/**
 * Every path in `git diff --name-status -z` output: a status, then one path (two for a rename or
 * a copy, when git detects them: the old path and the new, both counted).
 */
export function pathsOfNameStatus(output: string): string[] {
  const fields = output.split('\0').filter((field) => field !== '');
  const paths: string[] = [];
  for (let index = 0; index < fields.length;) {
    const status = fields[index]!;
    const count = /^[RC]/.test(status) ? 2 : 1;
    paths.push(...fields.slice(index + 1, index + 1 + count));
    index += 1 + count;
  }
  return paths;
}

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * The files changed since `base` in the repository at `root`: with `head`, what `head` changes
 * since it left `base` (`git diff base...head`: what a merge of head would bring); without, what
 * the working tree changes since then, files not yet added included. A rename counts as the file
 * removed and the file added. Throws when git cannot tell (an unknown base, a shallow clone).
 */
export function changedFiles(root: string, base: string, head?: string): string[] {
  const diff = ['diff', '--name-status', '-z', '--no-renames'];
  if (head !== undefined) return pathsOfNameStatus(git(root, [...diff, `${base}...${head}`]));
  const since = git(root, ['merge-base', base, 'HEAD']).trim();
  const untracked = git(root, ['ls-files', '-z', '--others', '--exclude-standard']).split('\0');
  return [...pathsOfNameStatus(git(root, [...diff, since])), ...untracked.filter(Boolean)];
}
