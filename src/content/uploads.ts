/**
 * Images the owner uploads in the editor (or places in src/assets/uploads/), run through Astro's
 * image pipeline: the build's picture resolver (pictures.ts says which image is drawn how). A path
 * outside that folder (a file in public/) is served as it is. Build-time only (astro:assets).
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
import type { PictureData } from '../lib/picture-data.ts';
import type { PictureResolver, PictureUse } from './pictures.ts';

const uploads = import.meta.glob<{ default: ImageMetadata }>('/src/assets/uploads/*', { eager: true });

/**
 * An imported image's details, read without marking its original as used by a page (`clone` is
 * the plain details behind Astro's build-time wrapper of an imported image; getImage reads them
 * the same way).
 */
function unreferenced(image: ImageMetadata): ImageMetadata {
  return (image as ImageMetadata & { clone?: ImageMetadata }).clone ?? image;
}

/** AVIF and WebP at each of `use`'s widths the image has (its own width if it is narrower). */
async function pictureData(image: ImageMetadata, use: PictureUse): Promise<PictureData> {
  const { width: originalWidth, height: originalHeight } = unreferenced(image);
  const usable = use.widths.filter((w) => w <= originalWidth);
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
  return { sources, src: fallback.src, width: largest, height, alt: '', sizes: use.sizes };
}

/** One WebP at the use's width (a vector image is already sharp at every size: it is served as it is). */
async function singleImage(path: string, use: PictureUse): Promise<PictureData> {
  const upload = uploads[path];
  const [width = 0] = use.widths;
  const single = { sources: [], width, height: width, alt: '', sizes: use.sizes };
  if (!upload) return { ...single, src: path };
  if (unreferenced(upload.default).format === 'svg') return { ...single, src: upload.default.src };
  return { ...single, src: (await getImage({ src: upload.default, width, format: 'webp' })).src };
}

/**
 * The build's pictures: a testimonial's photo a single WebP; a poster or an office photo a
 * responsive picture (a vector poster as it is, filling the player's frame).
 */
export const buildPicture: PictureResolver = async (path, use) => {
  if (use.kind === 'avatar') return singleImage(path, use);
  const upload = uploads[path];
  if (!upload) throw new Error(`${path} is not an image in src/assets/uploads/.`);
  if (use.kind === 'poster' && unreferenced(upload.default).format === 'svg') {
    const { src, width, height } = upload.default;
    return { sources: [], src, width, height, alt: '', sizes: use.sizes };
  }
  return pictureData(upload.default, use);
};
