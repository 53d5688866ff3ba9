/**
 * Split tests on the other hosts, generated from the route manifest's running experiments (the
 * build's EXPERIMENTS_FILE), so every host splits visitors from the same data as our server:
 *
 * - nginx: `split_clients` over the day, the visitor's address and user agent, salted with a
 *   secret written into the config; crawlers, GPC and DNT get the control by `map`;
 * - Cloudflare Pages: `_worker.js` (run only for the pages under test, `_routes.json`);
 * - Netlify: an edge function (`.netlify/v1/edge-functions/`, Netlify's folder for generated ones);
 * - Vercel: an edge function in the Build Output API folder, routed from the pages under test.
 *
 * The three functions carry the assignment of runtime/experiments.ts as its own source (the
 * functions there are self-contained), the list of tests, and the headers every page carries.
 * Each answers a page under test with the visitor's variant, never cacheable by a shared cache.
 */
import {
  ASSIGNMENT_FUNCTIONS,
  CRAWLER_PATTERN,
  EXPERIMENT_CACHE_CONTROL,
  EXPERIMENT_VARY,
  type ServedExperiment,
} from '../runtime/experiments.ts';
import { experimentOf, type RouteManifest } from './routes.ts';
import { securityHeaders } from '../runtime/rules.ts';

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

// ── The edge functions ──────────────────────────────────────────────────────
/**
 * The code all three functions share: the tests, the assignment, and `answerUnderTest`, which
 * answers a page under test given how the host reads the visitor's address, fetches a file of
 * the build, and reads the secret.
 */
export function edgeCore(manifest: RouteManifest): string {
  const paths = Object.fromEntries(
    pathsUnderTest(manifest).map(({ path, experiment }) => [path, experiment.id]),
  );
  const headers = {
    ...securityHeaders(manifest.csp),
    'Cache-Control': EXPERIMENT_CACHE_CONTROL,
    Vary: EXPERIMENT_VARY,
  };
  return `// Generated by scripts/deploy-configs.ts from runtime/experiments.ts and the build. Do not edit.
const EXPERIMENTS = ${JSON.stringify(manifest.experiments)};
/** URL path -> the test running on the page answered there. */
const PATHS = ${JSON.stringify(paths)};
/** Every page carries these; a page under test is never kept by a shared cache. */
const HEADERS = ${JSON.stringify(headers)};
const CRAWLER_PATTERN = ${JSON.stringify(CRAWLER_PATTERN)};
const DAY_KEYS = new Map();
${ASSIGNMENT_FUNCTIONS.map((fn) => `${fn.toString()}`).join('\n')}

/** The test running on a URL path, if any. */
function experimentAt(path) {
  const id = PATHS[path];
  return id === undefined ? undefined : EXPERIMENTS.find((experiment) => experiment.id === id);
}

/**
 * The visitor's variant of the page under test: fetchFile(file) gets a file of the build
 * (/variants/…/index.html) from the host's files; address is the visitor's, as the host knows it.
 */
async function answerUnderTest(request, experiment, address, secret, fetchFile) {
  const header = (name) => request.headers.get(name);
  const visitor = {
    address,
    userAgent: header('user-agent') ?? '',
    globalPrivacyControl: header('sec-gpc')?.trim() === '1',
    doNotTrack: header('dnt')?.trim() === '1',
  };
  const variant = await chooseVariant(experiment, visitor, secret ?? '', new Date());
  const file = await fetchFile(variant.file);
  const answer = new Response(request.method === 'HEAD' ? null : file.body, {
    status: file.status,
    headers: file.headers,
  });
  for (const [name, value] of Object.entries(HEADERS)) answer.headers.set(name, value);
  // Each variant's own validator: a browser revalidating one never gets a 304 for another.
  answer.headers.delete('etag');
  answer.headers.delete('last-modified');
  return answer;
}
`;
}

