/**
 * Everything the build reads from its environment, read once and checked once: astro.config.ts
 * and its integrations take this object and read no variable themselves. A bad setting throws an
 * error whose message names the variable (the build prints it and stops); an empty variable is an
 * unset one, so a shell's `PUBLIC_SITE_URL=` falls back to the default like no variable at all.
 */
import { hostedEditorSettings, type HostedEditorSettings } from '../runtime/editor.ts';
import { analyticsOrigins, analyticsSettings, type AnalyticsSettings } from '../src/config/analytics.ts';
import { checkProductionUrls, DEFAULT_SITE_URL, type UrlCheck } from '../src/config/production-urls.ts';
import { VIDEO_FRAME_ORIGINS } from '../src/config/videos.ts';

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
  /** `npm run edit`: the browser editor's dev server. */
  editing: boolean;
  /** The hosted editor (Keystatic, GitHub mode), built into the site when all its variables are set. */
  hostedEditor: HostedEditorSettings | null;
}

/** A variable's value, or undefined when it is not set or empty. */
const setting = (env: BuildEnv, name: string): string | undefined => env[name] || undefined;

function absoluteUrl(name: string, value: string, example: string): string {
  try {
    new URL(value);
    return value;
  } catch {
    throw new Error(`${name} must be an absolute URL such as ${example} (got "${value}").`);
  }
}

export function buildSettings(env: BuildEnv): BuildSettings {
  const siteUrl = absoluteUrl(
    'PUBLIC_SITE_URL',
    setting(env, 'PUBLIC_SITE_URL') ?? DEFAULT_SITE_URL,
    'https://buildequity.com',
  );
  const newsletterEmbed = setting(env, 'PUBLIC_NEWSLETTER_EMBED_URL');
  const frameOrigins = [
    ...VIDEO_FRAME_ORIGINS,
    ...(newsletterEmbed
      ? [
          new URL(
            absoluteUrl(
              'PUBLIC_NEWSLETTER_EMBED_URL',
              newsletterEmbed,
              'https://newsletter.example.com/embed',
            ),
          ).origin,
        ]
      : []),
  ];
  const analytics = analyticsSettings({
    provider: setting(env, 'PUBLIC_ANALYTICS_PROVIDER'),
    host: setting(env, 'PUBLIC_ANALYTICS_HOST'),
    siteId: setting(env, 'PUBLIC_ANALYTICS_SITE_ID'),
    proxy: setting(env, 'PUBLIC_ANALYTICS_PROXY'),
    siteUrl,
  });
  if (analytics?.proxy && setting(env, 'CF_PAGES')) {
    throw new Error(
      'PUBLIC_ANALYTICS_PROXY=true needs a host that forwards requests to another origin, and Cloudflare Pages cannot: leave it unset there (events then go straight to the provider).',
    );
  }
  return {
    siteUrl,
    frameOrigins,
    analytics,
    analyticsPolicy: analyticsOrigins(analytics),
    productionUrls: checkProductionUrls(env, {
      siteUrl: setting(env, 'PUBLIC_SITE_URL'),
      appUrl: setting(env, 'PUBLIC_APP_URL'),
    }),
    editing: setting(env, 'KEYSTATIC') === 'true',
    // All of KEYSTATIC_GITHUB_* or none: a partial set throws, naming what is missing.
    hostedEditor: hostedEditorSettings(env),
  };
}
