/**
 * The editor's results (editor/api/results/), against stand-ins of Plausible's Stats API v2 and
 * Umami's API answering from one synthetic log: each figure is the log's own count, both
 * providers give the same figures, each state without figures is one sentence saying what to do,
 * and the key is in no answer and no log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  analyticsSource,
  RESULTS_SETTINGS,
  resultsHandler,
  stateMessage,
} from '../../../editor/api/results/results-api.ts';
import { readSettings } from '../../../runtime/settings.ts';
import type { ResultsAnswer } from '../../../editor/api/results/wire.ts';
import { testVerdict } from '../../../editor/api/results/sequential.ts';
import { askedTest, testParam as paramOf } from '../../../editor/api/results/verdict-words.ts';
import { SAMPLE_EXPERIMENT } from '../../../harness/sample-experiment.ts';
import { startAnalyticsApi, type AnalyticsApi, type LoggedEvent } from '../../support/analytics-api.ts';
import { syntheticLog } from '../../support/analytics-log.ts';

const KEY = 'stand-in-secret-key-7f3a9c';
const SITE = 'buildequity.com';
const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
/** The sample test, started 80 days before NOW. */
const STARTED_DAYS = 80;
const test = {
  ...SAMPLE_EXPERIMENT,
  started: new Date(NOW.getTime() - STARTED_DAYS * DAY).toISOString().slice(0, 10),
};
const testParam = `test=${encodeURIComponent(paramOf(askedTest(test)))}`;
const log = syntheticLog(NOW, test);

let api: AnalyticsApi;
let empty: AnalyticsApi;
beforeAll(async () => {
  api = await startAnalyticsApi({ key: KEY, siteId: SITE, log });
  empty = await startAnalyticsApi({ key: KEY, siteId: SITE, log: [] });
});
afterAll(async () => {
  await api.close();
  await empty.close();
});

const env = (provider: string, origin: string, extra: Record<string, string> = {}) => ({
  PUBLIC_ANALYTICS_PROVIDER: provider,
  PUBLIC_ANALYTICS_SITE_ID: SITE,
  ANALYTICS_API_KEY: KEY,
  ANALYTICS_API_URL: origin,
  ...extra,
});

/** Where the figures come from for `environment`, read as a host reads its own (runtime/settings.ts). */
const sourceOf = (environment: Record<string, string | undefined>) =>
  analyticsSource(readSettings(environment, RESULTS_SETTINGS));

async function ask(environment: Record<string, string | undefined>, query = `days=28&${testParam}`) {
  const handler = resultsHandler(sourceOf(environment), {
    access: async () => 'ok',
    place: 'host',
    now: () => NOW,
  });
  const reply = await handler(new Request(`https://site.example/api/keystatic/results?${query}`));
  return reply.body as ResultsAnswer;
}

/** The log's own count: events since `days` ago that pass `keep`. */
const since = (days: number, keep: (event: LoggedEvent) => boolean) =>
  log.filter((event) => event.at.getTime() >= NOW.getTime() - days * DAY && keep(event));
const distinct = (events: LoggedEvent[]) => new Set(events.map((event) => event.visitor)).size;

describe.each(['plausible', 'umami'])('results from %s', (provider) => {
  let answer: ResultsAnswer;
  beforeAll(async () => {
    answer = await ask(env(provider, api.origin));
  });

  it('each variant’s visitors and conversions are the log’s since the test started, with its rate, interval and the verdict', () => {
    expect(answer.state).toBe('ready');
    const [figures] = answer.tests;
    for (const variant of figures!.variants) {
      const own = (event: LoggedEvent) => event.props['variant'] === variant.id;
      expect(variant.visitors).toBe(distinct(since(STARTED_DAYS, own)));
      expect(variant.conversions).toBe(
        distinct(since(STARTED_DAYS, (event) => own(event) && event.name === 'cta_click')),
      );
      expect(variant.interval[0]).toBeLessThan(variant.rate);
      expect(variant.interval[1]).toBeGreaterThan(variant.rate);
    }
    const [control, challenger] = figures!.variants;
    const arms = test.variants.map((variant, at) => ({ ...figures!.variants[at]!, weight: variant.weight }));
    expect(figures!.days).toBeCloseTo(STARTED_DAYS + 0.5, 6);
    expect(figures!.verdict).toEqual(
      testVerdict({ arms, days: figures!.days, smallestLift: test.smallestLift / 100 }),
    );
    // The log was drawn with the challenger selling better, by a margin this many visitors tell.
    expect(figures!.verdict).toMatchObject({ outcome: 'winner', winner: challenger!.id });
    expect(control!.id).toBe(test.variants[0]!.id);
  });

  it('the calls to action clicked, by page and section, over the days asked', async () => {
    for (const days of [7, 28, 90]) {
      const { sections } = days === 28 ? answer : await ask(env(provider, api.origin), `days=${days}`);
      const clicks = since(days, (event) => event.name === 'cta_click');
      expect(sections.flatMap((page) => page.sections).reduce((sum, row) => sum + row.count, 0)).toBe(
        clicks.length,
      );
      const hero = sections.find((page) => page.page === '/')?.sections.find((row) => row.section === 'hero');
      expect(hero?.count).toBe(
        clicks.filter((event) => event.page === '/' && event.props['section'] === 'hero').length,
      );
    }
  });

  it('real visitors’ LCP, INP and CLS per page, phones and desktops apart: share good and p75 over 28 days', () => {
    const phones = answer.vitals.find((entry) => entry.page === '/' && entry.device === 'phone')!;
    const readings = since(
      28,
      (event) =>
        event.name === 'web_vital' &&
        event.page === '/' &&
        event.device === 'Mobile' &&
        event.props['metric'] === 'LCP',
    );
    const values = readings.map((event) => Number(event.props['value'])).sort((a, b) => a - b);
    expect(phones.metrics.LCP).toEqual({
      samples: readings.length,
      good: readings.filter((event) => event.props['rating'] === 'good').length / readings.length,
      p75: values[Math.ceil(values.length * 0.75) - 1],
    });
    expect(answer.vitals.map((entry) => `${entry.page} ${entry.device}`)).toEqual([
      '/ phone',
      '/ desktop',
      '/community phone',
      '/community desktop',
    ]);
  });
});

