/**
 * Responsive image data made at build time by Astro's image pipeline, handed to the
 * React `Picture` as plain props: AVIF and WebP at 400 and 800 px wide, with the
 * intrinsic size set so nothing shifts. Build-time only (imports astro:assets).
 */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import { ui } from '../config/ui.ts';

/** A raster image as the React `Picture` takes it: plain props, no Astro types. */
export interface PictureData {
  sources: { type: string; srcset: string }[];
  src: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
}

/**
 * An imported image's details, read without marking its original as used by a page: Astro copies
 * the original of an image whose details a page reads into the build, and the pages here show
 * only the sizes made from it (getImage reads its details the same way).
 */
export function unreferenced(image: ImageMetadata): ImageMetadata {
  // `clone` is the plain details behind Astro's build-time wrapper of an imported image.
  return (image as ImageMetadata & { clone?: ImageMetadata }).clone ?? image;
}

export async function pictureData(
  image: ImageMetadata,
  alt: string,
  sizes = '(min-width: 768px) 50vw, 100vw',
  widths: readonly number[] = ui.imageWidths,
): Promise<PictureData> {
  const { width: originalWidth, height: originalHeight } = unreferenced(image);
  const usable = widths.filter((w) => w <= originalWidth);
  const list = usable.length > 0 ? usable : [originalWidth];
  const largest = Math.max(...list);
  const height = Math.round((originalHeight / originalWidth) * largest);
  const sources = await Promise.all(
    (['avif', 'webp'] as const).map(async (format) => {
      const variants = await Promise.all(
        list.map(async (width) => {
          const out = await getImage({ src: image, width, format });
          return `${out.src} ${width}w`;
        }),
      );
      return { type: `image/${format}`, srcset: variants.join(', ') };
    }),
  );
  const fallback = await getImage({ src: image, width: largest, format: 'webp' });
  return { sources, src: fallback.src, width: largest, height, alt, sizes };
}
