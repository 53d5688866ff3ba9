/**
 * `npm run experiment:report`: each split test's variants, their conversion rates with 95%
 * intervals and a plain verdict against the control, asked of the configured provider by the
 * same code the editor's results view runs (editor/api/results/: providers.ts asks, split-stats.ts
 * weighs), written for a terminal.
 */
import { testFigures } from '../../editor/api/results/results-api.ts';
import type { TestFigures } from '../../editor/api/results/wire.ts';
import type { AnalyticsSource, SplitTest } from '../../editor/api/results/providers.ts';

export interface ReportSettings extends AnalyticsSource {
  /** The days counted, up to today. */
  days: number;
  now?: Date;
}

export function experimentReport(settings: ReportSettings, experiment: SplitTest): Promise<TestFigures> {
  return testFigures(settings, { days: settings.days, to: settings.now ?? new Date() }, experiment);
}

const share = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The report as the owner reads it in a terminal. */
export function formatReport(report: TestFigures, days: number): string {
  const width = Math.max(...report.variants.map((variant) => variant.id.length), 7);
  const lines = [
    `${report.id} (last ${days} days; a conversion is a visitor who clicked a call to action)`,
    ...report.variants.map(
      (variant) =>
        `  ${variant.id.padEnd(width)}  ${String(variant.conversions).padStart(6)} of ${String(variant.visitors).padStart(7)} visitors  ${share(variant.rate).padStart(6)}  (95%: ${share(variant.interval[0])} to ${share(variant.interval[1])})`,
    ),
    ...report.verdicts.map((item) => `  → ${item.text}`),
  ];
  return lines.join('\n');
}
