/**
 * Umami, through its own script from the provider's origin (or from our own, which forwards it
 * with PUBLIC_ANALYTICS_PROXY=true): it counts the page view as it starts, and `umami.track` sends
 * each event after. Loaded only by a build with PUBLIC_ANALYTICS_PROVIDER=umami.
 */
import { analyticsSettings, collectorUrls, type AnalyticsEnv } from '../config/analytics.ts';
import type { Send } from './analytics.ts';

interface Umami {
  track: (name: string, data?: Record<string, string>) => unknown;
}

export function connect(
  env: AnalyticsEnv,
  doc: Document,
  context: Record<string, string> = {},
): Promise<Send> {
  const settings = analyticsSettings(env);
  if (settings?.provider !== 'umami')
    return Promise.reject(new Error('PUBLIC_ANALYTICS_PROVIDER is not umami'));
  const { script, hostUrl } = collectorUrls(settings);
  const origin = doc.location.origin;
  return new Promise((resolve, reject) => {
    const element = doc.createElement('script');
    element.src = new URL(script!, origin).href;
    element.defer = true;
    element.dataset['websiteId'] = settings.siteId;
    // Umami's tag marks the page view and every event with the split test's variant (its way of
    // comparing A and B); each event's data names both as well.
    if (context['experiment'] && context['variant'])
      element.dataset['tag'] = `${context['experiment']}:${context['variant']}`;
    // Where it sends: the provider, or our own origin's forwarded path (an absolute URL either way).
    element.dataset['hostUrl'] = new URL(hostUrl!, origin).href.replace(/\/$/, '');
    element.addEventListener('load', () => {
      const umami = (doc.defaultView as (Window & { umami?: Umami }) | null)?.umami;
      if (umami) resolve((name, props) => void umami.track(name, props));
      else reject(new Error('the Umami script did not start'));
    });
    element.addEventListener('error', () => reject(new Error('the Umami script did not load')));
    doc.head.append(element);
  });
}
