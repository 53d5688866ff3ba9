/**
 * What the analytics provider counted, asked of its own API with the site's key: the one module
 * `npm run experiment:report` and the editor's results view (editor/api/results/results-api.ts) both
 * read, so a figure in the terminal and in the editor is the same figure.
 *
 * - Plausible, Stats API v2: `POST {host}/api/v2/query` with `Authorization: Bearer <key>` and a
 *   query (`site_id`, `metrics`, `date_range`, `dimensions`, `filters`); the answer is
 *   `{ results: [{ dimensions: [...], metrics: [...] }] }`. The site's events are custom-event
 *   goals (`cta_click`, `web_vital`), their properties `event:props:<name>`, the device
 *   `visit:device`.
 * - Umami, API: `GET {host}/api/websites/{id}/stats` (visitors: `{ visitors: n }`, or
 *   `{ visitors: { value: n } }` before Umami 2.18), `…/metrics?type=event` (events by name,
 *   `[{ x, y }]`) and `…/event-data/values?eventName=&propertyName=` (an event property's values,
 *   `[{ value, total }]`), each narrowed by the variant's tag, the page (`url`) or the `device`.
 *   Umami counts events, not the visitors who sent them. Key in `x-umami-api-key` (Umami Cloud)
 *   and as a bearer token (a self-hosted Umami's login token).
 *
 * The key travels in a header only: never in an address, so never in an error message.
 */
import type { Provider, Rate } from './wire.ts';

export type { Provider };

export interface AnalyticsSource {
  provider: Provider;
  /** The API's origin (and path prefix, for Umami Cloud's `https://api.umami.is/v1`). */
  apiUrl: string;
  siteId: string;
  apiKey: string;
  fetch?: typeof fetch;
}

/** The days counted, up to `to` (from `from`, a test's start, when given). */
export interface Period {
  days: number;
  to: Date;
  from?: Date;
}

