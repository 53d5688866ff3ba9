/**
 * The copies tests and the bench build in (a split test running, an owner's edits, a published
 * commit) use the project's packages but keep the caches a build writes to their own: Astro reads
 * the owner's content back from its store while it bundles, so a copy sharing the project's
 * would, while another build runs, build with that build's content (seen: a split test's variant
 * page missing from the copy's build). Two are seeded or shared, safely: the images the project's
 * build encoded (copied in) and the compressed copies of files (named by what they hold).
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPRESSED_CACHE } from '../../scripts/compress.ts';
import { copyProject, PROJECT_ROOT } from '../../harness/project-copy.ts';

const copy = copyProject('copy-test');
afterAll(() => copy.remove());

describe('a copy of the project', () => {
  it('resolves every package to the project’s own install', () => {
    const resolve = (from: string) =>
      realpathSync(createRequire(join(from, 'package.json')).resolve('astro'));
    expect(resolve(copy.root)).toBe(resolve(PROJECT_ROOT));
    const modules = join(copy.root, 'node_modules');
    expect(lstatSync(modules).isSymbolicLink()).toBe(false);
    // .astro and .cache are the copy's own caches (the last tests): every other entry is a package.
    for (const entry of readdirSync(modules).filter((entry) => entry !== '.astro' && entry !== '.cache'))
      expect(realpathSync(join(modules, entry))).toBe(
        realpathSync(join(PROJECT_ROOT, 'node_modules', entry)),
      );
  });

  it('keeps Astro’s content store and the other build caches its own', () => {
    for (const cache of ['.astro', '.vite', '.vite-temp', '.cache']) {
      // What the copy's build writes there stays in the copy.
      const probe = join('node_modules', cache, `probe-${process.pid}`);
      mkdirSync(join(copy.root, 'node_modules', cache), { recursive: true });
      writeFileSync(join(copy.root, probe), 'copy');
      expect(existsSync(join(PROJECT_ROOT, probe)), cache).toBe(false);
    }
  });

  it('starts with the images the project’s build encoded, in a cache of its own', () => {
    const images = join('node_modules', '.astro', 'assets');
    const project = join(PROJECT_ROOT, images);
    // A fresh clone has encoded none before its first build: nothing to copy then.
    const encoded = existsSync(project) ? readdirSync(project) : [];
    expect(existsSync(join(copy.root, images))).toBe(encoded.length > 0);
    for (const file of encoded)
      expect(readFileSync(join(copy.root, images, file)), file).toEqual(readFileSync(join(project, file)));
    if (encoded.length > 0) expect(lstatSync(join(copy.root, images)).isSymbolicLink()).toBe(false);
  });

  it('shares the build’s compressed copies with the project, named by what they hold', () => {
    const compressed = join(copy.root, 'node_modules', '.cache', 'compressed');
    expect(realpathSync(compressed)).toBe(realpathSync(COMPRESSED_CACHE));
  });
});
