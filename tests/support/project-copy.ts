/**
 * A throwaway copy of the site's sources (with the real node_modules linked in), for tests that
 * edit content files or run the editor: the working tree is never touched.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

const COPIED = [
  'src',
  'public',
  'deploy',
  'scripts',
  'astro.config.ts',
  'keystatic.config.ts',
  'tsconfig.json',
  'package.json',
];

export interface ProjectCopy {
  root: string;
  remove: () => void;
}

export function copyProject(prefix: string): ProjectCopy {
  const root = mkdtempSync(join(tmpdir(), `be-${prefix}-`));
  for (const entry of COPIED) cpSync(join(PROJECT_ROOT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
