/**
 * Who sees which variant (runtime/experiments.ts): the split honoured for 10,000 simulated visitors,
 * each visitor the same variant all day and drawn afresh the next, and crawlers, Global Privacy
 * Control and Do Not Track always on the page as written.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseVariant,
  isCrawler,
  splitPoint,
  variantAt,
  type ServedExperiment,
  type Visitor,
} from '../../../runtime/experiments.ts';
import { SAMPLE_EXPERIMENT } from '../../support/experiment-sample.ts';

const SECRET = 'test-secret-of-the-day-salt';
const DAY = new Date('2026-11-24T09:00:00Z');
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';

/** The nth simulated visitor: a distinct address (IPv4, some IPv6) and one of a few browsers. */
function simulatedVisitor(n: number): Visitor {
  const address =
    n % 5 === 0 ? `2001:db8::${n.toString(16)}` : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return {
    address,
    userAgent: `${BROWSER} ${['', 'Edg/142.0', 'OPR/120.0'][n % 3]}`.trim(),
    globalPrivacyControl: false,
    doNotTrack: false,
  };
}

async function shares(experiment: ServedExperiment, visitors: number, now = DAY) {
  const counts = new Map<string, number>();
  for (let n = 0; n < visitors; n++) {
    const variant = await chooseVariant(experiment, simulatedVisitor(n), SECRET, now);
    counts.set(variant.id, (counts.get(variant.id) ?? 0) + 1);
  }
  return counts;
}

describe('the split', () => {
  it('puts 10,000 simulated visitors within 2 points of a 50/50 split', async () => {
    const counts = await shares(SAMPLE_EXPERIMENT, 10_000);
    for (const variant of SAMPLE_EXPERIMENT.variants)
      expect(Math.abs((counts.get(variant.id) ?? 0) / 100 - 50), variant.id).toBeLessThan(2);
  }, 120_000);

  it('honours an uneven split of three variants (20/30/50) within 2 points', async () => {
    const experiment: ServedExperiment = {
      id: 'community-hero',
      page: '/community',
      variants: [
        { id: 'control', weight: 20, file: '/community/index.html' },
        { id: 'b', weight: 30, file: '/variants/community-hero/b/index.html' },
        { id: 'c', weight: 50, file: '/variants/community-hero/c/index.html' },
      ],
    };
    const counts = await shares(experiment, 10_000);
    for (const variant of experiment.variants)
      expect(Math.abs((counts.get(variant.id) ?? 0) / 100 - variant.weight), variant.id).toBeLessThan(2);
  }, 120_000);

  it('gives each visitor the same variant all day, and draws them afresh the next day', async () => {
    const later = new Date('2026-11-24T23:59:59Z');
    const tomorrow = new Date('2026-11-25T00:00:01Z');
    let changed = 0;
    for (let n = 0; n < 400; n++) {
      const visitor = simulatedVisitor(n);
      const morning = await chooseVariant(SAMPLE_EXPERIMENT, visitor, SECRET, DAY);
      expect((await chooseVariant(SAMPLE_EXPERIMENT, visitor, SECRET, later)).id).toBe(morning.id);
      if ((await chooseVariant(SAMPLE_EXPERIMENT, visitor, SECRET, tomorrow)).id !== morning.id) changed++;
    }
    // A new day's salt reshuffles: about half change variant at 50/50.
    expect(changed).toBeGreaterThan(120);
    expect(changed).toBeLessThan(280);
  });

  it('depends on the secret: without it nobody can tell who got what', async () => {
    const visitor = simulatedVisitor(7);
    const points = await Promise.all(
      ['one secret', 'another secret'].map((secret) =>
        splitPoint(secret, '2026-11-24', 'kit-headline', visitor.address, visitor.userAgent),
      ),
    );
    expect(points[0]).not.toBe(points[1]);
    for (const point of points) {
      expect(point).toBeGreaterThanOrEqual(0);
      expect(point).toBeLessThan(1);
    }
  });

  it('shares the line in proportion to the weights, in order', () => {
    expect(variantAt(0, [50, 50])).toBe(0);
    expect(variantAt(0.4999, [50, 50])).toBe(0);
    expect(variantAt(0.5, [50, 50])).toBe(1);
    expect(variantAt(0.9999, [1, 3])).toBe(1);
    expect(variantAt(0.2, [1, 3])).toBe(0);
    expect(variantAt(0.3, [1, 3])).toBe(1);
  });
});

describe('who always gets the page as written', () => {
  it('crawlers, link previewers, headless checkers and requests with no user agent', async () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ]) {
      expect(isCrawler(userAgent), userAgent).toBe(true);
      for (let n = 0; n < 50; n++) {
        const visitor = { ...simulatedVisitor(n), userAgent };
        expect((await chooseVariant(SAMPLE_EXPERIMENT, visitor, SECRET, DAY)).id, userAgent).toBe('control');
      }
    }
    expect(isCrawler(BROWSER)).toBe(false);
  });

  it('visitors with Global Privacy Control or Do Not Track', async () => {
    for (let n = 0; n < 200; n++) {
      const gpc = { ...simulatedVisitor(n), globalPrivacyControl: true };
      const dnt = { ...simulatedVisitor(n), doNotTrack: true };
      expect((await chooseVariant(SAMPLE_EXPERIMENT, gpc, SECRET, DAY)).id).toBe('control');
      expect((await chooseVariant(SAMPLE_EXPERIMENT, dnt, SECRET, DAY)).id).toBe('control');
    }
  });
});
