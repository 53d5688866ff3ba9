/**
 * The build's compressed copies (scripts/compress.ts) are the same bytes whether made now or taken
 * from the cache a build before left, and each opens to its file: a visitor's browser gets the page
 * the build made, whichever build compressed it first.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../scripts/compress.ts';

const work = mkdtempSync(join(tmpdir(), 'be-compress-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A build's folder with a page, a script and a stylesheet, each with its own words. */
function build(name: string, page = '<p>The page</p>'): string {
  const dir = join(work, name);
  mkdirSync(join(dir, '_astro'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${page.repeat(100)}`);
  writeFileSync(join(dir, '_astro', 'app.js'), 'console.log("the script");\n'.repeat(100));
  writeFileSync(join(dir, '_astro', 'site.css'), 'body { color: black }\n'.repeat(100));
  return dir;
}

const FILES = ['index.html', '_astro/app.js', '_astro/site.css'];
const read = (dir: string, file: string) => readFileSync(join(dir, file));

describe('compressed copies', () => {
  it('are the same bytes from the cache as made anew, and each opens to its file', async () => {
    const cache = join(work, 'cache');
    const first = build('first');
    await compressDir(first, cache);
    const kept = readdirSync(cache).length;
    expect(kept).toBe(FILES.length * 2);
    const second = build('second');
    await compressDir(second, cache);
    expect(readdirSync(cache).length, 'nothing compressed again').toBe(kept);
    const uncached = build('uncached');
    await compressDir(uncached, join(work, 'another-cache'));
    for (const file of FILES) {
      for (const kind of ['br', 'gz']) {
        expect(read(second, `${file}.${kind}`), `${file}.${kind}`).toEqual(read(uncached, `${file}.${kind}`));
        expect(read(first, `${file}.${kind}`), `${file}.${kind}`).toEqual(read(uncached, `${file}.${kind}`));
      }
      expect(brotliDecompressSync(read(second, `${file}.br`))).toEqual(read(second, file));
      expect(gunzipSync(read(second, `${file}.gz`))).toEqual(read(second, file));
    }
  });

  it('of a changed file are made anew, never the copy of the file it replaced', async () => {
    const cache = join(work, 'changes');
    await compressDir(build('before', '<p>Before</p>'), cache);
    const after = build('after', '<p>After</p>');
    await compressDir(after, cache);
    expect(brotliDecompressSync(read(after, 'index.html.br')).toString()).toContain('<p>After</p>');
    expect(gunzipSync(read(after, 'index.html.gz')).toString()).not.toContain('Before');
  });
});
