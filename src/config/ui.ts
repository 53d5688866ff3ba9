/** Interface constants (SPEC §9), shared by CSS-in-markup, components and browser modules. */
export const ui = {
  /** Tailwind's md breakpoint: mobile below it. */
  mdBreakpoint: 768,
  /** Tailwind's lg breakpoint. */
  lgBreakpoint: 1024,
  navShadowThreshold: 10,
  resizeDebounceMs: 250,
  videoRatio: '16 / 9',
  newsletterFrameHeight: 52,
  testimonialStars: 5,
  imageWidths: [400, 800],
} as const;
