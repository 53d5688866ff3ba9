/**
 * The site's names: plain constants, read by the build and by anything outside it (tests, scripts)
 * that needs the names without the environment's origins (src/config/site.ts adds those).
 */
export const siteNames = {
  /** Community brand, shown as the nav title. */
  brand: 'Build Equity',
  /** The boxed product. */
  product: 'The Oh Sh*t Kit',
  author: 'Build Equity',
  locale: 'en_US',
  lang: 'en',
} as const;
