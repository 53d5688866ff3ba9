/**
 * Plausible, through its official tracker (@plausible-analytics/tracker), bundled with our own
 * script: nothing is loaded from another origin, and only the events go to the provider (or to our
 * own origin, which forwards them). Loaded only by a build with PUBLIC_ANALYTICS_PROVIDER=plausible.
 */
import { init, track } from '@plausible-analytics/tracker';
import {
  analyticsSettings,
  collectorUrls,
  countsLocalPages,
  type AnalyticsEnv,
} from '../config/analytics.ts';
import type { Send } from './analytics.ts';

export async function connect(
  env: AnalyticsEnv,
  _doc: Document,
  context: Record<string, string> = {},
): Promise<Send> {
  const settings = analyticsSettings(env);
  if (settings?.provider !== 'plausible') throw new Error('PUBLIC_ANALYTICS_PROVIDER is not plausible');
  init({
    domain: settings.siteId,
    endpoint: collectorUrls(settings).endpoint,
    // Counts this page view, then the time spent and how far the visitor scrolled.
    autoCapturePageviews: true,
    captureOnLocalhost: countsLocalPages(settings),
    // An ignored event is no error of the page's: the console stays clean.
    logging: false,
    // The page view carries the split test and variant as custom properties (events carry them already).
    customProperties: context,
  });
  return (name, props) => track(name, { props });
}
