/**
 * The editor's results (`GET /api/keystatic/results`): what the analytics provider counted, as
 * figures only. The host's environment holds the provider's key (ANALYTICS_API_KEY); it is sent
 * to the provider from here and goes nowhere else: no answer, log line or error carries it, and
 * each state that gives no figures is one sentence saying what to do. Answers are kept five
 * minutes, so an owner refreshing on a phone does not spend the provider's rate limit
 * (Plausible's is 600 requests an hour).
 *
 * Query: `days` (7, 28 or 90: the sections' clicks), and `test=<id>:<variant>,<variant>` for each
 * split test the editor shows (its first variant the page as written).
 */
import type { Access } from './access.ts';
import { ctaSections, pageVitals } from './page-figures.ts';
import { ProviderError, splitFigures, type AnalyticsSource, type Provider } from './providers.ts';
import type { SettingName, Settings } from '../../../runtime/settings.ts';
import { DEFAULT_SMALLEST_LIFT, testVerdict } from './sequential.ts';
import { rate, wilsonInterval } from './split-stats.ts';
import { testParam, type AskedTest } from './verdict-words.ts';
import type { ResultsAnswer, ResultsState, TestFigures } from './wire.ts';

export const RANGES = [7, 28, 90] as const;
/** Split tests are counted over their own days (from their start), speed over 28. */
export const VITALS_DAYS = 28;
const DAY = 86_400_000;
const KEEP_MS = 5 * 60_000;

export const DEFAULT_API = { plausible: 'https://plausible.io', umami: 'https://api.umami.is/v1' } as const;
const NAMES = { plausible: 'Plausible', umami: 'Umami' } as const;

/**
 * Where the owner sets a variable: the host's settings (the hosted editor), or the project's .env
 * under `npm run edit`, which reads it as it starts.
 */
export type SettingsPlace = 'host' | 'local';
const HOST_SETTINGS =
  "your host's settings (Netlify: Site configuration → Environment variables; Vercel: Settings → Environment Variables; Cloudflare Pages: Settings → Variables and Secrets; your own server: the environment of npm start)";

/** Where to set `names`, and what then: "set … in the .env file …, then restart npm run edit". */
function setIn(place: SettingsPlace, names: string): string {
  return place === 'local'
    ? `${names} in the .env file in the project's folder (a line NAME=value each), then restart npm run edit`
    : `${names} in ${HOST_SETTINGS}, then deploy the site again`;
}

/** The variables the Results read, at run time where they run (runtime/settings.ts). */
export const RESULTS_SETTINGS = [
  'PUBLIC_ANALYTICS_PROVIDER',
  'PUBLIC_ANALYTICS_SITE_ID',
  'PUBLIC_ANALYTICS_HOST',
  'PUBLIC_SITE_URL',
  'ANALYTICS_API_KEY',
  'ANALYTICS_API_URL',
] as const satisfies readonly SettingName[];

export type ResultsSettings = Settings<(typeof RESULTS_SETTINGS)[number]>;

/** Where the figures come from, or the state saying what is missing. */
export type ResultsSource = AnalyticsSource | { state: 'no-provider' | 'no-key'; provider?: Provider };

/**
 * The provider and key from the settings, or the state saying which is missing. Plausible names a
 * site by its domain, PUBLIC_SITE_URL's unless PUBLIC_ANALYTICS_SITE_ID says otherwise, as the
 * pages count it (src/config/analytics.ts).
 */
export function analyticsSource(settings: ResultsSettings): ResultsSource {
  const provider = settings.PUBLIC_ANALYTICS_PROVIDER;
  if (provider === 'none') return { state: 'no-provider' };
  const siteId =
    settings.PUBLIC_ANALYTICS_SITE_ID ??
    (provider === 'plausible' ? new URL(settings.PUBLIC_SITE_URL).hostname : undefined);
  if (!siteId) return { state: 'no-provider' };
  const apiKey = settings.ANALYTICS_API_KEY;
  if (!apiKey) return { state: 'no-key', provider };
  const apiUrl = settings.ANALYTICS_API_URL ?? settings.PUBLIC_ANALYTICS_HOST ?? DEFAULT_API[provider];
  return { provider, apiUrl, siteId, apiKey };
}