describe('Umami Cloud', () => {
  it('is asked at its own API address (/v1/websites/…), giving the same figures as a self-hosted Umami', async () => {
    const before = api.requests.length;
    const cloud = await ask(env('umami', `${api.origin}/v1`));
    expect(api.requests.slice(before).every((request) => request.path.startsWith('/v1/websites/'))).toBe(
      true,
    );
    expect(cloud.tests).toEqual((await ask(env('umami', api.origin))).tests);
  });
});

describe('both providers', () => {
  it('give the same figures for the same visits', async () => {
    const [plausible, umami] = await Promise.all([
      ask(env('plausible', api.origin)),
      ask(env('umami', api.origin)),
    ]);
    expect(umami.tests).toEqual(plausible.tests);
    expect(umami.vitals).toEqual(plausible.vitals);
    expect(umami.sections.map(({ unit: _, ...rest }) => rest)).toEqual(
      plausible.sections.map(({ unit: _, ...rest }) => rest),
    );
  });
});

describe('the states without figures, each one sentence saying what to do', () => {
  const closed = 'http://127.0.0.1:9';
  const cases: [string, Record<string, string>, RegExp][] = [
    ['no provider', { PUBLIC_ANALYTICS_PROVIDER: 'none' }, /set PUBLIC_ANALYTICS_PROVIDER/],
    [
      'no key',
      env('plausible', api?.origin ?? closed, { ANALYTICS_API_KEY: '' }),
      /set it as ANALYTICS_API_KEY/,
    ],
  ];
  it.each(cases)('%s', async (_name, environment, says) => {
    const answer = await ask(environment);
    expect(answer.message).toMatch(says);
    expect(answer.tests).toEqual([]);
  });

  it.each(['no-provider', 'no-key', 'unreachable', 'refused', 'failed'] as const)(
    '%s: the hosted editor sends the owner to the host’s settings page, `npm run edit` to the .env file, each naming the variable',
    (state) => {
      const hosted = stateMessage(state, 'plausible', 'host');
      const local = stateMessage(state, 'plausible', 'local');
      const variable =
        /\b(PUBLIC_ANALYTICS_PROVIDER|ANALYTICS_API_KEY|ANALYTICS_API_URL|PUBLIC_ANALYTICS_SITE_ID)\b/;
      expect(hosted).toMatch(variable);
      expect(local).toMatch(variable);
      expect(hosted).toMatch(/Netlify: Site configuration → Environment variables/);
      expect(hosted).toMatch(/Vercel: Settings → Environment Variables/);
      expect(hosted).toMatch(/Cloudflare Pages: Settings → Variables and Secrets/);
      expect(hosted).not.toContain('.env');
      expect(local).toMatch(/the \.env file in the project's folder .* restart npm run edit/);
      expect(local).not.toMatch(/Netlify|Vercel|Cloudflare/);
    },
  );

  it.each(['plausible', 'umami'])('%s: no data yet, unreachable, refusing the key', async (provider) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const noData = await ask(env(provider, empty.origin));
    expect(noData.state).toBe('no-data');
    expect(noData.message).toMatch(/no visits .* yet/);
    const unreachable = await ask(env(provider, closed));
    expect(unreachable.state).toBe('unreachable');
    expect(unreachable.message).toMatch(/could not be reached .* try again/);
    const refused = await ask(env(provider, api.origin, { ANALYTICS_API_KEY: 'a-wrong-key-0000' }));
    expect(refused.state).toBe('refused');
    expect(refused.message).toMatch(/refused the key: create a new/);
    for (const answer of [noData, unreachable, refused]) {
      expect(answer.message!.split(/[.!?](\s|$)/).filter((part) => part.trim()).length).toBe(1);
      expect(JSON.stringify(answer)).not.toContain(KEY);
    }
    for (const call of errors.mock.calls) expect(call.join(' ')).not.toContain('a-wrong-key-0000');
  });
});

describe('the key', () => {
  it('goes to the provider in a header only, never in an address, an answer or a log line', async () => {
    const logged = vi.spyOn(console, 'error');
    const requestsBefore = api.requests.length;
    for (const provider of ['plausible', 'umami']) {
      const answer = await ask(env(provider, api.origin), `days=7&${testParam}`);
      expect(JSON.stringify(answer)).not.toContain(KEY);
    }
    const sent = api.requests.slice(requestsBefore);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.path).not.toContain(KEY);
      expect(request.body).not.toContain(KEY);
    }
    for (const call of logged.mock.calls) expect(call.join(' ')).not.toContain(KEY);
  });

  it('is asked once for five minutes: a refresh is answered from the kept figures', async () => {
    const handler = resultsHandler(sourceOf(env('plausible', api.origin)), {
      access: async () => 'ok',
      place: 'host',
      now: () => NOW,
    });
    const request = () =>
      handler(new Request(`https://site.example/api/keystatic/results?days=90&${testParam}`));
    const first = await request();
    const count = api.requests.length;
    const second = await request();
    expect(api.requests.length).toBe(count);
    expect(second.body).toEqual(first.body);
  });
});
