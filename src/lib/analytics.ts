/**
 * Page analytics: pushes events to `window.dataLayer` (the tag-manager convention),
 * so a tag manager added later picks them up. Nothing is sent anywhere by this module.
 */

export interface AnalyticsEvent {
  event: 'page_view' | 'page_not_found';
  page_path: string;
}

type Target = { dataLayer?: unknown[] };

export function dataLayerOf(target: Target): unknown[] {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  return target.dataLayer;
}

export function track(
  target: Target,
  event: AnalyticsEvent,
  log: (line: string) => void = console.info,
): void {
  dataLayerOf(target).push(event);
  log(`[analytics] ${event.event} ${event.page_path}`);
}

/** Every page load: a page_view; the not-found page also a page_not_found with the missing path. */
export function trackPageLoad(
  target: Target,
  pagePath: string,
  notFound: boolean,
  log?: (line: string) => void,
): void {
  track(target, { event: 'page_view', page_path: pagePath }, log);
  if (notFound) track(target, { event: 'page_not_found', page_path: pagePath }, log);
}
