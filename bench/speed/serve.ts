/** The builds the bench measures, each served its ways, and the first taps through our server. */
import { join, resolve } from 'node:path';
import { buildServer } from '../../server/app.ts';
import { servedExperiments } from '../../deploy/build-output.ts';
import { measureFirstTaps, type WidgetResult } from '../first-tap.ts';
import { buildWithSampleExperiment } from '../../harness/sample-experiment.ts';
import { startPlainStaticServer } from '../plain-static-server.ts';
import { buildSite, CONFIGURATIONS, productionLikeEnv } from '../../harness/production-like.ts';
import {
  benchCopy,
  makeFloor,
  withFaviconAndLoaderInline,
  withoutScripts,
  withoutTextFace,
  withoutWebFonts,
} from './floors.ts';
import { visitorsOfEachVariant } from './experiment.ts';
import {
  BENCH_CONFIGURATIONS,
  EXPERIMENT_SECRET,
  RUNS,
  VARIANTS_OF,
  type BenchConfiguration,
  type Served,
  type Variant,
} from './settings.ts';
import { PAGES } from './settings.ts';

/** The three builds the bench serves: this checkout's dist/, and in `work` the production-like one and the one with the sample split test. */
export async function prepareBuilds(
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
export async function serveConfiguration(
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

/** The first tap on each live widget of /community, through our server, in each configuration. */
export async function firstTaps(
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
