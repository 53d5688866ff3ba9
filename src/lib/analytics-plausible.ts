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

/**
 * The tracker posts each event with fetch and never reads the answer (Plausible's is `ok`), and
 * Chromium holds a request open until its answer is read or the page lets it go. To Lighthouse,
 * and so to PageSpeed Insights, a page that has sent an event then never falls network-quiet: it
 * waits out its 45 s limit and counts all the page did meanwhile as its own (/community through
 * our server: 1.2 to 1.5 s more main-thread work than with its events refused). So every answer
 * from the endpoint is read to its end here, as the tracker's own request goes by.
 */
export function readEventAnswers(win: Window & typeof globalThis, endpoint: string): void {
  const send = win.fetch;
  if (typeof send !== 'function') return;
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = send.call(win, input, init);
    if (input === endpoint) answer.then((response) => response.arrayBuffer()).catch(() => {});
    return answer;
  };
}

export async function connect(
  env: AnalyticsEnv,
  _doc: Document,
  context: Record<string, string> = {},
): Promise<Send> {
  const settings = analyticsSettings(env);
  if (settings?.provider !== 'plausible') throw new Error('PUBLIC_ANALYTICS_PROVIDER is not plausible');
  const { endpoint } = collectorUrls(settings);
  readEventAnswers(window, endpoint);
  init({
    domain: settings.siteId,
    endpoint,
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
