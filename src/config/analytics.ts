/**
 * Which analytics provider the site reports to, and everything that follows from that choice:
 * where the browser sends events, which origins the content security policy must allow, and which
 * paths of our own origin forward to the provider (the first-party path).
 *
 * Framework-free, so the build (integrations/: the policy and the forwarded paths) and the
 * browser (the provider's adapter in src/lib/) resolve the same PUBLIC_ANALYTICS_* values the same
 * way. A malformed value stops the build with one line naming the variable.
 */

/**
 * The PUBLIC_ANALYTICS_* settings as the build read them (runtime/settings.ts has checked each: a
 * listed provider, a URL, a boolean), and this site's origin.
 */
export interface AnalyticsEnv {
  provider?: AnalyticsProvider | undefined;
  host?: string | undefined;
  siteId?: string | undefined;
  proxy?: boolean | undefined;
  /** PUBLIC_SITE_URL: Plausible names a site by its domain, taken from here unless set. */
  siteUrl: string;
}

export interface AnalyticsSettings {
  provider: Exclude<AnalyticsProvider, 'none'>;
  /** The provider's origin: its cloud, or a self-hosted instance. */
  host: string;
  /** Plausible's site domain, or Umami's website id. */
  siteId: string;
  /** Events go to our own origin, which forwards them to the provider. */
  proxy: boolean;
}

/** A path of our own origin that forwards to the provider (PUBLIC_ANALYTICS_PROXY=true). */
export interface ForwardedPath {
  path: string;
  method: 'GET' | 'POST';
  /** The provider's URL it forwards to. */
  upstream: string;
}

/** Where each provider takes events (and serves its script), and the paths of ours that stand in. */
const PROVIDER_PATHS = {
  plausible: {
    cloud: 'https://plausible.io',
    event: '/api/event',
    ownEvent: '/a/event',
  },
  umami: {
    cloud: 'https://cloud.umami.is',
    event: '/api/send',
    script: '/script.js',
    // The script sends to `<its host URL>/api/send`: with /a as that host URL, to /a/api/send.
    ownHostUrl: '/a',
    ownEvent: '/a/api/send',
    ownScript: '/a/script.js',
  },
} as const;

/** `none`, or a provider of PROVIDER_PATHS (runtime/settings.ts lists the same for PUBLIC_ANALYTICS_PROVIDER). */
export type AnalyticsProvider = 'none' | keyof typeof PROVIDER_PATHS;

/** Every path of ours that stands in for a provider, whichever is chosen (`/a/event`, `/a/script.js`, …). */
export const OWN_ANALYTICS_PATHS: readonly string[] = Object.values(PROVIDER_PATHS).flatMap((paths) =>
  Object.entries(paths)
    .filter(([key]) => key.startsWith('own'))
    .map(([, path]) => path),
);

/**
 * The settings in force, or null when nothing is to leave the browser (`none`, the default). The
 * rules across settings are here: the host an origin alone, Umami's site id required.
 */
export function analyticsSettings(env: AnalyticsEnv): AnalyticsSettings | null {
  const provider = env.provider || 'none';
  if (provider === 'none') return null;
  const host = env.host?.trim() ? originOf(env.host.trim()) : PROVIDER_PATHS[provider].cloud;
  const siteId = env.siteId?.trim() || (provider === 'plausible' ? new URL(env.siteUrl).hostname : '');
  if (!siteId) {
    throw new Error(
      'PUBLIC_ANALYTICS_SITE_ID must be set to the website id Umami shows for this site (Settings, Websites).',
    );
  }
  return { provider, host, siteId, proxy: env.proxy === true };
}

function originOf(value: string): string {
  // That it is a URL at all is the schema's check; here, that it is an origin and nothing more.
  const url = parsed(value);
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search
  ) {
    throw new Error(
      `PUBLIC_ANALYTICS_HOST must be an origin alone, such as https://plausible.io, with no path (got "${value}").`,
    );
  }
  return url.origin;
}

/** The URL, or null (not URL.parse: the browsers the site supports do not all have it). */
function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** What the browser talks to: absolute provider URLs, or paths of our own origin when proxied. */
export function collectorUrls(settings: AnalyticsSettings): {
  endpoint: string;
  script?: string;
  /** Umami's `data-host-url`: where its script sends (`/api/send` is appended). */
  hostUrl?: string;
} {
  if (settings.provider === 'plausible') {
    const paths = PROVIDER_PATHS.plausible;
    return { endpoint: settings.proxy ? paths.ownEvent : `${settings.host}${paths.event}` };
  }
  const paths = PROVIDER_PATHS.umami;
  return settings.proxy
    ? { endpoint: paths.ownEvent, script: paths.ownScript, hostUrl: paths.ownHostUrl }
    : {
        endpoint: `${settings.host}${paths.event}`,
        script: `${settings.host}${paths.script}`,
        hostUrl: settings.host,
      };
}

/**
 * The origins the content security policy must add: the provider's, for the script (Umami) and
 * for sending events, and none at all when nothing is configured or events go through our origin.
 */
export function analyticsOrigins(settings: AnalyticsSettings | null): {
  script: string[];
  connect: string[];
} {
  if (!settings || settings.proxy) return { script: [], connect: [] };
  return {
    script: settings.provider === 'umami' ? [settings.host] : [],
    connect: [settings.host],
  };
}

/** The paths our origin forwards to the provider: only with PUBLIC_ANALYTICS_PROXY=true. */
export function forwardedPaths(settings: AnalyticsSettings | null): ForwardedPath[] {
  if (!settings?.proxy) return [];
  if (settings.provider === 'plausible') {
    const paths = PROVIDER_PATHS.plausible;
    return [{ path: paths.ownEvent, method: 'POST', upstream: `${settings.host}${paths.event}` }];
  }
  const paths = PROVIDER_PATHS.umami;
  return [
    { path: paths.ownScript, method: 'GET', upstream: `${settings.host}${paths.script}` },
    { path: paths.ownEvent, method: 'POST', upstream: `${settings.host}${paths.event}` },
  ];
}

/**
 * Plausible ignores pages served from this machine (a developer's `npm start`) unless told
 * otherwise; when the provider itself runs here (a local instance, a test's collector), they count.
 */
export function countsLocalPages(settings: AnalyticsSettings): boolean {
  return isLocalHost(settings.host);
}

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return null; // A malformed URL is reported by its own check, with the variable's name.
  }
}

/** localhost, *.localhost, 127.x.x.x, ::1 and 0.0.0.0: an address only this machine reaches. */
export function isLocalHost(url: string): boolean {
  const host = hostOf(url);
  if (host === null) return false;
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0'
  );
}
