/**
 * A raster image as the React `Picture` takes it: plain props, no Astro types. The build makes
 * them with Astro's image pipeline (AVIF and WebP at each width, the intrinsic size set so nothing
 * shifts: src/content/uploads.ts); the live preview from the owner's unsaved uploads.
 */
export interface PictureData {
  sources: { type: string; srcset: string }[];
  src: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
}
