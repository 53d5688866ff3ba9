/**
 * Images the owner uploads in the editor (or places in src/assets/uploads/), run through Astro's
 * image pipeline; a path outside that folder (a file in public/) is served as it is. Build-time only.
 */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { pictureData, type PictureData } from '../lib/picture-data.ts';

const uploads = import.meta.glob<{ default: ImageMetadata }>('/src/assets/uploads/*', { eager: true });

/** One WebP at `width` (a vector image is already sharp at every size: it is served as it is). */
export async function uploadedImageUrl(path: string, width: number): Promise<string> {
  const upload = uploads[path];
  if (!upload) return path;
  if (upload.default.format === 'svg') return upload.default.src;
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
  if (upload.default.format !== 'svg') return pictureData(upload.default, '', sizes, [800, 1600]);
  const { src, width, height } = upload.default;
  return { sources: [], src, width, height, alt: '', sizes };
}
