/**
 * `npm run experiment:report`: each split test's variants over the test's own days, their
 * conversion rates with 95% intervals, and the verdict in the owner's words, asked of the
 * configured provider by the same code the editor's Results run (editor/api/results/: providers.ts
 * asks, sequential.ts weighs, verdict-words.ts says it), written for a terminal.
 */
import { testFigures } from '../../editor/api/results/results-api.ts';
import type { TestFigures } from '../../editor/api/results/wire.ts';
import type { AnalyticsSource } from '../../editor/api/results/providers.ts';
import { askedTest, testSaid, type OwnedTest } from '../../editor/api/results/verdict-words.ts';

export interface ReportSettings extends AnalyticsSource {
  now?: Date;
}

export function experimentReport(settings: ReportSettings, experiment: OwnedTest): Promise<TestFigures> {
  return testFigures(settings, askedTest(experiment), settings.now ?? new Date());
}

const share = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The report as the owner reads it in a terminal: the figures, then the verdict's headline and sentences. */
export function formatReport(report: TestFigures, experiment: OwnedTest): string {
  const width = Math.max(...report.variants.map((variant) => variant.id.length), 7);
  const said = testSaid(experiment, report);
  const lines = [
    `${report.id} (a conversion is a visitor who clicked a call to action)`,
    ...report.variants.map(
      (variant) =>
        `  ${variant.id.padEnd(width)}  ${String(variant.conversions).padStart(6)} of ${String(variant.visitors).padStart(7)} visitors  ${share(variant.rate).padStart(6)}  (95%: ${share(variant.interval[0])} to ${share(variant.interval[1])})`,
    ),
    `  → ${said.headline}`,
    ...said.details.map((sentence) => `    ${sentence}`),
  ];
  return lines.join('\n');
}
