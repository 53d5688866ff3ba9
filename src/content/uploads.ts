/**
 * Images the owner uploads in the editor (or places in src/assets/uploads/), run through Astro's
 * image pipeline; a path outside that folder (a file in public/) is served as it is. Build-time only.
 *
 * Astro keeps an imported image's original in the build (dist/_astro/, answered at an address of
 * its own) whenever a page read any of its details (its format, its size, its `src`), and deletes
 * it after making the sizes the pages show only when none did. So its details are read from a
 * copy here (`unreferenced`): a photo the pages show as AVIF and WebP leaves no original behind
 * (an owner's camera photo is megabytes), and only a vector image, served as it is, is copied.
 * The folder is imported whole, a picture no page shows included (one the owner replaced):
 * integrations/unused-images.ts removes those from the build.
 */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { pictureData, unreferenced, type PictureData } from '../lib/picture-data.ts';

const uploads = import.meta.glob<{ default: ImageMetadata }>('/src/assets/uploads/*', { eager: true });

/** One WebP at `width` (a vector image is already sharp at every size: it is served as it is). */
export async function uploadedImageUrl(path: string, width: number): Promise<string> {
  const upload = uploads[path];
  if (!upload) return path;
  if (unreferenced(upload.default).format === 'svg') return upload.default.src;
  const image = await getImage({ src: upload.default, width, format: 'webp' });
  return image.src;
}

/** A responsive picture (AVIF and WebP, 400 and 800 wide) of an uploaded raster image. */
export function uploadedPicture(path: string, alt: string, sizes?: string): Promise<PictureData> {
  const upload = uploads[path];
  if (!upload) throw new Error(`${path} is not an image in src/assets/uploads/.`);
  return pictureData(upload.default, alt, sizes);
}

/** A video's poster: a picture of an uploaded image (a vector one as it is), filling the player's frame. */
export async function uploadedPoster(path: string): Promise<PictureData> {
  const upload = uploads[path];
  if (!upload) throw new Error(`${path} is not an image in src/assets/uploads/.`);
  const sizes = '(min-width: 1024px) 60vw, 100vw';
  if (unreferenced(upload.default).format !== 'svg')
    return pictureData(upload.default, '', sizes, [800, 1600]);
  const { src, width, height } = upload.default;
  return { sources: [], src, width, height, alt: '', sizes };
}
