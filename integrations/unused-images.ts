/**
 * An Astro integration that runs when the build is done: an image under `_astro/` that no file
 * of the build names (no page, stylesheet, script or list of the build's) is removed, so the build
 * serves no picture that no page shows. src/content/uploads.ts imports the whole uploads folder
 * (a page may name any file in it), and Astro copies every image a module imports into `_astro/`:
 * a picture the owner replaced, whose file stays in the folder, would otherwise still answer at
 * an address of its own, full size. (An upload a page shows only in the sizes Astro makes leaves
 * no original behind: uploads.ts reads its details without marking it as used.)
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;
/** Files that may name an image: pages, styles, scripts and the build's own lists. */
const NAMING = /\.(html|css|js|mjs|json|xml|txt|webmanifest)$/i;

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The images of `<root>/_astro/` that no file of the build names, as paths from `root`. */
export async function unusedImages(root: string): Promise<string[]> {
  const assets = join(root, '_astro');
  const images = (await filesUnder(assets).catch(() => [])).filter((file) => IMAGE.test(file));
  const naming = (await filesUnder(root)).filter((file) => NAMING.test(file));
  const text = (await Promise.all(naming.map((file) => readFile(file, 'utf8')))).join('\n');
  return images
    .filter((image) => !text.includes(relative(assets, image)))
    .map((image) => relative(root, image));
}

export function unusedImagesRemoved(): AstroIntegration {
  return {
    name: 'unused-images',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const unused = await unusedImages(root);
        await Promise.all(unused.map((file) => rm(join(root, file))));
        if (unused.length > 0)
          logger.info(`removed ${unused.length} image(s) no page shows: ${unused.join(', ')}`);
      },
    },
  };
}
