/**
 * Where the pages show the owner's images, and how: each image path in the content (a testimonial's
 * photo, a video's poster, the virtual office's grid) becomes the picture its component takes,
 * through a resolver. The build's resolver is Astro's image pipeline (uploads.ts); the live
 * preview's gives the owner's unsaved uploads as they are. Pure: the mapping is written once here.
 */
import type { Video } from '../config/videos.ts';
import { ui } from '../config/ui.ts';
import type { PictureData } from '../lib/picture-data.ts';
import type { Testimonials } from './schemas.ts';

/** How a page shows an image: what it is for, the widths the build makes of it and the `sizes` it is drawn at. */
export interface PictureUse {
  kind: 'avatar' | 'poster' | 'photo';
  widths: readonly number[];
  sizes: string;
}

/** A testimonial's photo shows at 48 px: one WebP at twice that covers sharp screens. */
export const AVATAR: PictureUse = { kind: 'avatar', widths: [96], sizes: '96px' };
/** A video's own poster fills the player's frame. */
export const POSTER: PictureUse = {
  kind: 'poster',
  widths: [800, 1600],
  sizes: '(min-width: 1024px) 60vw, 100vw',
};
/** The virtual office's images: two columns from 768 px. */
export const OFFICE_PHOTO: PictureUse = {
  kind: 'photo',
  widths: ui.imageWidths,
  sizes: '(min-width: 768px) 50vw, 100vw',
};

/** The picture of the image at `path` (`/src/assets/uploads/office.png`) for `use`. */
export type PictureResolver = (path: string, use: PictureUse) => PictureData | Promise<PictureData>;

async function picture(resolve: PictureResolver, path: string, use: PictureUse, alt: string) {
  return { ...(await resolve(path, use)), alt, sizes: use.sizes };
}

/** A testimonial group with each photo's path replaced by its picture's address. */
export async function withAvatars<G extends Testimonials['kit']>(
  group: G,
  resolve: PictureResolver,
): Promise<G> {
  const items = await Promise.all(
    group.items.map(async ({ avatar, ...item }) => ({
      ...item,
      // Without a photo, the card shows the author's first initial.
      ...(avatar !== undefined && { avatar: (await resolve(avatar, AVATAR)).src }),
    })),
  );
  return { ...group, items };
}

/** A video with its own poster, when the owner gave one. */
export type VideoWithPoster = Video & { poster?: PictureData };

/** Each video with its poster's path replaced by its picture (a video without one keeps the drawing). */
export async function withPosters<K extends string>(
  videos: Record<K, Video & { poster?: string | undefined }>,
  resolve: PictureResolver,
): Promise<Record<K, VideoWithPoster>> {
  const entries = await Promise.all(
    (Object.entries(videos) as [K, Video & { poster?: string | undefined }][]).map(
      async ([key, { poster, ...video }]) =>
        [
          key,
          { ...video, ...(poster !== undefined && { poster: await picture(resolve, poster, POSTER, '') }) },
        ] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<K, VideoWithPoster>;
}

/** The virtual office's grid: each image with its description. */
export function officePictures(
  images: readonly { src: string; alt: string }[],
  resolve: PictureResolver,
): Promise<PictureData[]> {
  return Promise.all(images.map((image) => picture(resolve, image.src, OFFICE_PHOTO, image.alt)));
}
