/**
 * A throwaway copy of the site's sources (with the project's packages linked in), for tests that
 * edit content files or run the editor, and for the bench's build with a split test running:
 * the working tree is never touched.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COMPRESSED_CACHE } from '../scripts/compress.ts';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/** What a build and the server need. */
const SOURCES = [
  'src',
  'editor',
  'public',
  'runtime',
  'deploy',
  'server',
  'scripts',
  'integrations',
  'astro.config.ts',
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

/**
 * What tools keep under node_modules for one project: Astro's content store (the build reads the
 * owner's content back from it while bundling) and its image and font caches, Vite's. A copy that
 * shared them would build with whatever another build running at the same time wrote there.
 */
const PER_PROJECT = new Set(['.astro', '.vite', '.vite-temp', '.cache']);

/**
 * Astro's cache of the images it encoded for the project, each entry named by a hash of its source
 * image and its settings, so an entry whose image changed in the copy is never read there. A copy
 * starts with the project's: its build reuses them ("reused cache entry") instead of encoding every
 * image again (on two busy cores, about 6 of a copy build's 20 s of CPU and 10 of its 40 s).
 * Copied, not shared: what the copy's build writes stays in the copy. (The font cache is not worth copying: the
 * faces are local files, which its entries only save reading.)
 */
const SEEDED_IMAGES = '.astro/assets';

/** Where a project's image cache is, from its root. */
export const IMAGE_CACHE = join('node_modules', SEEDED_IMAGES);

/**
 * The copy's own node_modules: each package linked from the project's, its caches its own (its
 * images seeded from the project's) but for the build's compressed copies.
 */
export function linkModules(root: string): void {
  const modules = join(PROJECT_ROOT, 'node_modules');
  mkdirSync(join(root, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (!PER_PROJECT.has(entry)) symlinkSync(join(modules, entry), join(root, 'node_modules', entry));
  }
  const images = join(modules, SEEDED_IMAGES);
  if (existsSync(images)) cpSync(images, join(root, 'node_modules', SEEDED_IMAGES), { recursive: true });
  // The compressed copies are the one cache shared: named by what they hold, each written whole (scripts/compress.ts).
  mkdirSync(COMPRESSED_CACHE, { recursive: true });
  mkdirSync(join(root, 'node_modules', '.cache'));
  symlinkSync(COMPRESSED_CACHE, join(root, 'node_modules', '.cache', 'compressed'));
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
  linkModules(root);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
