/**
 * Writes a .br and a .gz copy beside every compressible file of the build, so the
 * server (and nginx's gzip_static/brotli_static) can send them without compressing per request.
 * Usage: node scripts/compress.ts [dir]
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest|map)$/i;
const MIN_BYTES = 512;

/**
 * Copies compressed before, each named by a hash of the bytes it compresses and of how (the
 * settings and the library's version). Brotli at its best quality is slow (about 8 s of CPU for
 * the hosted editor's 3 MB app), and most files of a build are those of the build before: the
 * fonts, the styles, the editor's app, and those of every copy of the project a test builds
 * (copies share this folder: harness/project-copy.ts). The same bytes compressed the same way
 * give the same bytes, so a build's files are what they are without it. An entry is written under
 * a name of its own and then renamed, so a reader finds it whole or not at all.
 */
export const COMPRESSED_CACHE = join(import.meta.dirname, '../node_modules/.cache/compressed');

/** Entries no build has used for this long are removed: they are of files no longer built. */
const UNUSED_MS = 7 * 24 * 3600_000;

const HOW = `br${constants.BROTLI_MAX_QUALITY}-gz9-zlib${process.versions.zlib}-brotli${process.versions.brotli}`;

function compress(body: Buffer): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return { br, gz: gzipSync(body, { level: 9 }) };
}

/** `body` compressed both ways, from the cache when it holds them, else made and kept there. */
async function compressedCopies(body: Buffer, cache: string): Promise<{ br: Buffer; gz: Buffer }> {
  const entry = join(cache, createHash('sha256').update(HOW).update('\0').update(body).digest('hex'));
  try {
    const copies = { br: await readFile(`${entry}.br`), gz: await readFile(`${entry}.gz`) };
    const now = new Date();
    await Promise.all([utimes(`${entry}.br`, now, now), utimes(`${entry}.gz`, now, now)]);
    return copies;
  } catch {
    // Not there (or removed meanwhile as unused): made here.
  }
  const copies = compress(body);
  try {
    await mkdir(cache, { recursive: true });
    for (const kind of ['br', 'gz'] as const) {
      const scratch = `${entry}.${kind}.${process.pid}.tmp`;
      await writeFile(scratch, copies[kind]);
      await rename(scratch, `${entry}.${kind}`);
    }
  } catch {
    // A cache that cannot be written (a read-only install) only costs the next build the time.
  }
  return copies;
}

/** Removes the cache's entries unused for UNUSED_MS (and scratch files left by a build that stopped). */
async function pruneCache(cache: string): Promise<void> {
  const names = await readdir(cache).catch(() => []);
  for (const name of names) {
    const info = await stat(join(cache, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > UNUSED_MS) await rm(join(cache, name), { force: true });
  }
}

export async function compressDir(
  dir: string,
  cache: string = COMPRESSED_CACHE,
): Promise<{ files: number; bytesIn: number; bytesBr: number }> {
  let files = 0;
  let bytesIn = 0;
  let bytesBr = 0;
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    if (!COMPRESSIBLE.test(entry)) continue;
    const info = await stat(path);
    if (!info.isFile() || info.size < MIN_BYTES) continue;
    const body = await readFile(path);
    const { br, gz } = await compressedCopies(body, cache);
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gz);
    files += 1;
    bytesIn += body.length;
    bytesBr += br.length;
  }
  await pruneCache(cache);
  return { files, bytesIn, bytesBr };
}

if (import.meta.main) {
  const dir = process.argv[2] ?? 'dist';
  const { files, bytesIn, bytesBr } = await compressDir(dir);
  console.log(
    `compress: ${files} files, ${(bytesIn / 1024).toFixed(1)} KiB -> ${(bytesBr / 1024).toFixed(1)} KiB brotli`,
  );
}
