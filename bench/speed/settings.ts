/** What `npm run bench` measures (bench/speed.ts): its runs, configurations, pages, ways of serving, targets, and a row of figures. */
import { resolve } from 'node:path';
import type { Configuration } from '../../harness/production-like.ts';
import { CONFIGURATIONS } from '../../harness/production-like.ts';

export const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
/** The configurations measured: the two owners ship, and with BENCH_EXPERIMENT the default one running a split test. */
export type BenchConfiguration = Configuration | 'experiment';
export const BENCH_CONFIGURATIONS: readonly BenchConfiguration[] = process.env['BENCH_EXPERIMENT']
  ? [...CONFIGURATIONS, 'experiment']
  : CONFIGURATIONS;
/** The salt's secret of the bench's split test: fixed, so the visitor addresses below keep their variants all day. */
export const EXPERIMENT_SECRET = 'bench-experiment-secret';
/** What a split test may add to the page it runs on, against the same page without it (median of the runs). */
export const EXPERIMENT_ALLOWANCE = { lcpMs: 50, tbtMs: 20, cls: 0.001 };
/** Targets, on the median of the runs, in both configurations. */
export const TARGETS = {
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
export const NOT_FOUND_PATH = '/_bench-not-found';
export const PAGES = [
  { name: '/', path: '/' },
  { name: '/community', path: '/community' },
  { name: 'not found', path: NOT_FOUND_PATH },
].filter((page) => !process.env['BENCH_PAGES'] || process.env['BENCH_PAGES'].split(',').includes(page.name));
export const OUT = resolve('bench-results');

const VARIANTS = ['our server', 'plain static', 'no JS', 'bare', 'inline', 'one face'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * What each configuration is measured as: the no-JS floor only for the default build (its scripts
 * are the same); a split test only through our server, which chooses the variant.
 */
export const VARIANTS_OF: Record<BenchConfiguration, readonly Variant[]> = {
  default: process.env['BENCH_FLOORS']
    ? VARIANTS
    : VARIANTS.filter((variant) => variant !== 'inline' && variant !== 'one face'),
  'production-like': ['our server', 'plain static', 'bare'],
  experiment: ['our server'],
};

export interface Row {
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

export interface Served {
  configuration: BenchConfiguration;
  variant: Variant;
  origin: string;
  /** In the experiment configuration: the split test's variant, and the request headers that get it. */
  arm?: string;
  headers?: Record<string, string>;
}
