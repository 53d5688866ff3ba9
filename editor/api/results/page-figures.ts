/**
 * Each page's figures for the editor's results view, from the provider's API (providers.ts):
 *
 * - which section's call to action is clicked (`cta_click` by its `section` property), per page;
 * - real visitors' speed: LCP, INP and CLS per page, phones and desktops apart, as the share of
 *   readings rated good and the 75th percentile. Each `web_vital` event carries its `reading`,
 *   "LCP good 2140" (src/lib/web-vitals.ts): one property holding metric, rating and value, so a
 *   provider that filters events by one property value at a time (Umami) still tells them apart.
 */
import {
  CONVERSION,
  plausibleQuery,
  umamiValues,
  WEB_VITAL,
  type AnalyticsSource,
  type Period,
} from './providers.ts';
import type { Device, PageSections, PageVitals, VitalFigure, VitalName } from './wire.ts';

const VITALS: readonly VitalName[] = ['LCP', 'INP', 'CLS'];

const bySection = (rows: [string, string, number][]): PageSections[] => {
  const pages = new Map<string, Map<string, number>>();
  for (const [page, section, count] of rows) {
    const sections = pages.get(page) ?? new Map<string, number>();
    sections.set(section || '(no section)', (sections.get(section) ?? 0) + count);
    pages.set(page, sections);
  }
  return [...pages].map(([page, sections]) => ({
    page,
    unit: 'visitors',
    sections: [...sections]
      .map(([section, count]) => ({ section, count }))
      .sort((a, b) => b.count - a.count || a.section.localeCompare(b.section)),
  }));
};

/** Clicks on calls to action by page and section, most first. */
export async function ctaSections(source: AnalyticsSource, period: Period): Promise<PageSections[]> {
  if (source.provider === 'plausible') {
    const rows = await plausibleQuery(source, period, {
      metrics: ['visitors'],
      dimensions: ['event:props:page', 'event:props:section'],
      filters: [['is', 'event:goal', [CONVERSION]]],
    });
    return bySection(
      rows.map((row) => [row.dimensions[0]!, row.dimensions[1]!, Number(row.metrics[0] ?? 0)]),
    );
  }
  const pages = await umamiValues(source, period, CONVERSION, 'page');
  const rows: [string, string, number][] = [];
  for (const page of pages.keys())
    for (const [section, count] of await umamiValues(source, period, CONVERSION, 'section', { url: page }))
      rows.push([page, section, count]);
  return bySection(rows).map((entry) => ({ ...entry, unit: 'clicks' }));
}

/** The provider's device name as the view groups it; tablets are neither. */
function deviceOf(name: string): Device | undefined {
  if (/mobile|phone/i.test(name)) return 'phone';
  if (/desktop|laptop/i.test(name)) return 'desktop';
  return undefined;
}

/** The readings' counts ("LCP good 2140" → n) as each metric's share good and p75. */
export function vitalFigures(readings: Map<string, number>): Partial<Record<VitalName, VitalFigure>> {
  const figures: Partial<Record<VitalName, VitalFigure>> = {};
  for (const name of VITALS) {
    const values: [number, number][] = [];
    let good = 0;
    let samples = 0;
    for (const [reading, count] of readings) {
      const [metric, rating, value] = reading.split(' ');
      if (metric !== name || !Number.isFinite(Number(value)) || !(count > 0)) continue;
      samples += count;
      if (rating === 'good') good += count;
      values.push([Number(value), count]);
    }
    if (samples === 0) continue;
    values.sort((a, b) => a[0] - b[0]);
    // The nearest rank: the smallest value with at least 75% of readings at or below it.
    const rank = Math.ceil(samples * 0.75);
    let seen = 0;
    const p75 = values.find(([, count]) => (seen += count) >= rank)![0];
    figures[name] = { samples, good: good / samples, p75 };
  }
  return figures;
}

function add(target: Map<string, Map<string, number>>, key: string, reading: string, count: number) {
  const readings = target.get(key) ?? new Map<string, number>();
  readings.set(reading, (readings.get(reading) ?? 0) + count);
  target.set(key, readings);
}

async function umamiReadings(source: AnalyticsSource, period: Period) {
  const grouped = new Map<string, Map<string, number>>();
  const pages = await umamiValues(source, period, WEB_VITAL, 'page');
  for (const page of pages.keys())
    for (const device of ['mobile', 'desktop', 'laptop'])
      for (const [reading, count] of await umamiValues(source, period, WEB_VITAL, 'reading', {
        url: page,
        device,
      }))
        add(grouped, `${page}\n${deviceOf(device)}`, reading, count);
  return grouped;
}

/** LCP, INP and CLS per page and device, pages in order, phones first. */
export async function pageVitals(source: AnalyticsSource, period: Period): Promise<PageVitals[]> {
  let grouped = new Map<string, Map<string, number>>();
  if (source.provider === 'plausible') {
    const rows = await plausibleQuery(source, period, {
      metrics: ['events'],
      dimensions: ['event:props:page', 'visit:device', 'event:props:reading'],
      filters: [['is', 'event:goal', [WEB_VITAL]]],
    });
    for (const { dimensions, metrics } of rows) {
      const device = deviceOf(dimensions[1] ?? '');
      if (device) add(grouped, `${dimensions[0]}\n${device}`, dimensions[2] ?? '', Number(metrics[0] ?? 0));
    }
  } else grouped = await umamiReadings(source, period);
  return [...grouped]
    .map(([key, readings]) => {
      const [page, device] = key.split('\n') as [string, Device];
      return { page, device, metrics: vitalFigures(readings) };
    })
    .filter((entry) => Object.keys(entry.metrics).length > 0)
    .sort((a, b) => a.page.localeCompare(b.page) || (a.device === 'phone' ? -1 : 1));
}
