/**
 * Made by integrations/page-settings.ts from the settings the build read (runtime/settings.ts says
 * each one's rule and default; the build hands this module exactly these types).
 */
declare module 'virtual:page-settings' {
  export const PUBLIC_SITE_URL: string;
  export const PUBLIC_APP_URL: string;
  export const PUBLIC_NEWSLETTER_EMBED_URL: string | undefined;
  export const PUBLIC_NEWSLETTER_URL: string;
  export const PUBLIC_ANALYTICS_PROVIDER: 'none' | 'plausible' | 'umami';
  export const PUBLIC_ANALYTICS_HOST: string | undefined;
  export const PUBLIC_ANALYTICS_SITE_ID: string | undefined;
  export const PUBLIC_ANALYTICS_PROXY: boolean;
}
