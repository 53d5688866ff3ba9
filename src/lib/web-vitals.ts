/**
 * Real visitors' speed: LCP, INP, CLS, FCP and TTFB measured by the `web-vitals` library (each in
 * the engines that support it) and recorded as `web_vital` events naming the metric, its value,
 * its rating (good, needs-improvement, poor) and the page, like every other event: always in the
 * dataLayer, and at the provider when one is configured and the visitor has not opted out. Under a
 * split test the tracker adds the variant.
 *
 * The observers start once the first screen is painted: the library reads the paint and layout
 * entries the browser kept (buffered), so nothing is lost, and the first screen costs nothing.
 * Each metric is reported once it is final (most when the page is hidden).
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { whenFirstPainted } from './after-first-paint.ts';
import type { Track } from './analytics.ts';

/** A metric's value as sent: CLS is a score with four decimals, the others whole milliseconds. */
export function metricValue(metric: Pick<Metric, 'name' | 'value'>): string {
  return metric.name === 'CLS' ? metric.value.toFixed(4) : String(Math.round(metric.value));
}

export function vitalEvent(metric: Pick<Metric, 'name' | 'value' | 'rating'>, page: string) {
  return { metric: metric.name, value: metricValue(metric), rating: metric.rating, page };
}

export function installWebVitals(win: Window, track: Track): void {
  whenFirstPainted(() => {
    const page = win.location.pathname;
    const report = (metric: Metric) => track('web_vital', vitalEvent(metric, page));
    for (const measure of [onLCP, onINP, onCLS, onFCP, onTTFB]) measure(report);
  }, win);
}
