/** Interface constants shared by the browser modules and the build's image pipeline. */
export const ui = {
  /** The nav's shadow deepens once the page has scrolled past this many pixels. */
  navShadowThreshold: 10,
  /** `debouncedresize` fires this long after the last `resize` event. */
  resizeDebounceMs: 250,
  /** Raster images are made at these widths (AVIF and WebP each). */
  imageWidths: [400, 800],
} as const;
