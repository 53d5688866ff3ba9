/**
 * `npm run experiment:report`: for each split test, asks the configured provider's stats API for
 * the visitors of each variant and those of them who clicked a call to action (`cta_click`), and
 * writes each variant's conversion rate with its 95% interval and a plain verdict against the
 * control (scripts/lib/split-stats.ts).
 *
 * - Plausible, Stats API v2: `POST {host}/api/v2/query` with `Authorization: Bearer <key>`; the
 *   variant is the `variant` custom property (the page view and every event carry it); a
 *   conversion is a visitor with the `cta_click` goal. Answer: `{ results: [{ dimensions: [variant],
 *   metrics: [visitors] }] }`.
 * - Umami, API: `GET {host}/api/websites/{id}/stats` (visitors; `{ visitors: n }`, or
 *   `{ visitors: { value: n } }` before Umami 2.18) and `GET …/metrics?type=event` (events by name,
 *   `[{ x: 'cta_click', y: n }]`), each filtered by the variant's tag (`experiment:variant`);
 *   Umami counts the clicks, not the visitors who clicked. Key in `x-umami-api-key` (Umami Cloud)
 *   and as a bearer token (a self-hosted Umami's login token).
 */
import { rate, verdict, wilsonInterval, type Rate, type Verdict } from './split-stats.ts';

export interface ReportSettings {
  provider: 'plausible' | 'umami';
  /** The provider's API origin (and path prefix, for Umami Cloud's `https://api.umami.is/v1`). */
  apiUrl: string;
  siteId: string;
  apiKey: string;
  /** The days counted, up to today. */
  days: number;
  now?: Date;
  fetch?: typeof fetch;
}

export interface ReportedExperiment {
  id: string;
  variants: { id: string }[];
}

export interface VariantFigures extends Rate {
  id: string;
  interval: [number, number];
}

const CONVERSION = 'cta_click';

function period(settings: ReportSettings): { from: Date; to: Date } {
  const to = settings.now ?? new Date();
  return { from: new Date(to.getTime() - settings.days * 86_400_000), to };
}

async function askJson(settings: ReportSettings, url: string, init: RequestInit): Promise<unknown> {
  const answer = await (settings.fetch ?? fetch)(url, init);
  if (!answer.ok)
    throw new Error(
      `${settings.provider} answered ${answer.status} for ${url}: ${(await answer.text()).slice(0, 300)}`,
    );
  return answer.json();
}

/** Plausible's Stats API v2: one query for visitors by variant, one for converted visitors by variant. */
async function plausibleFigures(
  settings: ReportSettings,
  experiment: ReportedExperiment,
): Promise<Map<string, Rate>> {
  const { from, to } = period(settings);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const query = (goal: boolean) =>
    askJson(settings, `${settings.apiUrl.replace(/\/$/, '')}/api/v2/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        site_id: settings.siteId,
        metrics: ['visitors'],
        date_range: [day(from), day(to)],
        dimensions: ['event:props:variant'],
        filters: [
          ['is', 'event:props:experiment', [experiment.id]],
          ...(goal ? [['is', 'event:goal', [CONVERSION]]] : []),
        ],
      }),
    });
  const byVariant = (answer: unknown) => {
    const results = (answer as { results?: { dimensions: string[]; metrics: number[] }[] }).results;
    if (!Array.isArray(results)) throw new Error('Plausible answered without results');
    return new Map(results.map((row) => [row.dimensions[0]!, Number(row.metrics[0] ?? 0)]));
  };
  const [allVisitors, converters] = await Promise.all([query(false), query(true)]);
  const visitors = byVariant(allVisitors);
  const converted = byVariant(converters);
  return new Map(
    experiment.variants.map(({ id }) => [
      id,
      { visitors: visitors.get(id) ?? 0, conversions: converted.get(id) ?? 0 },
    ]),
  );
}

/** Umami's API: the variant's visitors and its cta_click events, by the variant's tag. */
async function umamiFigures(
  settings: ReportSettings,
  experiment: ReportedExperiment,
): Promise<Map<string, Rate>> {
  const { from, to } = period(settings);
  const base = `${settings.apiUrl.replace(/\/$/, '')}/api/websites/${encodeURIComponent(settings.siteId)}`;
  const headers = { authorization: `Bearer ${settings.apiKey}`, 'x-umami-api-key': settings.apiKey };
  const figures = new Map<string, Rate>();
  for (const { id } of experiment.variants) {
    const filter = `startAt=${from.getTime()}&endAt=${to.getTime()}&tag=${encodeURIComponent(`${experiment.id}:${id}`)}`;
    const stats = (await askJson(settings, `${base}/stats?${filter}`, { headers })) as {
      visitors?: number | { value?: number };
    };
    const events = (await askJson(settings, `${base}/metrics?type=event&${filter}`, { headers })) as {
      x: string;
      y: number;
    }[];
    const visitors = typeof stats.visitors === 'number' ? stats.visitors : Number(stats.visitors?.value ?? 0);
    const conversions = Number(events.find((row) => row.x === CONVERSION)?.y ?? 0);
    figures.set(id, { visitors, conversions: Math.min(conversions, visitors) });
  }
  return figures;
}

export interface ExperimentReport {
  id: string;
  variants: VariantFigures[];
  /** Each variant after the first against the first (the page as written). */
  verdicts: Verdict[];
}

export async function experimentReport(
  settings: ReportSettings,
  experiment: ReportedExperiment,
): Promise<ExperimentReport> {
  const figures =
    settings.provider === 'plausible'
      ? await plausibleFigures(settings, experiment)
      : await umamiFigures(settings, experiment);
  const variants = experiment.variants.map(({ id }) => {
    const counted = figures.get(id) ?? { visitors: 0, conversions: 0 };
    return { id, ...counted, interval: wilsonInterval(counted) };
  });
  const [control, ...others] = variants;
  return { id: experiment.id, variants, verdicts: others.map((variant) => verdict(control!, variant)) };
}

const share = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The report as the owner reads it in a terminal. */
export function formatReport(report: ExperimentReport, days: number): string {
  const width = Math.max(...report.variants.map((variant) => variant.id.length), 7);
  const lines = [
    `${report.id} (last ${days} days; a conversion is a visitor who clicked a call to action)`,
    ...report.variants.map(
      (variant) =>
        `  ${variant.id.padEnd(width)}  ${String(variant.conversions).padStart(6)} of ${String(variant.visitors).padStart(7)} visitors  ${share(rate(variant)).padStart(6)}  (95%: ${share(variant.interval[0])} to ${share(variant.interval[1])})`,
    ),
    ...report.verdicts.map((item) => `  → ${item.text}`),
  ];
  return lines.join('\n');
}
