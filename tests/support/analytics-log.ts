/**
 * One synthetic log of what visitors did, for the analytics API stand-in (analytics-api.ts): page
 * views on both pages from phones, tablets and computers over 100 days, the split test `test`
 * on its page (each visitor one variant, some clicking a call to action), calls to action clicked
 * in several sections, and each visit's speed as the site sends it (src/lib/web-vitals.ts's
 * `vitalEvent`, ratings by Google's thresholds). Drawn from a seeded generator: the same log each run.
 */
import { vitalEvent } from '../../src/lib/web-vitals.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { startAnalyticsApi, type AnalyticsApi, type LoggedEvent } from './analytics-api.ts';
import { seeded } from '../../harness/seeded.ts';

/** Google's thresholds: good at or under the first, poor over the second. */
const THRESHOLDS = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25] } as const;
const SECTIONS = {
  '/': ['hero', 'bundles', 'final-cta'],
  '/community': ['community-hero', 'nav', 'final-cta'],
} as const;
const DEVICES = ['Mobile', 'Mobile', 'Mobile', 'Desktop', 'Desktop', 'Laptop', 'Tablet'] as const;

export interface LoggedTest {
  id: string;
  page: string;
  variants: { id: string }[];
}

export function syntheticLog(to: Date, test: LoggedTest, visitors = 1600): LoggedEvent[] {
  const random = seeded(40);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const log: LoggedEvent[] = [];
  for (let n = 0; n < visitors; n++) {
    const visitor = `v${n}`;
    // Whole days before `to`: Plausible counts by date, Umami by the millisecond, and both agree.
    const at = new Date(to.getTime() - Math.floor(random() * 100) * 86_400_000);
    const page = random() < 0.7 ? '/' : '/community';
    const device = pick(DEVICES);
    const variantIndex = page === test.page ? n % test.variants.length : -1;
    const context: Record<string, string> =
      variantIndex >= 0 ? { experiment: test.id, variant: test.variants[variantIndex]!.id } : {};
    const event = (name: string, props: Record<string, string> = {}) =>
      log.push({ at, visitor, name, page, device, props: { ...props, ...context } });
    event('pageview');
    // The later variants sell better, by a margin a test of this size can tell.
    const converts = random() < 0.09 + 0.07 * Math.max(variantIndex, 0);
    if (converts) event('cta_click', { page, section: pick(SECTIONS[page]), label: 'Get the kit' });
    const slow = device === 'Mobile' ? 1.6 : 1;
    for (const name of ['LCP', 'INP', 'CLS'] as const) {
      if (name === 'INP' && random() < 0.4) continue; // no interaction, no INP
      const [good, poor] = THRESHOLDS[name];
      const value =
        name === 'CLS' ? Math.round(random() * 0.3 * 1e4) / 1e4 : Math.round(random() * 2 * good * slow);
      const rating = value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
      event('web_vital', vitalEvent({ name, value, rating }, page));
    }
  }
  return log;
}

/** The analytics API's stand-in holding today's log of the sample split test, answering `key` alone. */
export function sampleAnalyticsApi(key: string): Promise<AnalyticsApi> {
  return startAnalyticsApi({
    key,
    siteId: 'buildequity.com',
    log: syntheticLog(new Date(), SAMPLE_EXPERIMENT),
  });
}
