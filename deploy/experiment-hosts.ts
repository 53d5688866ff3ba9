/**
 * Split tests on the other hosts, generated from the route manifest's running experiments (the
 * build's EXPERIMENTS_FILE), so every host splits visitors from the same data as our server:
 *
 * - nginx: `split_clients` over the day, the visitor's address and user agent, salted with a
 *   secret written into the config; crawlers, GPC and DNT get the control by `map`;
 * - Cloudflare Pages: `_worker.js`, run only for the pages under test (`_routes.json`, here);
 * - Netlify: an edge function (`.netlify/v1/edge-functions/`, Netlify's folder for generated ones);
 * - Vercel: an edge function in the Build Output API folder, routed from the pages under test.
 *
 * The three functions are runtime/hosts/ bundled by deploy/host-functions.ts: the assignment of
 * runtime/experiments.ts, the list of tests, and the headers every page carries. Each answers a
 * page under test with the visitor's variant, never cacheable by a shared cache.
 */
import {
  CRAWLER_PATTERN,
  EXPERIMENT_CACHE_CONTROL,
  EXPERIMENT_VARY,
  type ServedExperiment,
} from '../runtime/experiments.ts';
import { experimentOf, type RouteManifest } from './routes.ts';

/** Every URL path answered by a page under test, with its test. */
export function pathsUnderTest(manifest: RouteManifest): { path: string; experiment: ServedExperiment }[] {
  return manifest.pages.flatMap((route) => {
    const experiment = experimentOf(manifest, route);
    return experiment ? route.paths.map((path) => ({ path, experiment })) : [];
  });
}

// ── nginx ───────────────────────────────────────────────────────────────────
const nginxName = (experiment: ServedExperiment) => `$experiment_${experiment.id.replace(/-/g, '_')}`;

/** The nginx variable holding the file of a visitor's variant of this test. */
export const nginxFileVariable = (experiment: ServedExperiment) => `${nginxName(experiment)}_file`;

/** `split_clients` wants percentages: each variant's share of the weights, the last taking the rest. */
function nginxShares(experiment: ServedExperiment): string[] {
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  return experiment.variants.map((variant, index) =>
    index === experiment.variants.length - 1
      ? `    * ${variant.id};`
      : `    ${((variant.weight / total) * 100).toFixed(2)}% ${variant.id};`,
  );
}

/**
 * The http-level blocks (nginx allows `map` and `split_clients` only there; the generated file is
 * included in `http`): the day, who always gets the control, and each test's split and file.
 * `$remote_addr` is the visitor behind a proxy only with nginx's real_ip module set up for it.
 */
export function nginxExperimentBlocks(manifest: RouteManifest, secret: string): string {
  if (manifest.experiments.length === 0) return '';
  const shared = `# Split tests (runtime/experiments.ts): a visitor's variant is a hash of the day, their address
# and user agent, salted with this secret; nothing is stored on their side.
map $host $experiment_secret {
  default "${secret}";
}
map $time_iso8601 $experiment_day {
  "~^(?<day>\\d{4}-\\d{2}-\\d{2})" $day;
}
map "$http_sec_gpc:$http_dnt" $experiment_opted_out {
  "~(^\\s*1\\s*:|:\\s*1\\s*$)" 1;
  default 0;
}
map $http_user_agent $experiment_crawler {
  "" 1;
  "~*(${CRAWLER_PATTERN})" 1;
  default 0;
}`;
  const tests = manifest.experiments.map((experiment) => {
    const name = nginxName(experiment);
    const [control, ...others] = experiment.variants;
    return `split_clients "$experiment_secret:${experiment.id}:$remote_addr:$http_user_agent:$experiment_day" ${name}_split {
${nginxShares(experiment).join('\n')}
}
map "$experiment_opted_out$experiment_crawler" ${name} {
  "00" ${name}_split;
  default ${control!.id};
}
map ${name} ${nginxFileVariable(experiment)} {
  default ${control!.file};
${others.map((variant) => `  ${variant.id} ${variant.file};`).join('\n')}
}`;
  });
  return `${[shared, ...tests].join('\n')}\n`;
}

/** The nginx headers of a page under test beside the security headers: caching no shared cache keeps. */
export function nginxExperimentHeaders(): string {
  // gzip_vary adds Accept-Encoding itself.
  const vary = EXPERIMENT_VARY.split(', ')
    .filter((name) => name !== 'Accept-Encoding')
    .join(', ');
  return `    add_header Cache-Control "${EXPERIMENT_CACHE_CONTROL}" always;\n    add_header Vary "${vary}" always;`;
}

/** Cloudflare Pages' `_routes.json`: the worker runs only for the pages under test and the editor's paths. */
export function cloudflareRoutes(manifest: RouteManifest, editorPaths: readonly string[] = []): string {
  const include = [...new Set([...pathsUnderTest(manifest).map(({ path }) => path), ...editorPaths])];
  return `${JSON.stringify({ version: 1, include, exclude: [] }, null, 2)}\n`;
}