/** Why the provider gave no figures: not reached, refused the key, or answered with an error. */
export class ProviderError extends Error {
  readonly kind: 'unreachable' | 'refused' | 'failed';
  readonly status: number | undefined;
  constructor(kind: ProviderError['kind'], message: string, status?: number) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

export const CONVERSION = 'cta_click';
export const WEB_VITAL = 'web_vital';

const from = ({ days, to, from }: Period) => from ?? new Date(to.getTime() - days * 86_400_000);
const day = (date: Date) => date.toISOString().slice(0, 10);
const base = (source: AnalyticsSource) => source.apiUrl.replace(/\/$/, '');

async function askJson(source: AnalyticsSource, url: string, init: RequestInit): Promise<unknown> {
  const where = `${source.provider} (${new URL(url).pathname})`;
  let answer: Response;
  try {
    answer = await (source.fetch ?? fetch)(url, init);
  } catch (error) {
    throw new ProviderError('unreachable', `${where} could not be reached: ${(error as Error).message}`);
  }
  if (answer.status === 401 || answer.status === 403)
    throw new ProviderError('refused', `${where} refused the key (${answer.status})`, answer.status);
  if (!answer.ok)
    throw new ProviderError(
      answer.status === 429 || answer.status >= 500 ? 'unreachable' : 'failed',
      `${where} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`,
      answer.status,
    );
  try {
    return await answer.json();
  } catch {
    throw new ProviderError('failed', `${where} answered with something other than JSON`);
  }
}

type Filter = [string, string, string[]];
interface Row {
  dimensions: string[];
  metrics: number[];
}

/** One Stats API v2 query: its rows. */
export async function plausibleQuery(
  source: AnalyticsSource,
  period: Period,
  query: { metrics: string[]; dimensions: string[]; filters: Filter[] },
): Promise<Row[]> {
  const answer = await askJson(source, `${base(source)}/api/v2/query`, {
    method: 'POST',
    headers: { authorization: `Bearer ${source.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      site_id: source.siteId,
      date_range: [day(from(period)), day(period.to)],
      ...query,
      pagination: { limit: 10_000 },
    }),
  });
  const results = (answer as { results?: Row[] }).results;
  if (!Array.isArray(results)) throw new ProviderError('failed', 'Plausible answered without results');
  return results;
}

/**
 * One GET of Umami's API for the site, with the period and `filters` in its query. A self-hosted
 * Umami answers under `/api/websites/`; Umami Cloud's API (`https://api.umami.is/v1`) under
 * `/v1/websites/`.
 */
export async function umamiGet(
  source: AnalyticsSource,
  period: Period,
  path: string,
  filters: Record<string, string> = {},
): Promise<unknown> {
  const query = new URLSearchParams({
    startAt: String(from(period).getTime()),
    endAt: String(period.to.getTime()),
    ...filters,
  });
  return askJson(
    source,
    `${base(source)}${/\/v1$/.test(base(source)) ? '' : '/api'}/websites/${encodeURIComponent(source.siteId)}/${path}?${query}`,
    {
      headers: { authorization: `Bearer ${source.apiKey}`, 'x-umami-api-key': source.apiKey },
    },
  );
}

/** An event property's values and their counts (Umami's event-data values). */
export async function umamiValues(
  source: AnalyticsSource,
  period: Period,
  eventName: string,
  propertyName: string,
  filters: Record<string, string> = {},
): Promise<Map<string, number>> {
  const rows = (await umamiGet(source, period, 'event-data/values', {
    eventName,
    propertyName,
    ...filters,
  })) as { value: string; total: number }[];
  if (!Array.isArray(rows)) throw new ProviderError('failed', 'Umami answered without values');
  return new Map(rows.map((row) => [String(row.value), Number(row.total)]));
}

export interface SplitTest {
  id: string;
  variants: { id: string }[];
}

/** Plausible: one query for visitors by variant, one for those of them with the conversion goal. */
async function plausibleSplit(source: AnalyticsSource, period: Period, test: SplitTest) {
  const query = (goal: boolean) =>
    plausibleQuery(source, period, {
      metrics: ['visitors'],
      dimensions: ['event:props:variant'],
      filters: [
        ['is', 'event:props:experiment', [test.id]],
        ...(goal ? [['is', 'event:goal', [CONVERSION]] as Filter] : []),
      ],
    });
  const byVariant = (rows: Row[]) =>
    new Map(rows.map((row) => [row.dimensions[0]!, Number(row.metrics[0] ?? 0)]));
  const [visitors, converted] = (await Promise.all([query(false), query(true)])).map(byVariant);
  return new Map(
    test.variants.map(({ id }) => [
      id,
      { visitors: visitors!.get(id) ?? 0, conversions: converted!.get(id) ?? 0 },
    ]),
  );
}

/** Umami: each variant's visitors and its conversion events, by the variant's tag. */
async function umamiSplit(source: AnalyticsSource, period: Period, test: SplitTest) {
  const figures = new Map<string, Rate>();
  for (const { id } of test.variants) {
    const filter = { tag: `${test.id}:${id}` };
    const stats = (await umamiGet(source, period, 'stats', filter)) as {
      visitors?: number | { value?: number };
    };
    const events = (await umamiGet(source, period, 'metrics', { type: 'event', ...filter })) as {
      x: string;
      y: number;
    }[];
    const visitors = typeof stats.visitors === 'number' ? stats.visitors : Number(stats.visitors?.value ?? 0);
    const conversions = Number(events.find((row) => row.x === CONVERSION)?.y ?? 0);
    // Unclamped: a count of conversions above the visitors is a double count the verdict names.
    figures.set(id, { visitors, conversions });
  }
  return figures;
}

/** Each variant's visitors and conversions (visitors who clicked a call to action). */
export function splitFigures(
  source: AnalyticsSource,
  period: Period,
  test: SplitTest,
): Promise<Map<string, Rate>> {
  return source.provider === 'plausible'
    ? plausibleSplit(source, period, test)
    : umamiSplit(source, period, test);
}
