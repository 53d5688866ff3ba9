/**
 * The variables the pages read through `astro:env` (validated by Astro, typed in the code). The
 * build's own reading of the environment (origins, analytics, the production guard) is
 * integrations/build-settings.ts.
 */
import { envField } from 'astro/config';
import { ANALYTICS_PROVIDERS } from '../src/config/analytics.ts';
import { DEFAULT_APP_URL, DEFAULT_SITE_URL } from '../src/config/production-urls.ts';

const publicUrl = (options: { default?: string; optional?: boolean }) =>
  envField.string({ context: 'client', access: 'public', url: true, ...options });

export const envSchema = {
  PUBLIC_SITE_URL: publicUrl({ default: DEFAULT_SITE_URL }),
  PUBLIC_APP_URL: publicUrl({ default: DEFAULT_APP_URL }),
  PUBLIC_NEWSLETTER_EMBED_URL: publicUrl({ optional: true }),
  PUBLIC_NEWSLETTER_URL: publicUrl({ default: 'https://newsletter.example.com/subscribe' }),
  PUBLIC_ANALYTICS_PROVIDER: envField.enum({
    context: 'client',
    access: 'public',
    values: [...ANALYTICS_PROVIDERS],
    default: 'none',
  }),
  PUBLIC_ANALYTICS_HOST: publicUrl({ optional: true }),
  PUBLIC_ANALYTICS_SITE_ID: envField.string({ context: 'client', access: 'public', optional: true }),
  PUBLIC_ANALYTICS_PROXY: envField.boolean({ context: 'client', access: 'public', default: false }),
};
