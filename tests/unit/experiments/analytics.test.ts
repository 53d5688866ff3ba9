// @vitest-environment happy-dom
/**
 * Counted per variant, and real visitors' speed: under a split test every event (the page view
 * too) names the test and the variant, in the dataLayer and at the provider; web vitals become
 * `web_vital` events with the metric, its value, its rating and the page, and reach the provider
 * only when one is connected (never under GPC or DNT: then there is no connection at all).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createTracker,
  experimentOfPage,
  trackPageLoad,
  type EventName,
  type EventProps,
} from '../../../src/lib/analytics.ts';
import { measureWith, metricValue, vitalEvent } from '../../../src/lib/web-vitals.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('events under a split test', () => {
  it('reads the test and variant the page names, and nothing from a page under no test', () => {
    const body = document.createElement('body');
    expect(experimentOfPage(body)).toEqual({});
    body.dataset['experiment'] = 'kit-headline';
    body.dataset['variant'] = 'plain-question';
    expect(experimentOfPage(body)).toEqual({ experiment: 'kit-headline', variant: 'plain-question' });
  });

  it('names both on the page view and every event, in the dataLayer and at the provider', async () => {
    const target: { dataLayer?: unknown[] } = {};
    const sent: [EventName, EventProps][] = [];
    const context = { experiment: 'kit-headline', variant: 'plain-question' };
    const track = createTracker(target, {
      log: () => {},
      context,
      connect: () => Promise.resolve((name, props) => void sent.push([name, props])),
    });
    trackPageLoad(track, '/', false);
    track('cta_click', { page: '/', section: 'hero', label: 'Buy' });
    await flush();
    expect(target.dataLayer).toEqual([
      { event: 'page_view', page_path: '/', ...context },
      { event: 'cta_click', page: '/', section: 'hero', label: 'Buy', ...context },
    ]);
    expect(sent).toEqual([['cta_click', { page: '/', section: 'hero', label: 'Buy', ...context }]]);
  });
});

describe('web vitals as events', () => {
  it('sends CLS as a score and the timings in whole milliseconds, with rating, page and the three as one reading', () => {
    expect(vitalEvent({ name: 'CLS', value: 0.012345, rating: 'good' }, '/')).toEqual({
      metric: 'CLS',
      value: '0.0123',
      rating: 'good',
      page: '/',
      reading: 'CLS good 0.0123',
    });
    expect(metricValue({ name: 'LCP', value: 2512.6 })).toBe('2513');
    expect(vitalEvent({ name: 'INP', value: 640, rating: 'poor' }, '/community').rating).toBe('poor');
  });

  it('goes to the dataLayer always and to no provider when none is connected', () => {
    const target: { dataLayer?: unknown[] } = {};
    const log = vi.fn();
    const track = createTracker(target, { log });
    track('web_vital', vitalEvent({ name: 'TTFB', value: 80, rating: 'good' }, '/'));
    expect(target.dataLayer).toEqual([
      { event: 'web_vital', metric: 'TTFB', value: '80', rating: 'good', page: '/', reading: 'TTFB good 80' },
    ]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('web_vital TTFB'));
  });

  it('starts all five measures of the library and records each metric it reports', () => {
    const target: { dataLayer?: unknown[] } = {};
    const track = createTracker(target, {
      log: () => {},
      context: { experiment: 'kit-headline', variant: 'control' },
    });
    const metrics = [
      { name: 'LCP', value: 1200.4, rating: 'good' },
      { name: 'INP', value: 90, rating: 'good' },
      { name: 'CLS', value: 0, rating: 'good' },
      { name: 'FCP', value: 800, rating: 'good' },
      { name: 'TTFB', value: 700, rating: 'needs-improvement' },
    ] as const;
    const library = Object.fromEntries(
      metrics.map((metric) => [`on${metric.name}`, (report: (m: unknown) => void) => report(metric)]),
    ) as unknown as Parameters<typeof measureWith>[0];
    measureWith(library, track, '/');
    expect(target.dataLayer).toEqual(
      metrics.map((metric) => ({
        event: 'web_vital',
        metric: metric.name,
        value: metricValue(metric),
        rating: metric.rating,
        page: '/',
        reading: `${metric.name} ${metric.rating} ${metricValue(metric)}`,
        experiment: 'kit-headline',
        variant: 'control',
      })),
    );
  });
});
