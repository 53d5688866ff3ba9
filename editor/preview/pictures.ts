/**
 * The owner's pictures in the live preview. The build runs every upload through Astro's image
 * pipeline; the preview has no pipeline (it runs in the browser, on static hosts too), so it shows
 * each picture as its bytes, saved or just chosen in the form, at its own size: an object URL of
 * the page's memory (`blob:`), which only this document can read.
 */
import type { PictureData } from '../../src/lib/picture-data.ts';

/** A picture's address in the owner's data (`/src/assets/uploads/photo.png`) as a file's path (`src/assets/uploads/photo.png`). */
export const pictureFile = (address: string): string => address.replace(/^\/+/, '');

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const typeOf = (path: string) => TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? '';

/** The drawn size of a picture, read by the browser itself (an SVG's too, which image bitmaps do not read everywhere). */
function sizeOf(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth || 800, height: image.naturalHeight || 600 });
    // A picture the browser cannot draw keeps a placeholder's size; the page's fallback shows.
    image.onerror = () => resolve({ width: 800, height: 600 });
    image.src = url;
  });
}

/** Reads a picture's bytes: the form's unsaved choice first, else the saved file. */
export type PictureBytes = (path: string) => Promise<Uint8Array | undefined>;

/**
 * Pictures by address, each made once per distinct bytes: a picture whose bytes change (the owner
 * chose another) gets a new address and the old one is let go.
 */
export function pictureMaker() {
  const made = new Map<string, { key: string; picture: Promise<PictureData> }>();
  return async (address: string, read: PictureBytes, sizes: string): Promise<PictureData> => {
    const path = pictureFile(address);
    const bytes = await read(path);
    if (!bytes) return { sources: [], src: '/placeholder.svg', width: 800, height: 600, alt: '', sizes };
    const key = `${bytes.byteLength}:${bytes.slice(0, 64).join(',')}:${bytes.slice(-64).join(',')}`;
    let entry = made.get(address);
    if (!entry || entry.key !== key) {
      if (entry) void entry.picture.then(({ src }) => URL.revokeObjectURL(src));
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: typeOf(path) }));
      entry = {
        key,
        picture: sizeOf(url).then((size) => ({ sources: [], src: url, ...size, alt: '', sizes })),
      };
      made.set(address, entry);
    }
    return { ...(await entry.picture), sizes };
  };
}
