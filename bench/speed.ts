/**
 * `npm run bench`: measures the site in the two configurations owners ship (scripts/lib/production-like.ts):
 * the default build (dist/) and the production-like one (the newsletter form embedded, analytics
 * through our own origin, both played by a loopback stand-in). For each, Lighthouse 13 (mobile,
 * simulated slow 4G and a 4x slower CPU; the median of each column over BENCH_RUNS runs,
 * interleaved) on /, /community and the not-found page, served four ways:
 *
 * - `our server`: the build as `npm start` serves it;
 * - `plain static`: the same files from a bare static server (gzip, no security headers), so
 *   what our server's answers cost the page shows in the same run;
 * - `no JS` (default build): every <script> removed;
 * - `bare`: no scripts and no web fonts (the pages in their metric-matched fallback fonts): the
 *   fastest this HTML and CSS can be, the floor the targets are measured against.
 *
 * Then the first tap on each live widget of /community (bench/first-tap.ts), and autocannon
 * against the Node server for 10 s. Prints the tables and the targets met or missed; writes the
 * Lighthouse reports to bench-results/. BENCH_RUNS (5) and BENCH_PAGES (`/,/community,not found`)
 * narrow it.
 *
 * BENCH_FLOORS=1 also serves the default build as the LCP target would need it (docs/speed.md,
 * "Why LCP stops just above 900 ms"): `inline`, the favicon and the loader drawn into each page, so that
 * only the two faces are requested before the first paint; `one face`, that and the text face
 * dropped (its metric-matched fallback draws the text), so that only the display face is.
 *
 * BENCH_EXPERIMENT=1 adds a third configuration: the default build with the sample split test
 * running on / (scripts/lib/sample-experiment.ts), each of its variants measured through our
 * server (a visitor address chosen for each, sent as X-Forwarded-For to a server that trusts the
 * loopback proxy), and set against the default build: a test must cost the page nothing.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer } from '../server/app.ts';
import { chooseVariant, type ServedExperiment } from '../runtime/experiments.ts';
import { htmlFiles, servedExperiments } from '../deploy/build-output.ts';
import { compressDir } from '../scripts/compress.ts';
import { measureFirstTaps, type WidgetResult } from './first-tap.ts';
import { buildWithSampleExperiment, SAMPLE_EXPERIMENT } from '../scripts/lib/sample-experiment.ts';
import { startPlainStaticServer } from './plain-static-server.ts';
import {
  buildSite,
  CONFIGURATIONS,
  productionLikeEnv,
  startStandInProvider,
  type Configuration,
} from '../scripts/lib/production-like.ts';
import { sha256, withStyleHashes } from '../integrations/subset-fonts.ts';
import { CHROME_ARGS, ensureChrome, MISSING_CHROME_MESSAGE } from '../scripts/find-chrome.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
/** The configurations measured: the two owners ship, and with BENCH_EXPERIMENT the default one running a split test. */
type BenchConfiguration = Configuration | 'experiment';
const BENCH_CONFIGURATIONS: readonly BenchConfiguration[] = process.env['BENCH_EXPERIMENT']
  ? [...CONFIGURATIONS, 'experiment']
  : CONFIGURATIONS;
/** The salt's secret of the bench's split test: fixed, so the visitor addresses below keep their variants all day. */
const EXPERIMENT_SECRET = 'bench-experiment-secret';
/** What a split test may add to the page it runs on, against the same page without it (median of the runs). */
const EXPERIMENT_ALLOWANCE = { lcpMs: 50, tbtMs: 20, cls: 0.001 };
/** Targets, on the median of the runs, in both configurations. */
const TARGETS = {
  /** The largest paint, with the brand fonts: the bare floor of the design before this target. */
  lcpMs: 900,
  fcpMs: 800,
  /** Through our server, */
  tbtMs: 50,
  /** and within this of the same pages from the plain static server. */
  tbtOverPlainMs: 20,
  /** The first tap on each live widget: INP's "good". */
  tapMs: 200,
};
/** Lighthouse will not audit a page answered with 404, so the bench copy also serves the not-found page with 200 here. */
const NOT_FOUND_PATH = '/_bench-not-found';
const PAGES = [
  { name: '/', path: '/' },
  { name: '/community', path: '/community' },
  { name: 'not found', path: NOT_FOUND_PATH },
].filter((page) => !process.env['BENCH_PAGES'] || process.env['BENCH_PAGES'].split(',').includes(page.name));
const OUT = resolve('bench-results');

