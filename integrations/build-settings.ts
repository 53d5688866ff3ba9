/**
 * What the build's own steps make of the environment: astro.config.ts and its integrations take
 * this object and read no variable themselves. The PUBLIC_* settings come through
 * integrations/env-schema.ts (the schema astro:env validates, each checked by its field there);
 * here, what follows from them (frame origins, analytics, the production guard) and the build's
 * other switches. A bad setting throws an error whose message names the variable (the build
 * prints it and stops); an empty variable is an unset one, so a shell's `PUBLIC_SITE_URL=` falls
 * back to the default like no variable at all.
 */
import { hostedEditorSettings, type HostedEditorSettings } from '../runtime/editor.ts';
import { analyticsOrigins, analyticsSettings, type AnalyticsSettings } from '../src/config/analytics.ts';
import { checkProductionUrls, type UrlCheck } from '../src/config/production-urls.ts';
import { VIDEO_FRAME_ORIGINS } from '../src/config/videos.ts';
import { readPublicEnv } from './env-schema.ts';

export type BuildEnv = Readonly<Record<string, string | undefined>>;

export interface BuildSettings {
  /** The site's origin: canonical and Open Graph URLs, the sitemap. */
  siteUrl: string;
  /** The origins frames may come from: the video hosts and, when configured, the newsletter provider. */
  frameOrigins: string[];
  /** The analytics provider, or null for none. */
  analytics: AnalyticsSettings | null;
  /** Origins the policy adds for analytics: its script (Umami's, straight from the provider) and its events. */
  analyticsPolicy: { script: string[]; connect: string[] };
  /** The verdict on the two origins for this build (a production host stops on a placeholder). */
  productionUrls: UrlCheck;
  /** The hosted editor (Keystatic, GitHub mode), built into the site when all its variables are set. */
  hostedEditor: HostedEditorSettings | null;
}

export function buildSettings(env: BuildEnv): BuildSettings {
  const settings = readPublicEnv(env);
  const siteUrl = settings.PUBLIC_SITE_URL;
  const newsletterEmbed = settings.PUBLIC_NEWSLETTER_EMBED_URL;
  const frameOrigins = [
    ...VIDEO_FRAME_ORIGINS,
    ...(newsletterEmbed ? [new URL(newsletterEmbed).origin] : []),
  ];
  const analytics = analyticsSettings({
    provider: settings.PUBLIC_ANALYTICS_PROVIDER,
    host: settings.PUBLIC_ANALYTICS_HOST,
    siteId: settings.PUBLIC_ANALYTICS_SITE_ID,
    proxy: settings.PUBLIC_ANALYTICS_PROXY,
    siteUrl,
  });
  if (analytics?.proxy && env['CF_PAGES']) {
    throw new Error(
      'PUBLIC_ANALYTICS_PROXY=true needs a host that forwards requests to another origin, and Cloudflare Pages cannot: leave it unset there (events then go straight to the provider).',
    );
  }
  return {
    siteUrl,
    frameOrigins,
    analytics,
    analyticsPolicy: analyticsOrigins(analytics),
    // The guard asks whether the two origins were set at all, not what they default to.
    productionUrls: checkProductionUrls(env, {
      ...(env['PUBLIC_SITE_URL'] && { siteUrl: siteUrl }),
      ...(env['PUBLIC_APP_URL'] && { appUrl: settings.PUBLIC_APP_URL }),
    }),
    // All of KEYSTATIC_GITHUB_* or none: a partial set throws, naming what is missing.
    hostedEditor: hostedEditorSettings(env),
  };
}
