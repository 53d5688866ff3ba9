/**
 * Our server with a split test running on `/` (the small build of tests/support/experiment-sample.ts):
 * each visitor behind a trusted proxy gets the variant the assignment gives them (whose split of
 * 10,000 visitors is tests/unit/experiments/assignment.test.ts's), the same on every request of the day; crawlers and GPC visitors get the page as written; a page
 * under test is never kept by a shared cache, sets nothing on the visitor's side and carries the
 * security headers of every page; pages not under test answer as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseVariant, EXPERIMENT_CACHE_CONTROL, visitorOf } from '../../../runtime/experiments.ts';
import { answerFor } from '../../../deploy/routes.ts';
import { buildServer, type SiteServer } from '../../../server/app.ts';
import { experimentSample, SAMPLE_EXPERIMENT, variantOfBody } from '../../support/experiment-sample.ts';
import { expectedSecurity, pick, type SampleBuild } from '../../support/site-facts.ts';

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
let build: SampleBuild;
let app: SiteServer;
let clock = new Date('2026-11-24T08:00:00Z');
const SECRET = 'server-test-secret';

beforeAll(async () => {
  build = await experimentSample();
  // Requests come from loopback (inject), a trusted proxy by default: X-Forwarded-For names the visitor.
  app = await buildServer({
    root: build.root,
    experiments: { secret: SECRET, now: () => clock },
  });
});
afterAll(async () => {
  await app?.close();
  await build?.remove();
});

const visit = (address: string, headers: Record<string, string> = {}, url = '/') =>
  app.inject({
    method: 'GET',
    url,
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': address, ...headers },
  });

describe('the Node server splits visitors of a page under test', () => {
  it('serves each visitor the variant the assignment gives them (both headlines served), the same all day', async () => {
    const first = new Map<string, string>();
    for (let n = 0; n < 200; n++) {
      const address = `203.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const answer = await visit(address);
      expect(answer.statusCode).toBe(200);
      const variant = variantOfBody(answer.body)!;
      const visitor = visitorOf(address, (name) => (name === 'user-agent' ? BROWSER : undefined));
      expect(variant, address).toBe((await chooseVariant(SAMPLE_EXPERIMENT, visitor, SECRET, clock)).id);
      first.set(address, variant);
    }
    expect(new Set(first.values())).toEqual(new Set(SAMPLE_EXPERIMENT.variants.map((variant) => variant.id)));
    // Later the same day, at every spelling of the page, each visitor sees what they saw.
    clock = new Date('2026-11-24T22:30:00Z');
    for (const [address, variant] of first) {
      for (const url of ['/', '/index.html'])
        expect(variantOfBody((await visit(address, {}, url)).body), url).toBe(variant);
    }
    clock = new Date('2026-11-24T08:00:00Z');
  }, 120_000);

  it('takes the visitor from X-Forwarded-For only behind a trusted proxy', async () => {
    const untrusting = await buildServer({
      root: build.root,
      trustProxy: false,
      experiments: { secret: SECRET, now: () => clock },
    });
    const seen = new Set<string>();
    for (let n = 0; n < 40; n++) {
      const answer = await untrusting.inject({
        method: 'GET',
        url: '/',
        headers: { 'user-agent': BROWSER, 'x-forwarded-for': `198.51.100.${n}` },
      });
      seen.add(variantOfBody(answer.body)!);
    }
    await untrusting.close();
    // Every request comes from the same peer (loopback): a forged header moves nobody.
    expect(seen.size).toBe(1);
  });

  it('gives crawlers and visitors with GPC or DNT the page as written', async () => {
    for (let n = 0; n < 60; n++) {
      const address = `192.0.2.${n}`;
      for (const headers of [
        { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        { 'sec-gpc': '1' },
        { dnt: '1' },
      ] as Record<string, string>[])
        expect(variantOfBody((await visit(address, headers)).body), JSON.stringify(headers)).toBe('control');
    }
  });

  it('answers a page under test uncacheable by shared caches, with the security headers, setting nothing', async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 40; n++) {
      const answer = await visit(`198.18.0.${n}`);
      seen.add(variantOfBody(answer.body)!);
      expect(answer.headers['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
      expect(String(answer.headers['vary'])).toMatch(/User-Agent/);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(
        pick(answer.headers as Record<string, string>, expectedSecurity(build.manifest, 'http')),
      ).toEqual(expectedSecurity(build.manifest, 'http'));
    }
    expect(seen.has('control') && seen.has('plain-question')).toBe(true);
    // The manifest says the same for every host.
    expect(answerFor(build.manifest, '/').headers['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
  });

  it('revalidates each variant by its own validator', async () => {
    const first = await visit('198.18.1.1');
    const again = await visit('198.18.1.1', { 'if-none-match': String(first.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(EXPERIMENT_CACHE_CONTROL);
  });

  it('leaves the other pages as they were and never serves a variant at its own path', async () => {
    const community = await visit('198.18.2.2', {}, '/community');
    expect(community.headers['cache-control']).toBe(
      answerFor(build.manifest, '/community').headers['cache-control'],
    );
    expect(community.headers['cache-control']).not.toBe(EXPERIMENT_CACHE_CONTROL);
    const direct = await visit(
      '198.18.2.2',
      { accept: 'text/html' },
      '/variants/kit-headline/plain-question/',
    );
    expect(direct.statusCode).toBe(404);
  });
});
