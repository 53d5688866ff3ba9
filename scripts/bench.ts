/**
 * `npm run bench`: measures the production build. Lighthouse 13 (mobile, simulated throttling,
 * 3 runs, median) on /, /community and the not-found page, and on a zero-JavaScript floor (the
 * same build with every <script> removed); then autocannon against the Node server for 10 s.
 * Prints one table; writes the Lighthouse reports to bench-results/.
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
import { CHROME_ARGS, ensureChrome, MISSING_CHROME_MESSAGE } from './find-chrome.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
/** Lighthouse will not audit a page answered with 404, so the bench copy also serves the not-found page with 200 here. */
const NOT_FOUND_PATH = '/_bench-not-found';
const PAGES = [
  { name: '/', path: '/' },
  { name: '/community', path: '/community' },
  { name: 'not found', path: NOT_FOUND_PATH },
].filter((page) => !process.env['BENCH_PAGES'] || process.env['BENCH_PAGES'].split(',').includes(page.name));
const OUT = resolve('bench-results');

interface Row {
  page: string;
  variant: 'site' | 'floor';
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

/** A copy of the build with every script removed: the fastest this HTML and CSS can be. */
async function makeFloor(dist: string): Promise<string> {
  const floor = await benchCopy(dist, 'floor');
  for (const file of await htmlFiles(floor)) {
    const path = join(floor, file);
    const html = await readFile(path, 'utf8');
    await writeFile(
      path,
      html.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link[^>]*rel="modulepreload"[^>]*>/gi, ''),
    );
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

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.lcp - b.lcp);
  return sorted[Math.floor(sorted.length / 2)]!;
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
    'LCP/floor',
  ];
  const lines = rows.map((row) => {
    const floor = rows.find((r) => r.page === row.page && r.variant === 'floor');
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
      floor ? (row.lcp / floor.lcp).toFixed(2) : '',
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
  const floorDir = await makeFloor(siteDir);
  const site = await buildServer({ root: siteDir });
  const floor = await buildServer({ root: floorDir });
  const siteUrl = await site.listen({ host: '127.0.0.1', port: 0 });
  const floorUrl = await floor.listen({ host: '127.0.0.1', port: 0 });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_ARGS, '--headless=new'] });
  const rows: Row[] = [];
  try {
    for (const page of PAGES) {
      for (const [variant, base] of [
        ['site', siteUrl],
        ['floor', floorUrl],
      ] as const) {
        const label = `${page.name.replace(/\W+/g, '') || 'home'}-${variant}`;
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
      const floorRow = rows.find((f) => f.page === r.page && f.variant === 'floor')!;
      const misses = [
        ...(['perf', 'a11y', 'bp', 'seo'] as const).filter((k) => r[k] < 100).map((k) => `${k} ${r[k]}`),
        r.lcp > floorRow.lcp * 1.1 ? `LCP ${(r.lcp / floorRow.lcp).toFixed(2)}x floor` : '',
        r.tbt >= 50 ? `TBT ${Math.round(r.tbt)} ms` : '',
        r.cls >= 0.01 ? `CLS ${r.cls.toFixed(3)}` : '',
        r.thirdParty > 0 ? `${r.thirdParty} third-party requests` : '',
      ].filter(Boolean);
      return `${r.page}: ${misses.length ? `missed: ${misses.join(', ')}` : 'all targets met'}`;
    });
  console.log(
    `\ntargets (100 in each category, LCP ≤ 1.1x floor, TBT < 50 ms, CLS < 0.01):\n  ${targets.join('\n  ')}${errors ? '\n  load: errors!' : ''}`,
  );
  console.log(`reports: ${OUT}/`);
  await site.close();
  await floor.close();
  await rm(floorDir, { recursive: true, force: true });
  await rm(siteDir, { recursive: true, force: true });
}

await main();
