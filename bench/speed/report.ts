/** The bench's tables, a short load on the Node server, and the targets met or missed. */
import autocannon from 'autocannon';
import type { WidgetResult } from '../first-tap.ts';
import { middle } from './lighthouse.ts';
import { experimentReport } from './experiment.ts';
import {
  BENCH_CONFIGURATIONS,
  RUNS,
  TARGETS,
  type BenchConfiguration,
  type Row,
  type Served,
} from './settings.ts';

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : 'never');

export function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  console.log(`${fmt(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(fmt(line));
}

function printLighthouse(rows: Row[]) {
  const header = [
    'page',
    'served',
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS KB',
    'CSS KB',
    'font KB',
    'img KB',
    'HTML KB',
    'req',
    '3rd',
    'other origin before paint',
    'LCP/bare',
  ];
  const lines = rows.map((row) => {
    const bare = rows.find((r) => r.page === row.page && r.variant === 'bare');
    return [
      row.page,
      row.arm ? `${row.variant} (${row.arm})` : row.variant,
      row.perf,
      row.a11y,
      row.bp,
      row.seo,
      ms(row.fcp),
      ms(row.lcp),
      ms(row.tbt),
      row.cls.toFixed(3),
      kb(row.js),
      kb(row.css),
      kb(row.font),
      kb(row.image),
      kb(row.html),
      row.requests,
      row.thirdParty,
      row.otherOriginBeforePaint,
      bare && row.variant !== 'bare' ? (row.lcp / bare.lcp).toFixed(2) : '',
    ].map(String);
  });
  printTable(header, lines);
}

function printTaps(results: WidgetResult[]) {
  printTable(
    ['widget', 'dead window ms (load to live)', 'first tap ms', `runs (first tap ms)`],
    results
      .filter(({ runs }) => runs.length > 0)
      .map(({ widget, runs }) => [
        widget,
        ms(middle(runs.map((run) => run.deadWindow))),
        ms(middle(runs.map((run) => run.firstTap))),
        runs.map((run) => ms(run.firstTap)).join(' '),
      ]),
  );
}

/** The targets each page of a configuration misses, or that it meets them all. */
function targetReport(rows: Row[], taps: WidgetResult[]): string[] {
  const report = rows
    .filter((row) => row.variant === 'our server' && row.page !== 'not found')
    .map((row) => {
      const plain = rows.find((r) => r.page === row.page && r.variant === 'plain static');
      const misses = [
        row.lcp > TARGETS.lcpMs ? `LCP ${Math.round(row.lcp)} ms` : '',
        row.fcp > TARGETS.fcpMs ? `FCP ${Math.round(row.fcp)} ms` : '',
        row.cls >= 0.001 ? `CLS ${row.cls.toFixed(3)}` : '',
        row.tbt >= TARGETS.tbtMs ? `TBT ${Math.round(row.tbt)} ms` : '',
        plain && row.tbt - plain.tbt > TARGETS.tbtOverPlainMs
          ? `TBT ${Math.round(row.tbt - plain.tbt)} ms over the plain static server's`
          : '',
        row.otherOriginBeforePaint > 0
          ? `${row.otherOriginBeforePaint} other-origin requests before paint`
          : '',
      ].filter(Boolean);
      const page = row.arm ? `${row.page} (${row.arm})` : row.page;
      return `${page}: ${misses.length ? `missed: ${misses.join(', ')}` : 'all targets met'}`;
    });
  for (const { widget, runs } of taps) {
    if (runs.length === 0) {
      report.push(`${widget}: no run measured`);
      continue;
    }
    const tap = middle(runs.map((run) => run.firstTap));
    report.push(
      `${widget}: first tap ${ms(tap)} ms${tap > TARGETS.tapMs ? ` (missed: over ${TARGETS.tapMs} ms)` : ''}`,
    );
  }
  return report;
}

/** Prints the Lighthouse medians, the first taps, a short load and the targets; true when the load had errors. */
export async function printResults(
  rows: Row[],
  taps: Record<BenchConfiguration, WidgetResult[]>,
  served: readonly Served[],
): Promise<boolean> {
  for (const configuration of BENCH_CONFIGURATIONS) {
    console.log(`\n${configuration} build: Lighthouse, median of ${RUNS}`);
    printLighthouse(rows.filter((row) => row.configuration === configuration));
    if (taps[configuration].length > 0) {
      console.log(
        `\n${configuration} build: live widgets of /community at 375 px, CPU 4x slower, slow 4G, median of ${RUNS}`,
      );
      printTaps(taps[configuration]);
    }
  }

  const site = served.find((s) => s.configuration === 'default' && s.variant === 'our server')!;
  console.log('\nautocannon: 10 s, 10 connections, GET / on the Node server');
  const cannon = await autocannon({
    url: `${site.origin}/`,
    duration: 10,
    connections: 10,
    headers: { 'accept-encoding': 'br' },
  });
  const errors = cannon.errors + cannon.timeouts + cannon.non2xx;
  console.log(
    `  ${Math.round(cannon.requests.average)} req/s, p99 latency ${cannon.latency.p99} ms, errors ${errors}`,
  );

  console.log(
    `\ntargets (median of ${RUNS}; LCP ≤ ${TARGETS.lcpMs} ms, FCP ≤ ${TARGETS.fcpMs} ms, CLS 0, TBT < ${TARGETS.tbtMs} ms through our server and within ${TARGETS.tbtOverPlainMs} ms of the plain static server's, nothing from another origin before the first paint, first tap ≤ ${TARGETS.tapMs} ms):`,
  );
  for (const configuration of BENCH_CONFIGURATIONS) {
    const report = targetReport(
      rows.filter((row) => row.configuration === configuration),
      taps[configuration],
    );
    console.log(`  ${configuration}:\n    ${report.join('\n    ')}`);
  }
  if (BENCH_CONFIGURATIONS.includes('experiment'))
    console.log(`  a split test running:\n    ${experimentReport(rows).join('\n    ')}`);
  return errors > 0;
}
