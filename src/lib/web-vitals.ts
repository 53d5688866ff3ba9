/**
 * Real visitors' speed: LCP, INP, CLS, FCP and TTFB measured by the `web-vitals` library (each in
 * the engines that support it) and recorded as `web_vital` events naming the metric, its value,
 * its rating (good, needs-improvement, poor) and the page, like every other event: always in the
 * dataLayer, and at the provider when one is configured and the visitor has not opted out. Under a
 * split test the tracker adds the variant.
 *
 * The library is its own file (src/pages/web-vitals.js.ts), loaded once the first screen is
 * painted and the page is idle (like the provider's connection): the page's load costs nothing, and the library still reads the paint and layout
 * entries the browser kept (buffered). Each metric is reported once it is final (most when the
 * page is hidden).
 */
import type { Metric, onCLS } from 'web-vitals';
import { whenIdleAfterFirstPaint } from './after-first-paint.ts';
import type { Track } from './analytics.ts';

/** Where the build puts the library's browser build. */
export const WEB_VITALS_SCRIPT = '/web-vitals.js';

type Measure = typeof onCLS;
type WebVitals = Record<'onLCP' | 'onINP' | 'onCLS' | 'onFCP' | 'onTTFB', Measure>;

/** A metric's value as sent: CLS is a score with four decimals, the others whole milliseconds. */
export function metricValue(metric: Pick<Metric, 'name' | 'value'>): string {
  return metric.name === 'CLS' ? metric.value.toFixed(4) : String(Math.round(metric.value));
}

/**
 * A metric as sent. `reading` ("LCP good 2140") holds all three in one property: the editor's
 * results view (editor/api/results/page-figures.ts) counts readings by it, as a provider that filters
 * events by one property at a time (Umami) can only tell metrics apart that way.
 */
export function vitalEvent(metric: Pick<Metric, 'name' | 'value' | 'rating'>, page: string) {
  const value = metricValue(metric);
  return {
    metric: metric.name,
    value,
    rating: metric.rating,
    page,
    reading: `${metric.name} ${metric.rating} ${value}`,
  };
}

/** Starts every measure of the library (once it has loaded) and records each metric as it is final. */
export function measureWith(library: WebVitals, track: Track, page: string): void {
  const report = (metric: Metric) => track('web_vital', vitalEvent(metric, page));
  for (const measure of [library.onLCP, library.onINP, library.onCLS, library.onFCP, library.onTTFB])
    measure(report);
}

/** Loads the library once the first screen is painted and the page is idle, after its load event. */
export function installWebVitals(win: Window, track: Track): void {
  whenIdleAfterFirstPaint(() => {
    const doc = win.document;
    const script = doc.createElement('script');
    script.src = WEB_VITALS_SCRIPT;
    script.async = true;
    script.addEventListener('load', () => {
      const library = (win as Window & { webVitals?: WebVitals }).webVitals;
      if (library) measureWith(library, track, win.location.pathname);
    });
    doc.head.append(script);
  }, win);
}
