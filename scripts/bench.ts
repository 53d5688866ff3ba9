/**
 * `npm run bench`: measures the production build. Lighthouse 13 (mobile, simulated throttling,
 * 5 runs, the median of each column) on /, /community and the not-found page, and on two floors
 * made from the same build: without JavaScript (every <script> removed), and without JavaScript
 * or web fonts (the pages in their metric-matched fallback fonts: the fastest this HTML and CSS
 * can be). Then autocannon against the Node server for 10 s. Prints one table; writes the
 * Lighthouse reports to bench-results/.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer } from '../server/app.ts';
import { htmlFiles } from '../deploy/site-policy.ts';
import { compressDir } from './compress.ts';
import { withStyleHashes } from './subset-fonts.ts';
import { CHROME_ARGS, ensureChrome, MISSING_CHROME_MESSAGE } from './find-chrome.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
/** The LCP every page must reach (median of the runs), in ms. */
const LCP_TARGET_MS = 1200;
/** Lighthouse will not audit a page answered with 404, so the bench copy also serves the not-found page with 200 here. */
const NOT_FOUND_PATH = '/_bench-not-found';
const PAGES = [
  { name: '/', path: '/' },
  { name: '/community', path: '/community' },
  { name: 'not found', path: NOT_FOUND_PATH },
].filter((page) => !process.env['BENCH_PAGES'] || process.env['BENCH_PAGES'].split(',').includes(page.name));
const OUT = resolve('bench-results');

/** The site as built, and the two floors. */
const VARIANTS = ['site', 'no JS', 'no JS, no fonts'] as const;
type Variant = (typeof VARIANTS)[number];

interface Row {
  page: string;
  variant: Variant;
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
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
};

function toRow(page: string, variant: Row['variant'], lhr: Lhr): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['resource-summary']?.details?.items ?? []) as {
    resourceType: string;
    transferSize: number;
    requestCount: number;
  }[];
  const bytes = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const count = (type: string) => items.find((i) => i.resourceType === type)?.requestCount ?? 0;
  return {
    page,
    variant,
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
  };
}

/**
 * The median of the runs, column by column: one run's TBT, which moves with whatever else the
 * machine is doing, does not stand for the page because that run had the median LCP. A run where
 * Lighthouse could not measure the page (it fails now and then to record a trace) is left out.
 */
function median(rows: Row[]): Row {
  const measured = rows.filter((row) => Number.isFinite(row.lcp));
  const first = measured[0];
  if (!first) throw new Error(`no run of ${rows[0]?.page} measured an LCP`);
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const out: Row = { ...first };
  for (const key of Object.keys(first) as (keyof Row)[]) {
    if (typeof first[key] === 'number')
      (out[key] as number) = middle(measured.map((row) => row[key] as number));
  }
  return out;
}

async function lighthouseRuns(url: string, port: number, label: string): Promise<Lhr[]> {
  const results: Lhr[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await lighthouse(url, { port, output: 'html', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    await writeFile(join(OUT, `${label}-${run}.html`), String(result.report));
    results.push(result.lhr as unknown as Lhr);
  }
  return results;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => `${Math.round(value)}`;

function printTable(rows: Row[]) {
  const header = [
    'page',
    'variant',
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
    'LCP/noJS',
    'LCP/bare',
  ];
  const lines = rows.map((row) => {
    const ratio = (variant: Variant) => {
      const floor = rows.find((r) => r.page === row.page && r.variant === variant);
      return floor && row.variant === 'site' ? (row.lcp / floor.lcp).toFixed(2) : '';
    };
    return [
      row.page,
      row.variant,
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
      ratio('no JS'),
      ratio('no JS, no fonts'),
    ].map(String);
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  console.log(`\n${fmt(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(fmt(line));
}

async function main() {
  const chromePath = ensureChrome();
  if (!chromePath) throw new Error(MISSING_CHROME_MESSAGE);
  await mkdir(OUT, { recursive: true });
  const siteDir = await benchCopy(resolve('dist'), 'site');
  const dirs: Record<Variant, string> = {
    site: siteDir,
    'no JS': await makeFloor(siteDir, 'nojs', withoutScripts),
    'no JS, no fonts': await makeFloor(siteDir, 'bare', (html) => withoutWebFonts(withoutScripts(html))),
  };
  const servers = await Promise.all(VARIANTS.map((variant) => buildServer({ root: dirs[variant] })));
  const urls = await Promise.all(servers.map((server) => server.listen({ host: '127.0.0.1', port: 0 })));
  const siteUrl = urls[0]!;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_ARGS, '--headless=new'] });
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      for (const [index, variant] of VARIANTS.entries()) {
        const base = urls[index]!;
        const label = `${page.name.replace(/\W+/g, '') || 'home'}-${variant.replace(/\W+/g, '')}`;
        process.stdout.write(`lighthouse ${variant} ${page.path} x${RUNS}… `);
        const runs = await lighthouseRuns(`${base}${page.path}`, chrome.port, label);
        rows.push(median(runs.map((lhr) => toRow(page.name, variant, lhr))));
        console.log('done');
      }
    }
  } finally {
    chrome.kill();
  }
  printTable(rows);

  console.log('\nautocannon: 10 s, 10 connections, GET / on the Node server');
  const load = await autocannon({
    url: `${siteUrl}/`,
    duration: 10,
    connections: 10,
    headers: { 'accept-encoding': 'br' },
  });
  const errors = load.errors + load.timeouts + load.non2xx;
  console.log(
    `  ${Math.round(load.requests.average)} req/s, p99 latency ${load.latency.p99} ms, errors ${errors}`,
  );

  const targets = rows
    .filter((r) => r.variant === 'site' && r.page !== 'not found')
    .map((r) => {
      const misses = [
        ...(['perf', 'a11y', 'bp', 'seo'] as const).filter((k) => r[k] < 100).map((k) => `${k} ${r[k]}`),
        r.lcp > LCP_TARGET_MS ? `LCP ${Math.round(r.lcp)} ms` : '',
        r.tbt >= 50 ? `TBT ${Math.round(r.tbt)} ms` : '',
        r.cls >= 0.01 ? `CLS ${r.cls.toFixed(3)}` : '',
        r.thirdParty > 0 ? `${r.thirdParty} third-party requests` : '',
      ].filter(Boolean);
      return `${r.page}: ${misses.length ? `missed: ${misses.join(', ')}` : 'all targets met'}`;
    });
  console.log(
    `\ntargets (median of ${RUNS}: 100 in each category, LCP ≤ ${LCP_TARGET_MS} ms, TBT < 50 ms, CLS < 0.01):\n  ${targets.join('\n  ')}${errors ? '\n  load: errors!' : ''}`,
  );
  console.log(`reports: ${OUT}/`);
  for (const server of servers) await server.close();
  for (const dir of Object.values(dirs)) await rm(dir, { recursive: true, force: true });
}

await main();
