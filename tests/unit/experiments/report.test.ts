/**
 * The split test's report: its statistics against textbook values, and `npm run experiment:report`
 * against a stand-in of each provider's stats API answering in the documented shapes, printing
 * each variant's rate, its 95% interval and a plain verdict.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  chanceBetter,
  logGamma,
  verdict,
  visitorsNeeded,
  wilsonInterval,
} from '../../../editor/api/results/split-stats.ts';
import { PROJECT_ROOT } from '../../../scripts/lib/project-copy.ts';
import { SAMPLE_EXPERIMENT } from '../../../scripts/lib/sample-experiment.ts';

describe('the statistics, against textbook values', () => {
  it('Wilson’s 95% interval: 5 of 10 is 23.7% to 76.3%; 0 of 10 is 0% to 27.8%', () => {
    const [low, high] = wilsonInterval({ visitors: 10, conversions: 5 });
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
    const [none, top] = wilsonInterval({ visitors: 10, conversions: 0 });
    expect(none).toBe(0);
    expect(top).toBeCloseTo(0.2775, 4);
  });

  it('ln Γ: Γ(5) = 24, Γ(½) = √π', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
  });

  it('the chance B beats A: ⅔ for Beta(2,1) against a flat Beta(1,1); ½ for equal counts; symmetric', () => {
    expect(chanceBetter({ visitors: 0, conversions: 0 }, { visitors: 1, conversions: 1 })).toBeCloseTo(
      2 / 3,
      10,
    );
    expect(chanceBetter({ visitors: 500, conversions: 40 }, { visitors: 500, conversions: 40 })).toBeCloseTo(
      0.5,
      6,
    );
    const a = { visitors: 1000, conversions: 100 };
    const b = { visitors: 1000, conversions: 130 };
    expect(chanceBetter(a, b) + chanceBetter(b, a)).toBeCloseTo(1, 6);
    // 10% against 13% of 1,000 each: a two-proportion z of 2.09, about 98% one-sided.
    expect(chanceBetter(a, b)).toBeGreaterThan(0.975);
    expect(chanceBetter(a, b)).toBeLessThan(0.985);
  });

  it('visitors needed for 10% against 15% at 5% significance and 80% power: 686 per variant (Fleiss)', () => {
    expect(visitorsNeeded(0.1, 0.15)).toBe(686);
  });

  it('says plainly who wins, or how many more visitors it takes', () => {
    expect(
      verdict(
        { id: 'control', visitors: 1000, conversions: 100 },
        { id: 'plain-question', visitors: 1000, conversions: 130 },
      ).text,
    ).toBe('plain-question converts better, 98% likely');
    expect(
      verdict(
        { id: 'control', visitors: 1000, conversions: 130 },
        { id: 'b', visitors: 1000, conversions: 100 },
      ).text,
    ).toBe('control converts better, 98% likely');
    expect(
      verdict({ id: 'control', visitors: 200, conversions: 20 }, { id: 'b', visitors: 200, conversions: 30 })
        .text,
    ).toBe('not enough visitors yet: about 486 more per variant');
  });
});

const ROWS = {
  control: { visitors: 1000, conversions: 100 },
  'plain-question': { visitors: 1000, conversions: 130 },
};

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
    const tag = url.searchParams.get('tag')?.split(':')[1] as keyof typeof ROWS;
    if (url.pathname.endsWith('/stats')) {
      response.end(
        JSON.stringify({
          pageviews: ROWS[tag].visitors * 2,
          visitors: ROWS[tag].visitors,
          visits: 0,
          bounces: 0,
          totaltime: 0,
        }),
      );
    } else if (url.pathname.endsWith('/metrics')) {
      response.end(
        JSON.stringify([
          { x: 'page_view', y: 5 },
          { x: 'cta_click', y: ROWS[tag].conversions },
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
    // The owner's project as the script sees it: a split test running on the kit page.
    work = mkdtempSync(join(tmpdir(), 'be-report-'));
    mkdirSync(join(work, 'src/content'), { recursive: true });
    writeFileSync(join(work, 'src/content/experiments.yaml'), stringify([SAMPLE_EXPERIMENT]));
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(work, { recursive: true, force: true });
  });

  const report = (provider: string) =>
    promisify(execFile)(
      process.execPath,
      [resolve(PROJECT_ROOT, 'scripts/experiment-report.ts'), '--days', '14'],
      {
        cwd: work,
        env: {
          ...process.env,
          PUBLIC_ANALYTICS_PROVIDER: provider,
          PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
          ANALYTICS_API_KEY: 'stand-in-key',
          ANALYTICS_API_URL: origin,
        },
      },
    );

  it.each(['plausible', 'umami'])(
    'from %s: each variant’s rate with its interval, and the verdict',
    async (provider) => {
      requests.length = 0;
      const { stdout } = await report(provider);
      expect(stdout).toContain('kit-headline (last 14 days');
      expect(stdout).toMatch(/control\s+100 of\s+1000 visitors\s+10\.0%\s+\(95%: 8\.3% to 12\.0%\)/);
      expect(stdout).toMatch(/plain-question\s+130 of\s+1000 visitors\s+13\.0%\s+\(95%: 11\.1% to 15\.2%\)/);
      expect(stdout).toContain('→ plain-question converts better, 98% likely');
      expect(requests.every((request) => request.auth === 'Bearer stand-in-key')).toBe(true);
      if (provider === 'plausible')
        expect(requests[0]!.body).toMatchObject({
          site_id: 'buildequity.com',
          metrics: ['visitors'],
          dimensions: ['event:props:variant'],
        });
      else expect(requests.map((request) => request.path)).toContain('/api/websites/buildequity.com/stats');
    },
    60_000,
  );

  it('says what to set when the provider is missing', async () => {
    await expect(report('none')).rejects.toMatchObject({
      stderr: expect.stringContaining('PUBLIC_ANALYTICS_PROVIDER'),
    });
  }, 60_000);
});
