/**
 * `npm run experiment:report`: each split test of src/content/experiments.yaml (the running ones,
 * or `--experiment <id>`), counted from the day it started: its variants' conversion rates with 95%
 * intervals and the verdict in the words the editor's Results use, from the analytics provider the
 * site is built with (scripts/lib/experiment-report.ts).
 *
 * Settings, from the environment (or .env), read as the editor's Results reads them:
 * PUBLIC_ANALYTICS_PROVIDER (plausible or umami), PUBLIC_ANALYTICS_SITE_ID (for Plausible, by
 * default PUBLIC_SITE_URL's domain), ANALYTICS_API_KEY (a Plausible Stats API key; an Umami API key or
 * login token), ANALYTICS_API_URL (the API's origin: by default PUBLIC_ANALYTICS_HOST, else
 * https://plausible.io or https://api.umami.is/v1).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { parseExperiments } from '../src/content/experiments.ts';
import { contentPath } from '../src/content/schemas.ts';
import { analyticsSource, RESULTS_SETTINGS } from '../editor/api/results/results-api.ts';
import { readSettings } from '../runtime/settings.ts';
import { experimentReport, formatReport, type ReportSettings } from './lib/experiment-report.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { experiment: { type: 'string' } },
});
// This process's one reading of its environment (and .env), by the same rules as the editor's
// Results (runtime/settings.ts, editor/api/results/results-api.ts): provider, site, key, API.
let source: ReturnType<typeof analyticsSource>;
try {
  source = analyticsSource(readSettings(loadEnv('production', process.cwd(), ''), RESULTS_SETTINGS));
} catch (error) {
  fail((error as Error).message);
}
if ('state' in source)
  fail(
    source.state === 'no-key'
      ? `Set ANALYTICS_API_KEY: a ${source.provider} API key that may read the site's stats.`
      : 'Set PUBLIC_ANALYTICS_PROVIDER to plausible or umami, and PUBLIC_ANALYTICS_SITE_ID (the site as the provider knows it): the report reads the provider the site counts with.',
  );
const settings: ReportSettings = source;

const all = parseExperiments(readFileSync(contentPath('experiments'), 'utf8')).experiments;
const chosen = values.experiment
  ? all.filter((experiment) => experiment.id === values.experiment)
  : all.filter((experiment) => experiment.running);
if (chosen.length === 0)
  fail(
    values.experiment
      ? `No split test is named ${values.experiment}.`
      : 'No split test is running (see src/content/experiments.yaml).',
  );

for (const experiment of chosen) {
  try {
    console.log(`${formatReport(await experimentReport(settings, experiment), experiment)}\n`);
  } catch (error) {
    fail(`${experiment.id}: ${(error as Error).message}`);
  }
}
