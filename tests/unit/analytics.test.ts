import { describe, expect, it, vi } from 'vitest';
import {
  createTracker,
  trackPageLoad,
  visitorOptedOut,
  type EventName,
  type EventProps,
  type Send,
} from '../../src/lib/analytics.ts';
import { readEventAnswers } from '../../src/lib/analytics-plausible.ts';
import { eventAttributes } from '../../src/lib/event-attributes.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('trackPageLoad', () => {
  it('pushes a page_view with the path and logs it', () => {
    const target: { dataLayer?: unknown[] } = {};
    const log = vi.fn();
    trackPageLoad(createTracker(target, { log }), '/community', false);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/community' }]);
    expect(log).toHaveBeenCalledWith('[analytics] page_view /community');
  });

  it('on the not-found page also pushes page_not_found with the missing path', () => {
    const target: { dataLayer?: unknown[] } = { dataLayer: [{ existing: true }] };
    const log = vi.fn();
    trackPageLoad(createTracker(target, { log }), '/no-such-page', true);
    expect(target.dataLayer).toEqual([
      { existing: true },
      { event: 'page_view', page_path: '/no-such-page' },
      { event: 'page_not_found', page_path: '/no-such-page' },
    ]);
    expect(log).toHaveBeenLastCalledWith(expect.stringMatching(/page_not_found.*\/no-such-page/));
  });

  it('replaces a dataLayer that is not an array', () => {
    const target = { dataLayer: 'oops' as unknown as unknown[] };
    trackPageLoad(createTracker(target, { log: () => {} }), '/', false);
    expect(target.dataLayer).toEqual([{ event: 'page_view', page_path: '/' }]);
  });
});

describe('the provider', () => {
  function provider() {
    const sent: [EventName, EventProps][] = [];
    let resolve: (send: Send) => void = () => {};
    const connect = vi.fn(
      () =>
        new Promise<Send>((done) => {
          resolve = done;
        }),
    );
    return { sent, connect, ready: () => resolve((name, props) => sent.push([name, props])) };
  }

  it('gets every event but the page view (providers count those as they start), those before it answered included', async () => {
    const { sent, connect, ready } = provider();
    const target: { dataLayer?: unknown[] } = {};
    const track = createTracker(target, { log: () => {}, connect });
    trackPageLoad(track, '/nope', true);
    track('cta_click', { page: '/', section: 'hero', label: 'Buy' });
    expect(connect).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
    ready();
    await flush();
    track('faq_open', { question: 'Why?' });
    expect(sent).toEqual([
      ['page_not_found', { page_path: '/nope' }],
      ['cta_click', { page: '/', section: 'hero', label: 'Buy' }],
      ['faq_open', { question: 'Why?' }],
    ]);
    // The dataLayer has them all, whatever the provider does.
    expect(target.dataLayer).toHaveLength(4);
  });

  it('that fails to load (an ad blocker) leaves the dataLayer working and throws nothing', async () => {
    const target: { dataLayer?: unknown[] } = {};
    const track = createTracker(target, {
      log: () => {},
      connect: () => Promise.reject(new Error('blocked')),
    });
    track('video_play', { video: 'Tour' });
    await flush();
    track('video_play', { video: 'Tour' });
    expect(target.dataLayer).toHaveLength(2);
  });

  it('is not asked for under Global Privacy Control or Do Not Track', () => {
    expect(visitorOptedOut({ navigator: { globalPrivacyControl: true } })).toBe(true);
    expect(visitorOptedOut({ navigator: { doNotTrack: '1' } })).toBe(true);
    expect(visitorOptedOut({ navigator: {}, doNotTrack: '1' })).toBe(true);
    expect(visitorOptedOut({ navigator: { globalPrivacyControl: false, doNotTrack: 'unspecified' } })).toBe(
      false,
    );
    expect(visitorOptedOut({ navigator: { doNotTrack: null } })).toBe(false);
  });
});

describe('eventAttributes', () => {
  it('names the event and carries each property as data-event-<prop>', () => {
    expect(eventAttributes('tab_select', { widget: 'join', tab: 'plans' })).toEqual({
      'data-event': 'tab_select',
      'data-event-widget': 'join',
      'data-event-tab': 'plans',
    });
    expect(eventAttributes('cta_click')).toEqual({ 'data-event': 'cta_click' });
  });
});

describe("Plausible's event answers", () => {
  it('are read to their end as the tracker sends, so no request stays open; other requests are left to their callers', async () => {
    const answers: Response[] = [];
    const win = {
      fetch: (input: RequestInfo | URL) => {
        const answer = new Response(input === '/a/event' ? 'ok' : 'page', { status: 202 });
        answers.push(answer);
        return Promise.resolve(answer);
      },
    } as unknown as Window & typeof globalThis;
    readEventAnswers(win, '/a/event');
    const event = await win.fetch('/a/event', { method: 'POST', body: '{}', keepalive: true });
    const other = await win.fetch('/elsewhere');
    await flush();
    // The tracker gets the answer itself (it reads only the status), and its body has been read.
    expect(event).toBe(answers[0]);
    expect(event.status).toBe(202);
    expect(event.bodyUsed).toBe(true);
    expect(other.bodyUsed).toBe(false);
  });
});
