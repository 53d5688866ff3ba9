/**
 * What the build makes of its environment, read once: astro.config.ts hands `buildSettings` the
 * shell's variables and the .env file's, and it and its integrations read no variable themselves.
 * Each setting is read by its rule in runtime/settings.ts (the hosted editor's together, by
 * runtime/editor.ts); here, what follows from them (frame origins, analytics, the production guard)
 * and the build's own switches. A bad setting throws an error whose message names the variable
 * (the build prints it and stops); an empty variable is an unset one, so a shell's
 * `PUBLIC_SITE_URL=` falls back to the default like no variable at all.
 */
import { builtEditor, type BuiltEditor } from '../runtime/editor.ts';
import { PAGE_SETTINGS, readSettings, type Env, type Settings } from '../runtime/settings.ts';
import { analyticsOrigins, analyticsSettings, type AnalyticsSettings } from '../src/config/analytics.ts';
import { VIDEO_FRAME_ORIGINS } from '../src/config/videos.ts';
import { checkProductionUrls, previewContext, type UrlCheck } from './production-url-guard.ts';

export type BuildEnv = Env;

/**
 * Every variable the build reads besides the hosted editor's (runtime/editor.ts) and those that say
 * which host's production context it runs in (SITE_ENV among them: production-url-guard.ts).
 */
const BUILD_SETTINGS = [...PAGE_SETTINGS, 'HSTS_PRELOAD'] as const;

export interface BuildSettings {
  /** What the pages read (integrations/page-settings.ts). */
  pages: Settings<(typeof PAGE_SETTINGS)[number]>;
  /** The site's origin: canonical and Open Graph URLs, the sitemap. */
  siteUrl: string;
  /** The origins frames may come from: the video hosts and, when configured, the newsletter provider. */
  frameOrigins: string[];
  /** The analytics provider, or null for none (and for a build whose visitors are not counted). */
  analytics: AnalyticsSettings | null;
  /**
   * Why this build counts no visit though a provider may be set: it is a host's preview
   * (`Netlify, CONTEXT=deploy-preview`, an editor's draft branch on Cloudflare Pages); null otherwise.
   */
  uncounted: string | null;
  /** Origins the policy adds for analytics: its script (Umami's, straight from the provider) and its events. */
  analyticsPolicy: { script: string[]; connect: string[] };
  /** HSTS_PRELOAD: every host's Strict-Transport-Security asks to be preloaded. */
  hstsPreload: boolean;
  /** The verdict on the two origins for this build (a production host stops on a placeholder). */
  productionUrls: UrlCheck;
  /**
   * The hosted editor (Keystatic, GitHub mode), built into the site when all its variables are set
   * or its setup page has committed its credentials (editor/api/setup/).
   */
  hostedEditor: BuiltEditor | null;
  /**
   * EDITOR_SETUP_CODE is set and the editor is not built: the build gives the editor's paths a
   * page that leads to its setup, and each host's function answers the setup (editor/api/setup/).
   */
  editorSetup: boolean;
}

/** `credentials`: the text of the editor's committed credentials file, when there is one. */
export function buildSettings(env: BuildEnv, credentials?: string): BuildSettings {
  const settings = readSettings(env, BUILD_SETTINGS);
  const siteUrl = settings.PUBLIC_SITE_URL;
  const newsletterEmbed = settings.PUBLIC_NEWSLETTER_EMBED_URL;
  const frameOrigins = [
    ...VIDEO_FRAME_ORIGINS,
    ...(newsletterEmbed ? [new URL(newsletterEmbed).origin] : []),
  ];
  const configured = analyticsSettings({
    provider: settings.PUBLIC_ANALYTICS_PROVIDER,
    host: settings.PUBLIC_ANALYTICS_HOST,
    siteId: settings.PUBLIC_ANALYTICS_SITE_ID,
    proxy: settings.PUBLIC_ANALYTICS_PROXY,
    siteUrl,
  });
  if (configured?.proxy && env['CF_PAGES']) {
    throw new Error(
      'PUBLIC_ANALYTICS_PROXY=true needs a host that forwards requests to another origin, and Cloudflare Pages cannot: leave it unset there (events then go straight to the provider).',
    );
  }
  // Their visitors are the owner and the team: the settings are checked above like any build's,
  // then left out.
  const uncounted = previewContext(env);
  // All of KEYSTATIC_GITHUB_* or none (a partial set throws, naming what is missing), else the credentials' clear part.
  const hostedEditor = builtEditor(env, credentials);
  const analytics = uncounted ? null : configured;
  return {
    pages: Object.fromEntries(PAGE_SETTINGS.map((name) => [name, settings[name]])) as BuildSettings['pages'],
    siteUrl,
    frameOrigins,
    analytics,
    uncounted,
    analyticsPolicy: analyticsOrigins(analytics),
    hstsPreload: settings.HSTS_PRELOAD,
    // The guard asks whether the two origins were set at all, not what they default to.
    productionUrls: checkProductionUrls(env, {
      ...(env['PUBLIC_SITE_URL']?.trim() && { siteUrl }),
      ...(env['PUBLIC_APP_URL']?.trim() && { appUrl: settings.PUBLIC_APP_URL }),
    }),
    hostedEditor,
    editorSetup: !hostedEditor && Boolean(readSettings(env, ['EDITOR_SETUP_CODE']).EDITOR_SETUP_CODE),
  };
}
