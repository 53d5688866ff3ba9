/**
 * A throwaway copy of the site's sources (with the real node_modules linked in), for tests that
 * edit content files or run the editor, and for the bench's build with a split test running:
 * the working tree is never touched.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/** What a build and the server need. */
const SOURCES = [
  'src',
  'public',
  'deploy',
  'server',
  'scripts',
  'integrations',
  'astro.config.ts',
  'keystatic.config.ts',
  'tsconfig.json',
  'package.json',
];

/** Every top-level entry of the project that git tracks or would track (sources, tests, configs). */
function projectEntries(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  return [
    ...new Set(
      files
        .split('\n')
        .filter(Boolean)
        .map((file) => file.split('/')[0]!),
    ),
  ];
}

export interface ProjectCopy {
  root: string;
  remove: () => void;
}

/** A copy of what a build needs, or with `everything`, of the whole project (its tests too). */
export function copyProject(prefix: string, { everything = false } = {}): ProjectCopy {
  const root = mkdtempSync(join(tmpdir(), `be-${prefix}-`));
  for (const entry of everything ? projectEntries() : SOURCES) {
    cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true });
  }
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