/**
 * Cloudflare Pages' `_worker.js` (advanced mode), for a split test, the hosted editor, or both:
 * an editor path gets the editor's answer (deploy/editor-hosts.ts `editorCore`, its variables
 * from the worker's env, its files through env.ASSETS); a page under test gets the visitor's
 * variant (the address from CF-Connecting-IP, the secret from EXPERIMENT_SECRET); anything else
 * goes to the static files as before (`_routes.json` keeps other requests from the worker).
 */
export function cloudflareWorker(manifest: RouteManifest, editor = ''): string {
  const testing = manifest.experiments.length > 0;
  return `${testing ? edgeCore(manifest) : ''}${editor}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    // Pages serves a folder's page at the folder's URL (and redirects its index.html there).
    const assetAt = (file) => env.ASSETS.fetch(new Request(new URL(file.replace(/index\\.html$/, ''), url)));
${
  editor
    ? `    const forEditor = await editorAnswer(request, env, assetAt);
    if (forEditor) return forEditor;
`
    : ''
}${
    testing
      ? `    const experiment = experimentAt(url.pathname);
    if (experiment && (request.method === 'GET' || request.method === 'HEAD'))
      return answerUnderTest(request, experiment, request.headers.get('cf-connecting-ip') ?? '', env.EXPERIMENT_SECRET, assetAt);
`
      : ''
  }    return env.ASSETS.fetch(request);
  },
};
`;
}

/** Cloudflare Pages' `_routes.json`: the worker runs only for the pages under test and the editor's paths. */
export function cloudflareRoutes(manifest: RouteManifest, editorPaths: readonly string[] = []): string {
  const include = [...new Set([...pathsUnderTest(manifest).map(({ path }) => path), ...editorPaths])];
  return `${JSON.stringify({ version: 1, include, exclude: [] }, null, 2)}\n`;
}

/**
 * A Netlify edge function for the pages under test: the control is the page itself
 * (`context.next()`), a variant its file fetched from the site; the address is Netlify's
 * (`context.ip`), the secret the EXPERIMENT_SECRET variable.
 */
export function netlifyEdgeFunction(manifest: RouteManifest): string {
  const paths = [...new Set(pathsUnderTest(manifest).map(({ path }) => path))];
  return `${edgeCore(manifest)}
export default async (request, context) => {
  const url = new URL(request.url);
  const experiment = experimentAt(url.pathname);
  if (!experiment) return undefined;
  const secret = globalThis.Netlify?.env.get('EXPERIMENT_SECRET');
  // The control is the page itself; a variant's file is fetched from the site (no function runs there).
  return answerUnderTest(request, experiment, context.ip ?? '', secret, (file) =>
    file === experiment.variants[0].file ? context.next() : fetch(new URL(file, url)),
  );
};

export const config = { path: ${JSON.stringify(paths)}, method: ['GET', 'HEAD'] };
`;
}

/** A header Vercel's routes test, so the function's own fetch of the control skips the function. */
export const VERCEL_INNER_HEADER = 'x-experiment-inner';

/**
 * A Vercel edge function (Build Output API) for the pages under test: each variant's file is
 * fetched from the deployment itself, marked so the routes serve it straight from the files; the
 * address is the one Vercel's edge puts first in X-Forwarded-For, the secret EXPERIMENT_SECRET.
 */
export function vercelEdgeFunction(manifest: RouteManifest): string {
  return `${edgeCore(manifest)}
export default async function experiments(request) {
  const url = new URL(request.url);
  // The route names the page's path (a function may see its own path in request.url).
  const path = url.searchParams.get('experiment-path') ?? url.pathname;
  const experiment = experimentAt(path);
  if (!experiment) return new Response(null, { status: 404 });
  const address = (request.headers.get('x-forwarded-for') ?? '').split(',')[0].trim();
  return answerUnderTest(request, experiment, address, process.env.EXPERIMENT_SECRET, (file) =>
    fetch(new URL(file, url.origin), { headers: { '${VERCEL_INNER_HEADER}': '1' } }),
  );
}
`;
}

/** The Vercel function's folder name under `.vercel/output/functions/` (runtime/function-paths.ts). */
export { VERCEL_FUNCTION } from '../runtime/function-paths.ts';
