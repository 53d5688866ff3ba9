/**
 * Load: autocannon, BENCH_SECONDS (10) each, at 10, 100 (BENCH_RUNS runs, 3, median) and 500
 * connections, on `/` as a browser asks for it and without compression: req/s, p50, p99. Then each
 * server's RSS after all of it.
 */
import { BROWSER, fmt, loadRun, totalRss, type LoadResult, type Section, type Target } from './measure.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
/** Runs at 100 connections, the figure the targets are about (median). */
const RUNS_AT_100 = Number(process.env['BENCH_RUNS'] ?? 3);
const MAX_RSS_MB = 150;

/** Each figure's median over the runs (run-to-run noise on a shared machine is large). */
function median(results: LoadResult[]): LoadResult {
  const mid = (pick: (r: LoadResult) => number) => {
    const sorted = results.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    rps: mid((r) => r.rps),
    p50: mid((r) => r.p50),
    p99: mid((r) => r.p99),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
  };
}

export async function underLoad(targets: [Target, Target]): Promise<Section> {
  const section: Section = { rows: [], checks: [] };
  let nodeRequests = 0;
  for (const [label, encoding] of [
    [`br (${BROWSER})`, BROWSER],
    ['no compression', null],
  ] as const) {
    for (const connections of [10, 100, 500]) {
      const runs = connections === 100 ? RUNS_AT_100 : 1;
      const results: Record<string, LoadResult[]> = { node: [], nginx: [] };
      for (let run = 0; run < runs; run += 1) {
        // Alternate who goes first, so neither always meets the other's leftovers.
        for (const target of run % 2 === 0 ? targets : [...targets].reverse()) {
          process.stdout.write(
            `load: ${target.name}, ${connections} connections, ${label}, run ${run + 1}/${runs}… `,
          );
          const result = await loadRun(target.port, connections, encoding, SECONDS);
          if (target.name === 'node') nodeRequests += result.requests;
          results[target.name]!.push(result);
          console.log(`${fmt.rps(result.rps)} req/s`);
        }
      }
      const ours = median(results['node']!);
      const theirs = median(results['nginx']!);
      const what = `/ ${label}, ${connections} connections${runs > 1 ? ` (median of ${runs})` : ''}`;
      section.rows.push(
        [`${what}: req/s`, fmt.rps(ours.rps), fmt.rps(theirs.rps), fmt.ratio(ours.rps, theirs.rps)],
        [
          `${what}: p50 / p99 latency`,
          `${ours.p50} / ${ours.p99} ms`,
          `${theirs.p50} / ${theirs.p99} ms`,
          fmt.ratio(ours.p99, theirs.p99),
        ],
      );
      const failures = ours.non2xx + ours.errors;
      if (failures)
        section.rows.push([
          `${what}: non-2xx or errors`,
          String(failures),
          String(theirs.non2xx + theirs.errors),
          '',
        ]);
      if (connections === 100 && encoding) {
        section.checks.push(
          ['req/s ratio at 100 connections >= 0.9', ours.rps / theirs.rps >= 0.9],
          ['p99 at 100 connections <= 1.5x nginx', ours.p99 <= theirs.p99 * 1.5],
        );
      }
    }
  }
  const [nodeRss, nginxRss] = targets.map(totalRss) as [number, number];
  section.rows.push([
    `RSS after the load (${fmt.rps(nodeRequests)} requests to our server)`,
    fmt.mb(nodeRss),
    fmt.mb(nginxRss),
    fmt.ratio(nodeRss, nginxRss),
  ]);
  section.checks.push([`RSS after the load under ${MAX_RSS_MB} MB`, nodeRss < MAX_RSS_MB * 1024]);
  return section;
}