/** The sentence for a state that gives no figures, saying where the owner sets what is missing. */
export function stateMessage(
  state: Exclude<ResultsState, 'ready'>,
  provider: Provider | undefined,
  place: SettingsPlace,
) {
  const name = provider ? NAMES[provider] : 'The analytics provider';
  switch (state) {
    case 'no-provider':
      return `No analytics provider is set: set ${setIn(place, 'PUBLIC_ANALYTICS_PROVIDER (plausible or umami) and PUBLIC_ANALYTICS_SITE_ID')}.`;
    case 'no-key':
      return `No analytics key is set: create a read-only stats API key in ${name}'s settings and set it as ${setIn(place, 'ANALYTICS_API_KEY')} (it stays on the server).`;
    case 'no-data':
      return `${name} has counted no visits for these figures yet: they appear here once visitors arrive${provider === 'plausible' ? ' (cta_click and web_vital must be goals in Plausible)' : ''}.`;
    case 'unreachable':
      return `${name} could not be reached just now: try again in a few minutes, and if it lasts check ${setIn(place, 'ANALYTICS_API_URL')}.`;
    case 'refused':
      return `${name} refused the key: create a new stats API key there and set it as ${setIn(place, 'ANALYTICS_API_KEY')}.`;
    case 'failed':
      return `${name} answered with an error: check ${setIn(place, 'PUBLIC_ANALYTICS_SITE_ID and ANALYTICS_API_URL')}.`;
  }
}

const SLUG = '[a-z0-9][a-z0-9-]{0,62}';
const DATE = '\\d{4}-\\d{2}-\\d{2}';
const TEST_PARAM = new RegExp(
  `^(${SLUG}):(${SLUG}\\*\\d{1,4}(?:,${SLUG}\\*\\d{1,4}){1,7})(?:@(${DATE})(?:\\.\\.(${DATE}))?)?(?:~(\\d{1,3}))?$`,
);

/** The asked range and tests, or null for a malformed query. */
export function parseQuery(url: URL): { days: number; tests: AskedTest[] } | null {
  const days = Number(url.searchParams.get('days') ?? 28);
  if (!RANGES.includes(days as (typeof RANGES)[number])) return null;
  const tests: AskedTest[] = [];
  for (const param of url.searchParams.getAll('test').slice(0, 20)) {
    const match = TEST_PARAM.exec(param);
    if (!match) return null;
    const [, id, variants, from, to, lift] = match;
    if ((from && Number.isNaN(Date.parse(from))) || (to && Number.isNaN(Date.parse(to)))) return null;
    tests.push({
      id: id!,
      variants: variants!.split(',').map((entry) => {
        const [variant, weight] = entry.split('*');
        return { id: variant!, weight: Math.max(1, Number(weight)) };
      }),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      smallestLift: lift ? Math.max(1, Number(lift)) / 100 : DEFAULT_SMALLEST_LIFT,
    });
  }
  return { days, tests };
}

/** The test's own period: from its first day's start to its last day's end, or now. */
export function testPeriod(test: AskedTest, now: Date) {
  const from = new Date(`${test.from}T00:00:00Z`);
  const end = test.to ? new Date(Date.parse(`${test.to}T00:00:00Z`) + DAY - 1) : now;
  const to = end.getTime() < now.getTime() ? end : now;
  return { from, to, days: Math.max(0, (to.getTime() - from.getTime()) / DAY) };
}