const VARIANTS = ['our server', 'plain static', 'no JS', 'bare', 'inline', 'one face'] as const;
type Variant = (typeof VARIANTS)[number];

/**
 * What each configuration is measured as: the no-JS floor only for the default build (its scripts
 * are the same); a split test only through our server, which chooses the variant.
 */
const VARIANTS_OF: Record<BenchConfiguration, readonly Variant[]> = {
  default: process.env['BENCH_FLOORS']
    ? VARIANTS
    : VARIANTS.filter((variant) => variant !== 'inline' && variant !== 'one face'),
  'production-like': ['our server', 'plain static', 'bare'],
  experiment: ['our server'],
};

interface Row {
  configuration: BenchConfiguration;
  page: string;
  variant: Variant;
  /** The split test's variant served, in the experiment configuration. */
  arm?: string | undefined;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  js: number;
  css: number;
  font: number;
  image: number;
  html: number;
  requests: number;
  thirdParty: number;
  /** Requests to another origin than the page's that started before its first paint (observed). */
  otherOriginBeforePaint: number;
}

/** A copy of the build for the bench, with the not-found page also at NOT_FOUND_PATH. */
async function benchCopy(dist: string, name: string): Promise<string> {
  const copy = join(tmpdir(), `be-${name}-${process.pid}`);
  await rm(copy, { recursive: true, force: true });
  await cp(dist, copy, { recursive: true });
  await mkdir(join(copy, NOT_FOUND_PATH), { recursive: true });
  for (const suffix of ['', '.br', '.gz']) {
    await cp(join(copy, `404.html${suffix}`), join(copy, NOT_FOUND_PATH, `index.html${suffix}`)).catch(
      () => {},
    );
  }
  return copy;
}

const withoutScripts = (html: string) =>
  html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link[^>]*rel="modulepreload"[^>]*>/gi, '');

/** The web fonts' @font-face rules and preloads go; the metric-matched fallback faces stay. */
const withoutWebFonts = (html: string) =>
  withStyleHashes(
    html,
    html
      .replace(/@font-face\{[^}]*src:url\([^}]*\}/g, '')
      .replace(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/gi, ''),
  );

/** The family of the text face, as the Astro config names it (the display face draws the headline). */
const TEXT_FACE = 'Inter';

/** The text face's @font-face rule and preload go; its metric-matched fallback face stays. */
const withoutTextFace = (html: string) => {
  const face = new RegExp(`@font-face\\{font-family:${TEXT_FACE}-[^;]*;src:url\\("([^"]+)"\\)[^}]*\\}`).exec(
    html,
  );
  if (!face) throw new Error(`no @font-face of ${TEXT_FACE} to drop`);
  return withStyleHashes(
    html,
    html.replace(face[0], '').replace(new RegExp(`<link[^>]*href="${face[1]}"[^>]*>`), ''),
  );
};

/**
 * The favicon as a `data:` URI and the loader as an inline script (the page's policy allowing
 * both; the server's header follows it): nothing but the faces is requested before the paint.
 */
