/** With BENCH_EXPERIMENT: a visitor for each variant of the sample split test, and what the test costs the page. */
import { chooseVariant, type ServedExperiment } from '../../runtime/experiments.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { EXPERIMENT_ALLOWANCE, EXPERIMENT_SECRET, type Row } from './settings.ts';

/** The user agent Lighthouse's mobile runs send (part of what a visitor's variant is chosen from). */
const LIGHTHOUSE_USER_AGENT = (await import('lighthouse/core/config/constants.js')).userAgents.mobile;

/**
 * For each variant of the test, a visitor address (from the documentation range 198.51.100.0/24)
 * that our server, with the bench's secret, puts in it today; checked against the served page.
 */
export async function visitorsOfEachVariant(
  experiment: ServedExperiment,
  origin: string,
): Promise<{ arm: string; headers: Record<string, string> }[]> {
  const found = new Map<string, string>();
  for (let host = 1; host < 255 && found.size < experiment.variants.length; host += 1) {
    const address = `198.51.100.${host}`;
    const visitor = {
      address,
      userAgent: LIGHTHOUSE_USER_AGENT,
      globalPrivacyControl: false,
      doNotTrack: false,
    };
    const { id } = await chooseVariant(experiment, visitor, EXPERIMENT_SECRET, new Date());
    if (!found.has(id)) found.set(id, address);
  }
  const words = SAMPLE_EXPERIMENT.variants[1]!.fields!['hero.headline'];
  return Promise.all(
    experiment.variants.map(async ({ id }, index) => {
      const address = found.get(id);
      if (!address) throw new Error(`no visitor address falls in variant ${id}`);
      const headers = { 'x-forwarded-for': address };
      const page = await fetch(`${origin}${experiment.page}`, {
        headers: { ...headers, 'user-agent': LIGHTHOUSE_USER_AGENT },
      }).then((answer) => answer.text());
      if (page.includes(words) !== (index === 1))
        throw new Error(`the visitor at ${address} was not served variant ${id}`);
      return { arm: id, headers };
    }),
  );
}

/** How each variant of the split test compares with the same page, served the same way, without the test. */
export function experimentReport(rows: Row[]): string[] {
  return rows
    .filter((row) => row.configuration === 'experiment')
    .map((row) => {
      const without = rows.find(
        (r) => r.configuration === 'default' && r.page === row.page && r.variant === row.variant,
      );
      if (!without) return `${row.page} (${row.arm}): the default build was not measured`;
      const lcp = row.lcp - without.lcp;
      const tbt = row.tbt - without.tbt;
      const cls = row.cls - without.cls;
      const same =
        lcp <= EXPERIMENT_ALLOWANCE.lcpMs &&
        tbt <= EXPERIMENT_ALLOWANCE.tbtMs &&
        cls < EXPERIMENT_ALLOWANCE.cls;
      const sign = (value: number, digits = 0) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
      return `${row.page} (${row.arm}): LCP ${sign(lcp)} ms, TBT ${sign(tbt)} ms, CLS ${sign(cls, 3)} against the page without the test: ${same ? 'as without it' : `missed (allowed: LCP +${EXPERIMENT_ALLOWANCE.lcpMs} ms, TBT +${EXPERIMENT_ALLOWANCE.tbtMs} ms, CLS +0)`}`;
    });
}
