/**
 * Writes a .br and a .gz copy beside every compressible file of the build, so the
 * server (and nginx's gzip_static/brotli_static) can send them without compressing per request.
 * Usage: node scripts/compress.ts [dir]
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest|map)$/i;
const MIN_BYTES = 512;

export async function compressDir(dir: string): Promise<{ files: number; bytesIn: number; bytesBr: number }> {
  let files = 0;
  let bytesIn = 0;
  let bytesBr = 0;
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    if (!COMPRESSIBLE.test(entry)) continue;
    const info = await stat(path);
    if (!info.isFile() || info.size < MIN_BYTES) continue;
    const body = await readFile(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    await writeFile(`${path}.br`, br);
    await writeFile(`${path}.gz`, gz);
    files += 1;
    bytesIn += body.length;
    bytesBr += br.length;
  }
  return { files, bytesIn, bytesBr };
}

if (import.meta.main) {
  const dir = process.argv[2] ?? 'dist';
  const { files, bytesIn, bytesBr } = await compressDir(dir);
  console.log(
    `compress: ${files} files, ${(bytesIn / 1024).toFixed(1)} KiB -> ${(bytesBr / 1024).toFixed(1)} KiB brotli`,
  );
}
