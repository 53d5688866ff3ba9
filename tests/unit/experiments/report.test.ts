/**
 * The split test's report: its rate intervals against textbook values, and `npm run experiment:report`
 * against a stand-in of each provider's stats API answering in the documented shapes, printing
 * each variant's rate, its 95% interval and the verdict in the words the editor's Results use
 * (editor/api/results/verdict-words.ts), for each outcome.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { testVerdict } from '../../../editor/api/results/sequential.ts';
import { wilsonInterval } from '../../../editor/api/results/split-stats.ts';
import { keepGoing, testSaid, variantName } from '../../../editor/api/results/verdict-words.ts';
import { PROJECT_ROOT } from '../../../harness/project-copy.ts';
import { SAMPLE_EXPERIMENT } from '../../../harness/sample-experiment.ts';

describe('the statistics, against textbook values', () => {
  it('Wilson’s 95% interval: 5 of 10 is 23.7% to 76.3%; 0 of 10 is 0% to 27.8%', () => {
    const [low, high] = wilsonInterval({ visitors: 10, conversions: 5 });
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
    const [none, top] = wilsonInterval({ visitors: 10, conversions: 0 });
    expect(none).toBe(0);
    expect(top).toBeCloseTo(0.2775, 4);
  });
});

/** What the stand-in counts for each variant: each case's rows. */
let ROWS: Record<string, { visitors: number; conversions: number }> = {};

/** A stand-in of Plausible's Stats API v2 and Umami's API, answering as their documentation shows. */
function standIn(requests: { path: string; auth: string | undefined; body: unknown }[]): Server {
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as unknown) : undefined;
  };
  return createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    const body = await read(request);
    requests.push({ path: url.pathname, auth: request.headers.authorization, body });
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/v2/query') {
      const query = body as { filters: [string, string, string[]][] };
      const goal = query.filters.some(([, dimension]) => dimension === 'event:goal');
      response.end(
        JSON.stringify({
          results: Object.entries(ROWS).map(([variant, row]) => ({
            metrics: [goal ? row.conversions : row.visitors],
            dimensions: [variant],
          })),
          meta: {},
          query,
        }),
      );
      return;
    }
    const tag = url.searchParams.get('tag')?.split(':')[1] ?? '';
    if (url.pathname.endsWith('/stats')) {
      response.end(
        JSON.stringify({
          pageviews: ROWS[tag]!.visitors * 2,
          visitors: ROWS[tag]!.visitors,
          visits: 0,
          bounces: 0,
          totaltime: 0,
        }),
      );
    } else if (url.pathname.endsWith('/metrics')) {
      response.end(
        JSON.stringify([
          { x: 'page_view', y: 5 },
          { x: 'cta_click', y: ROWS[tag]!.conversions },
        ]),
      );
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
}

describe('npm run experiment:report', () => {
  const requests: { path: string; auth: string | undefined; body: unknown }[] = [];
  let server: Server;
  let origin: string;
  let work: string;

  beforeAll(async () => {
    server = standIn(requests);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    work = mkdtempSync(join(tmpdir(), 'be-report-'));
    mkdirSync(join(work, 'src/content'), { recursive: true });
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(work, { recursive: true, force: true });
  });

  /** The owner's project as the script sees it: the sample test running on the kit page since `days` ago. */
  const startedAgo = (days: number) => {
    const experiment = {
      ...SAMPLE_EXPERIMENT,
      smallestLift: undefined,
      started: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10),
    };
    writeFileSync(join(work, 'src/content/experiments.yaml'), stringify([experiment]));
    return experiment;
  };

  const report = (provider: string) =>
    promisify(execFile)(process.execPath, [resolve(PROJECT_ROOT, 'scripts/experiment-report.ts')], {
      cwd: work,
      env: {
        ...process.env,
        PUBLIC_ANALYTICS_PROVIDER: provider,
        PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
        ANALYTICS_API_KEY: 'stand-in-key',
        ANALYTICS_API_URL: origin,
      },
    });

  const [control, challenger] = SAMPLE_EXPERIMENT.variants.map((variant) => variant.id) as [string, string];
  const rows = (a: [number, number], b: [number, number]) => ({
    [control]: { visitors: a[0], conversions: a[1] },
    [challenger]: { visitors: b[0], conversions: b[1] },
  });

  it.each(['plausible', 'umami'])(
    'from %s: a clear lift after three weeks names its variant by its words, below each rate with its interval',
    async (provider) => {
      requests.length = 0;
      ROWS = rows([5250, 158], [5250, 236]);
      const experiment = startedAgo(21);
      const { stdout } = await report(provider);
      expect(stdout).toContain(
        `${SAMPLE_EXPERIMENT.id} (a conversion is a visitor who clicked a call to action)`,
      );
      expect(stdout).toMatch(
        new RegExp(`${control}\\s+158 of\\s+5250 visitors\\s+3\\.0%\\s+\\(95%: 2\\.6% to 3\\.5%\\)`),
      );
      expect(stdout).toContain(`→ ${variantName(experiment.variants, challenger)} sells better`);
      expect(requests.every((request) => request.auth === 'Bearer stand-in-key')).toBe(true);
      if (provider === 'plausible')
        expect(requests[0]!.body).toMatchObject({
          site_id: 'buildequity.com',
          metrics: ['visitors'],
          dimensions: ['event:props:variant'],
          date_range: [experiment.started, new Date().toISOString().slice(0, 10)],
        });
      else expect(requests.map((request) => request.path)).toContain('/api/websites/buildequity.com/stats');
    },
    60_000,
  );

  it('an early fluke: keep going, with the days; level rates over many visitors: no difference; an uneven split: said', async () => {
    ROWS = rows([1250, 30], [1250, 48]);
    startedAgo(5);
    const early = (await report('plausible')).stdout;
    expect(early).toMatch(new RegExp(`→ ${keepGoing(999).replace('999', '\\d+')}`));
    expect(early).not.toContain('sells better');
    ROWS = rows([20_000, 600], [20_000, 600]);
    const level = startedAgo(40);
    const verdict = testVerdict({
      arms: level.variants.map((variant) => ({ ...variant, ...ROWS[variant.id]! })),
      days: 40,
    });
    const expected = testSaid(level, { verdict, days: 40, smallestLift: 0.2 }).headline;
    expect((await report('plausible')).stdout).toContain(`→ ${expected}`);
    ROWS = rows([4750, 143], [5250, 236]);
    startedAgo(20);
    expect((await report('plausible')).stdout).toContain('→ No verdict: the visitors were not split as set');
  }, 60_000);

  it('says what to set when the provider is missing', async () => {
    await expect(report('none')).rejects.toMatchObject({
      stderr: expect.stringContaining('PUBLIC_ANALYTICS_PROVIDER'),
    });
  }, 60_000);
});
