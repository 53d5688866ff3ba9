/**
 * Page analytics. Every event is pushed to `window.dataLayer` (the tag-manager convention) and
 * written to the console; when the build names a provider (PUBLIC_ANALYTICS_PROVIDER), it is also
 * sent there, unless the visitor asked not to be tracked (Global Privacy Control or Do Not Track):
 * then nothing leaves the browser. The provider's code is loaded only when one is configured.
 */

/** The one vocabulary of events, the same in the dataLayer and at the provider. */
export type EventName =
  | 'page_view'
  | 'page_not_found'
  | 'cta_click'
  | 'video_play'
  | 'faq_open'
  | 'tab_select'
  | 'carousel_move'
  | 'newsletter_view'
  | 'web_vital';

export type EventProps = Record<string, string>;

/** A dataLayer entry: the event's name and its properties side by side. */
export type AnalyticsEvent = { event: EventName } & EventProps;

/** Sends one event to the provider. */
export type Send = (name: EventName, props: EventProps) => void;

/** Records one event: dataLayer, console and, where allowed, the provider. */
export type Track = (name: EventName, props: EventProps) => void;

type Target = { dataLayer?: unknown[] };

export function dataLayerOf(target: Target): unknown[] {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  return target.dataLayer;
}

/** Global Privacy Control, or Do Not Track in any of the places browsers have put it. */
export function visitorOptedOut(win: {
  navigator: { globalPrivacyControl?: boolean; doNotTrack?: string | null };
  doNotTrack?: string | null;
}): boolean {
  return (
    win.navigator.globalPrivacyControl === true || win.navigator.doNotTrack === '1' || win.doNotTrack === '1'
  );
}

/**
 * A page the owner sees in the editor rather than a visitor's visit: one drawn inside a frame (the
 * editor's live preview; the site itself forbids being framed by anyone else) or one of the
 * editor's own pages (under /keystatic). Nothing is sent from it.
 */
export function ownersView(win: { top: unknown; self: unknown; location: { pathname: string } }): boolean {
  return win.top !== win.self || /^\/keystatic(\/|$)/.test(win.location.pathname);
}

export interface TrackerOptions {
  log?: (line: string) => void;
  /**
   * Properties every event carries, page views included: the split test running on the page and
   * the variant this is (`experiment`, `variant`), so each is counted per variant.
   */
  context?: EventProps;
  /**
   * Connects to the provider (its code loads on first use); undefined when none is configured or
   * the visitor opted out. Events recorded before it answers are sent once it has.
   */
  connect?: (() => Promise<Send>) | undefined;
}

export function createTracker(
  target: Target,
  { log = console.info, connect, context = {} }: TrackerOptions = {},
): Track {
  let send: Send | null = null;
  let queue: [EventName, EventProps][] | null = connect ? [] : null;
  connect?.().then(
    (connected) => {
      send = connected;
      for (const [name, props] of queue ?? []) connected(name, props);
      queue = null;
    },
    // A blocked or failed provider (an ad blocker, a network error) costs the visitor nothing.
    () => (queue = null),
  );
  return (name, own) => {
    const props = { ...own, ...context };
    dataLayerOf(target).push({ event: name, ...props });
    log(`[analytics] ${name} ${Object.values(props).join(' ')}`);
    // Both providers count page views themselves as they start.
    if (name === 'page_view') return;
    if (send) send(name, props);
    else queue?.push([name, props]);
  };
}

/** Every page load: a page_view; the not-found page also a page_not_found with the missing path. */
export function trackPageLoad(track: Track, pagePath: string, notFound: boolean): void {
  track('page_view', { page_path: pagePath });
  if (notFound) track('page_not_found', { page_path: pagePath });
}

/** The split test a page is under and the variant it is (`data-experiment`, `data-variant` on its body); none when no test runs. */
export function experimentOfPage(body: { dataset: DOMStringMap }): EventProps {
  const { experiment, variant } = body.dataset;
  return experiment && variant ? { experiment, variant } : {};
}