async function withFaviconAndLoaderInline(root: string): Promise<(html: string) => string> {
  const loaders = new Map<string, string>();
  const favicons = new Map<string, string>();
  for (const file of await htmlFiles(root)) {
    const html = await readFile(join(root, file), 'utf8');
    for (const [, src] of html.matchAll(/<script async src="([^"]+)"/g))
      loaders.set(src!, await readFile(join(root, src!), 'utf8'));
    for (const [, href] of html.matchAll(/<link rel="icon" href="([^"]+)"/g))
      favicons.set(href!, await readFile(join(root, href!), 'utf8'));
  }
  return (html) => {
    let out = html;
    for (const [href, svg] of favicons)
      out = out
        .replace(`href="${href}"`, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`)
        // A data: icon is an image the policy must allow (Chromium holds it to img-src).
        .replace(/(http-equiv="content-security-policy" content=")/, `$1img-src 'self' data:;`);
    for (const [src, code] of loaders) {
      const tag = new RegExp(`<script async src="${src}"([^>]*)></script>`).exec(out);
      if (!tag) continue;
      out = out
        .replace(tag[0], `<script${tag[1]}>${code}</script>`)
        .replace(
          /(http-equiv="content-security-policy" content="[^"]*script-src )/,
          `$1'sha256-${sha256(code)}' `,
        );
    }
    return out;
  };
}

/** A floor: a copy of the build with each page rewritten. */
async function makeFloor(dist: string, name: string, rewrite: (html: string) => string): Promise<string> {
  const floor = await benchCopy(dist, name);
  for (const file of await htmlFiles(floor)) {
    const path = join(floor, file);
    await writeFile(path, rewrite(await readFile(path, 'utf8')));
  }
  await compressDir(floor);
  return floor;
}

type Lhr = {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
};

function toRow(
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

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The median of the runs, column by column: one run's TBT, which moves with whatever else the
 * machine is doing, does not stand for the page because that run had the median LCP. A run where
 * Lighthouse could not measure the page (it fails now and then to record a trace) is left out.
 */
function median(rows: Row[]): Row {
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

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : 'never');

function printTable(header: string[], lines: string[][]) {
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

interface Served {
  configuration: BenchConfiguration;
  variant: Variant;
  origin: string;
  /** In the experiment configuration: the split test's variant, and the request headers that get it. */
  arm?: string;
  headers?: Record<string, string>;
}

/** The user agent Lighthouse's mobile runs send (part of what a visitor's variant is chosen from). */
const LIGHTHOUSE_USER_AGENT = (await import('lighthouse/core/config/constants.js')).userAgents.mobile;

/**
 * For each variant of the test, a visitor address (from the documentation range 198.51.100.0/24)
 * that our server, with the bench's secret, puts in it today; checked against the served page.
 */
async function visitorsOfEachVariant(
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
function experimentReport(rows: Row[]): string[] {
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

/** The three builds the bench serves: this checkout's dist/, and in `work` the production-like one and the one with the sample split test. */
async function prepareBuilds(
  work: string,
  providerOrigin: string,
): Promise<Record<BenchConfiguration, string>> {
  const builds: Record<BenchConfiguration, string> = {
    default: resolve('dist'),
    'production-like': join(work, 'production-like'),
    experiment: join(work, 'experiment'),
  };
  process.stdout.write('building the production-like configuration… ');
  await buildSite(builds['production-like'], productionLikeEnv(providerOrigin));
  console.log('done');
  if (BENCH_CONFIGURATIONS.includes('experiment')) {
    process.stdout.write('building the default configuration with the sample split test running… ');
    await buildWithSampleExperiment(builds.experiment);
    console.log('done');
  }
  return builds;
}

/**
 * Serves one configuration's build each of its ways (our server, the plain static server, the
 * floors), adding each to `served` and its closer to `closers`; the folders it made, to remove.
 */
async function serveConfiguration(
  configuration: BenchConfiguration,
  build: string,
  served: Served[],
  closers: (() => Promise<unknown>)[],
): Promise<string[]> {
  const dirs: string[] = [];
  const site = await benchCopy(build, `${configuration}-site`);
  const ways = VARIANTS_OF[configuration];
  const floors: Partial<Record<Variant, string>> = {
    'our server': site,
    'plain static': site,
    ...(ways.includes('no JS') && {
      'no JS': await makeFloor(site, `${configuration}-nojs`, withoutScripts),
    }),
    ...(ways.includes('bare') && {
      bare: await makeFloor(site, `${configuration}-bare`, (html) => withoutWebFonts(withoutScripts(html))),
    }),
  };
  if (ways.includes('inline')) {
    const inline = await withFaviconAndLoaderInline(site);
    floors.inline = await makeFloor(site, `${configuration}-inline`, inline);
    floors['one face'] = await makeFloor(site, `${configuration}-one-face`, (html) =>
      withoutTextFace(inline(html)),
    );
  }
  dirs.push(...new Set(Object.values(floors)));
  for (const variant of ways) {
    let origin: string;
    if (variant === 'plain static') {
      const plain = await startPlainStaticServer(floors[variant]!);
      closers.push(plain.close);
      origin = plain.origin;
    } else if (configuration === 'experiment') {
      // Lighthouse's requests come from loopback: trusted as a proxy, each names its visitor.
      const server = await buildServer({
        root: floors[variant]!,
        trustProxy: true,
        experiments: { secret: EXPERIMENT_SECRET },
      });
      closers.push(() => server.close());
      origin = await server.listen({ host: '127.0.0.1', port: 0 });
      const [experiment] = await servedExperiments(site);
      if (!experiment) throw new Error('the experiment build runs no split test');
      for (const { arm, headers } of await visitorsOfEachVariant(experiment, origin))
        served.push({ configuration, variant, origin, arm, headers });
      continue;
    } else {
      const server = await buildServer({ root: floors[variant]! });
      closers.push(() => server.close());
      origin = await server.listen({ host: '127.0.0.1', port: 0 });
    }
    served.push({ configuration, variant, origin });
  }
  return dirs;
}

/** Lighthouse on every page each way it is served, interleaved, RUNS times: the median row of each. */
async function runLighthouse(chromePath: string, served: readonly Served[]): Promise<Row[]> {
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

/** The first tap on each live widget of /community, through our server, in each configuration. */
async function firstTaps(
  chromePath: string,
  served: readonly Served[],
): Promise<Record<BenchConfiguration, WidgetResult[]>> {
  const taps: Record<BenchConfiguration, WidgetResult[]> = {
    default: [],
    'production-like': [],
    experiment: [],
  };
  if (PAGES.some((page) => page.name === '/community')) {
    for (const configuration of CONFIGURATIONS) {
      const ours = served.find((s) => s.configuration === configuration && s.variant === 'our server')!;
      process.stdout.write(`first taps, ${configuration}, /community x${RUNS}… `);
      taps[configuration] = await measureFirstTaps(chromePath, `${ours.origin}/community`, RUNS);
      console.log('done');
    }
  }
  return taps;
}

/** Prints the Lighthouse medians, the first taps, a short load and the targets; true when the load had errors. */
async function printResults(
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

async function main() {
  const chromePath = ensureChrome();
  if (!chromePath) throw new Error(MISSING_CHROME_MESSAGE);
  await mkdir(OUT, { recursive: true });
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`load average at start: ${load()}`);
  const provider = await startStandInProvider();
  const work = await mkdtemp(join(tmpdir(), 'be-bench-'));
  const builds = await prepareBuilds(work, provider.origin);

  const dirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const served: Served[] = [];
  for (const configuration of BENCH_CONFIGURATIONS)
    dirs.push(...(await serveConfiguration(configuration, builds[configuration], served, closers)));

  const rows = await runLighthouse(chromePath, served);
  const taps = await firstTaps(chromePath, served);
  if (await printResults(rows, taps, served)) console.log('  load: errors!');
  console.log(`load average at the end: ${load()}\nreports: ${OUT}/`);
  for (const close of closers) await close();
  await provider.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}

await main();
