/** Lighthouse on every page each way it is served, interleaved; each run a row of figures, and the median row of each. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { CHROME_ARGS } from '../../scripts/find-chrome.ts';
import { OUT, PAGES, RUNS, type Row, type Served } from './settings.ts';

export type Lhr = {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
};

export function toRow(
  { configuration, variant, arm }: Pick<Served, 'configuration' | 'variant' | 'arm'>,
  page: string,
  lhr: Lhr,
): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['resource-summary']?.details?.items ?? []) as {
    resourceType: string;
    transferSize: number;
    requestCount: number;
  }[];
  const bytes = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const count = (type: string) => items.find((i) => i.resourceType === type)?.requestCount ?? 0;
  // Observed (not simulated) times, both from the start of the navigation.
  const observed = (lhr.audits['metrics']?.details?.items?.[0] ?? {}) as {
    observedFirstContentfulPaint?: number;
  };
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url: string;
    rendererStartTime?: number;
  }[];
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const firstPaint = observed.observedFirstContentfulPaint ?? Infinity;
  return {
    configuration,
    page,
    variant,
    arm,
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: bytes('script'),
    css: bytes('stylesheet'),
    font: bytes('font'),
    image: bytes('image'),
    html: bytes('document'),
    requests: count('total'),
    thirdParty: count('third-party'),
    otherOriginBeforePaint: requests.filter(
      (request) =>
        /^https?:/.test(request.url) &&
        new URL(request.url).origin !== origin &&
        (request.rendererStartTime ?? Infinity) < firstPaint,
    ).length,
  };
}

export const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The median of the runs, column by column: one run's TBT, which moves with whatever else the
 * machine is doing, does not stand for the page because that run had the median LCP. A run where
 * Lighthouse could not measure the page (it fails now and then to record a trace) is left out.
 */
export function median(rows: Row[]): Row {
  const measured = rows.filter((row) => Number.isFinite(row.lcp));
  const first = measured[0];
  if (!first) throw new Error(`no run of ${rows[0]?.page} (${rows[0]?.variant}) measured an LCP`);
  const out: Row = { ...first };
  for (const key of Object.keys(first) as (keyof Row)[]) {
    if (typeof first[key] === 'number')
      (out[key] as number) = middle(measured.map((row) => row[key] as number));
  }
  return out;
}

/** Lighthouse on every page each way it is served, interleaved, RUNS times: the median row of each. */
export async function runLighthouse(chromePath: string, served: readonly Served[]): Promise<Row[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_ARGS, '--headless=new'] });
  const runs = new Map<string, Row[]>();
  try {
    for (const page of PAGES) {
      // The not-found page is the same in both configurations; the split test runs on / only.
      const targets = served.filter(
        (target) =>
          (page.name !== 'not found' || target.configuration === 'default') &&
          (target.configuration !== 'experiment' || page.path === SAMPLE_EXPERIMENT.page),
      );
      process.stdout.write(`lighthouse ${page.name}, ${targets.length} ways x${RUNS}: `);
      // Interleaved, so a busy minute of the machine falls on every way of serving alike.
      for (let run = 1; run <= RUNS; run += 1) {
        for (const target of targets) {
          const { configuration, variant, origin, arm, headers } = target;
          const result = await lighthouse(`${origin}${page.path}`, {
            port: chrome.port,
            output: 'html',
            logLevel: 'error',
            ...(headers && { extraHeaders: headers }),
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${origin}${page.path}`);
          const label = `${configuration}-${page.name.replace(/\W+/g, '') || 'home'}-${variant.replace(/\W+/g, '')}${arm ? `-${arm}` : ''}`;
          await writeFile(join(OUT, `${label}-${run}.html`), String(result.report));
          const key = `${configuration}|${page.name}|${variant}|${arm ?? ''}`;
          runs.set(key, [...(runs.get(key) ?? []), toRow(target, page.name, result.lhr as unknown as Lhr)]);
        }
        process.stdout.write(`${run} `);
      }
      console.log('done');
    }
  } finally {
    chrome.kill();
  }
  return [...runs.values()].map(median);
}
