/**
 * The site's names and origins: the one place they are written. Values only: this module imports
 * nothing from lib/ (src/lib/site-links.ts builds the sign-up link from them).
 * Origins come from the environment through astro:env (validated at build:
 * a malformed URL stops the build with the variable's name).
 */
import {
  PUBLIC_APP_URL,
  PUBLIC_NEWSLETTER_EMBED_URL,
  PUBLIC_NEWSLETTER_URL,
  PUBLIC_SITE_URL,
} from 'astro:env/client';

export const site = {
  /** Community brand, shown as the nav title. */
  brand: 'Build Equity',
  /** The boxed product. */
  product: 'The Oh Sh*t Kit',
  /** Origin of this site, for canonical and Open Graph URLs. */
  siteUrl: stripTrailingSlash(PUBLIC_SITE_URL),
  /** Origin of the sister platform, whose /auth page takes every sign-up and purchase. */
  appUrl: stripTrailingSlash(PUBLIC_APP_URL),
  /** The newsletter provider's embeddable form; when unset, a plain subscribe link stands in. */
  newsletterEmbedUrl: PUBLIC_NEWSLETTER_EMBED_URL ?? null,
  /** Where the plain subscribe link goes. */
  newsletterUrl: PUBLIC_NEWSLETTER_URL,
  author: 'Build Equity',
  locale: 'en_US',
  lang: 'en',
} as const;

/** An absolute URL on this site, for canonical and Open Graph tags. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${site.siteUrl}/`).toString();
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
