/**
 * The site's names and origins: the one place they are written. Values only: this module imports
 * nothing from lib/ (src/lib/site-links.ts builds the sign-up link from them). The names are plain
 * constants in site-names.ts, so code outside the build can read them without the build's settings.
 * Origins come from the build's settings (`virtual:page-settings`, read and checked once by the
 * build: a malformed URL stops the build with the variable's name).
 */
import {
  PUBLIC_APP_URL,
  PUBLIC_NEWSLETTER_EMBED_URL,
  PUBLIC_NEWSLETTER_URL,
  PUBLIC_SITE_URL,
} from 'virtual:page-settings';
import { siteNames } from './site-names.ts';

export const site = {
  ...siteNames,
  /** Origin of this site, for canonical and Open Graph URLs. */
  siteUrl: stripTrailingSlash(PUBLIC_SITE_URL),
  /** Origin of the sister platform, whose /auth page takes every sign-up and purchase. */
  appUrl: stripTrailingSlash(PUBLIC_APP_URL),
  /** The newsletter provider's embeddable form; when unset, a plain subscribe link stands in. */
  newsletterEmbedUrl: PUBLIC_NEWSLETTER_EMBED_URL ?? null,
  /** Where the plain subscribe link goes. */
  newsletterUrl: PUBLIC_NEWSLETTER_URL,
} as const;

/** An absolute URL on this site, for canonical and Open Graph tags. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${site.siteUrl}/`).toString();
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