/** A split test's figures over its own days: each variant's rate with its 95% interval, and the verdict. */
export async function testFigures(source: AnalyticsSource, test: AskedTest, now: Date): Promise<TestFigures> {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const base = { id: test.id, smallestLift: test.smallestLift, to: day(now) };
  if (!test.from)
    return {
      ...base,
      variants: [],
      days: 0,
      verdict: { outcome: 'withheld', problem: { kind: 'no-start' } },
    };
  const period = testPeriod(test, now);
  const figures =
    period.days > 0
      ? await splitFigures(source, { ...period, days: Math.ceil(period.days) }, test)
      : new Map();
  const variants = test.variants.map(({ id }) => {
    const counted = figures.get(id) ?? { visitors: 0, conversions: 0 };
    return { id, ...counted, rate: rate(counted), interval: wilsonInterval(counted) };
  });
  const arms = variants.map((variant, at) => ({ ...variant, weight: test.variants[at]!.weight }));
  return {
    ...base,
    from: test.from,
    to: day(period.to),
    days: period.days,
    variants,
    verdict: testVerdict({ arms, days: period.days, smallestLift: test.smallestLift }),
  };
}

/** Every figure the view shows, from the provider; a ProviderError when it gives none. */
export async function collectResults(
  source: AnalyticsSource,
  query: { days: number; tests: AskedTest[] },
  to: Date,
): Promise<ResultsAnswer> {
  const tests = [];
  for (const test of query.tests) tests.push(await testFigures(source, test, to));
  const sections = await ctaSections(source, { days: query.days, to });
  const vitals = await pageVitals(source, { days: VITALS_DAYS, to });
  const counted =
    tests.some((test) => test.variants.some((variant) => variant.visitors > 0)) ||
    sections.length > 0 ||
    vitals.length > 0;
  return {
    state: counted ? 'ready' : 'no-data',
    provider: source.provider,
    days: query.days,
    tests,
    sections,
    vitals,
  };
}

export interface ResultsReply {
  status: number;
  body: ResultsAnswer | { state: 'signed-out' | 'no-access' | 'unverified' | 'bad-query'; message: string };
}

const REFUSALS = {
  'signed-out': [401, 'Sign in to the editor with GitHub to see the results.'],
  'no-access': [
    403,
    'Only the site’s owner sees the results: your GitHub account may not write to the site’s repository.',
  ],
  unverified: [503, 'GitHub could not be asked who you are just now: try again in a minute.'],
} as const;

/** The results handler for the figures of `source` (`analyticsSource`), behind `access`. */
export function resultsHandler(
  source: ResultsSource,
  options: { access: Access; place: SettingsPlace; now?: () => Date },
): (request: Request) => Promise<ResultsReply> {
  const kept = new Map<string, { until: number; reply: ResultsReply }>();
  const now = options.now ?? (() => new Date());
  return async (request) => {
    const verdict = await options.access(request);
    if (verdict !== 'ok') {
      const [status, message] = REFUSALS[verdict];
      return { status, body: { state: verdict, message } };
    }
    const query = parseQuery(new URL(request.url));
    if (!query)
      return {
        status: 400,
        body: {
          state: 'bad-query',
          message: 'The editor asked for results in a way this server does not know: reload the editor.',
        },
      };
    const empty = { days: query.days, tests: [], sections: [], vitals: [] };
    if ('state' in source)
      return {
        status: 200,
        body: { ...empty, ...source, message: stateMessage(source.state, source.provider, options.place) },
      };
    const key = `${query.days}|${query.tests.map(testParam).join(';')}`;
    const hit = kept.get(key);
    if (hit && hit.until > Date.now()) return hit.reply;
    let reply: ResultsReply;
    try {
      const body = await collectResults(source, query, now());
      if (body.state !== 'ready')
        body.message = stateMessage(body.state as 'no-data', source.provider, options.place);
      reply = { status: 200, body };
      if (kept.size > 50) kept.clear();
      kept.set(key, { until: Date.now() + KEEP_MS, reply });
    } catch (error) {
      const state = error instanceof ProviderError ? error.kind : 'failed';
      // The host's log gets the provider's status, never the request (its headers hold the key).
      console.error(
        `[results] ${source.provider}: ${state}${error instanceof ProviderError && error.status ? ` (${error.status})` : ''}`,
      );
      reply = {
        status: 200,
        body: {
          ...empty,
          state,
          provider: source.provider,
          message: stateMessage(state, source.provider, options.place),
        },
      };
    }
    return reply;
  };
}
