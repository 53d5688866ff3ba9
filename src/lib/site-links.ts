/**
 * The one URL every sign-up and buy button leads to, made at build from the configured app origin:
 * `${PUBLIC_APP_URL}/auth?flow=express&from=build_equity&intent=purchase`, and the other settings a
 * page's body takes from the site's configuration. Kept apart from auth-link.ts, which also runs in
 * the browser and so must not read the site config.
 */
import { site } from '../config/site.ts';
import { buildAuthUrl } from './auth-link.ts';

export const authUrl = buildAuthUrl(site.appUrl);

/**
 * What a page's body takes from the site's settings rather than the owner's words. The build's are
 * `pageSettings()`; the live preview, which runs outside the build, is handed its own.
 */
export interface PageSettings {
  /** Where every sign-up and buy button leads. */
  authUrl: string;
  /** The newsletter provider's embeddable form; null: a plain subscribe link. */
  newsletterEmbedUrl: string | null;
  /** Where the plain subscribe link goes. */
  newsletterUrl: string;
  /** The footer's copyright year. */
  year: number;
}

/** The build's settings (the year is the build's). */
export function pageSettings(): PageSettings {
  return {
    authUrl,
    newsletterEmbedUrl: site.newsletterEmbedUrl,
    newsletterUrl: site.newsletterUrl,
    year: new Date().getFullYear(),
  };
}
