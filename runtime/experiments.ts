/**
 * Split tests as every host serves them: which variant a visitor gets, with no cookie and nothing
 * stored on their device. The build lists each running experiment's variants and their HTML files
 * in EXPERIMENTS_FILE; the Node server, nginx and the generated edge functions read that list.
 *
 * A visitor's variant is a keyed hash (HMAC-SHA-256) of their address and user agent under a salt
 * that changes every day (itself an HMAC of the day under EXPERIMENT_SECRET), the way Plausible
 * counts unique visitors without cookies: the same visitor gets the same variant all day, nobody
 * can recompute it without the secret, and tomorrow they are a stranger again. Crawlers, and
 * visitors who ask not to be tracked (Global Privacy Control, Do Not Track), always get the page
 * as written.
 *
 * Web-standard APIs only (crypto.subtle, TextEncoder): the hosts' functions (runtime/hosts/,
 * bundled by deploy/host-functions.ts) and our server run this same code. The build's list of
 * tests is read by deploy/build-output.ts.
 */
/** Where the build writes each variant's page: `/variants/<experiment>/<variant>/index.html`. */
export const VARIANTS_PREFIX = '/variants/';

export interface ServedVariant {
  id: string;
  /** A share of the traffic: weights are relative (50 and 50, or 1 and 3). */
  weight: number;
  /** The file of the build served for it: the page's own for the control. */
  file: string;
}

export interface ServedExperiment {
  id: string;
  /** The page's canonical path (`/`, `/community`). */
  page: string;
  /** The first is the page as written (the control). */
  variants: ServedVariant[];
}

/** What a visitor's request says about them, as far as assignment cares. */
export interface Visitor {
  address: string;
  userAgent: string;
  /** `Sec-GPC: 1`. */
  globalPrivacyControl: boolean;
  /** `DNT: 1`. */
  doNotTrack: boolean;
}

/**
 * Crawlers, link previewers, headless checkers and command-line clients, by user agent: they get
 * the control, so what search engines index and social cards show is the page as written. One
 * pattern for every host (nginx matches it case-insensitively too).
 */
export const CRAWLER_PATTERN =
  'bot\\b|bot/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|pinterest|bingpreview|headlesschrome|curl/|wget/|python-requests|go-http-client|node-fetch';

/** A crawler by its user agent (CRAWLER_PATTERN), or a request with none. */
export function isCrawler(userAgent: string): boolean {
  return userAgent.trim() === '' || new RegExp(CRAWLER_PATTERN, 'i').test(userAgent);
}

/**
 * The variant (by index) for a point of [0, 1) on the split: the variants share the line in
 * proportion to their weights, in order.
 */
export function variantAt(point: number, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let edge = 0;
  for (let index = 0; index < weights.length; index++) {
    edge += weights[index]! / total;
    if (point < edge) return index;
  }
  return weights.length - 1;
}

/** The UTC day of `now` (`2026-11-24`): the salt changes at midnight UTC. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The day's salt as an HMAC key, by secret and day: made once a day, not once a request. */
const DAY_KEYS = new Map<string, Promise<CryptoKey>>();

/**
 * The visitor's point on the split, in [0, 1): HMAC-SHA-256 of experiment, address and user agent
 * under the day's salt (HMAC-SHA-256 of the day under the secret); the first 32 bits of it.
 */
export async function splitPoint(
  secret: string,
  day: string,
  experiment: string,
  address: string,
  userAgent: string,
): Promise<number> {
  const encoder = new TextEncoder();
  const keyOf = (raw: ArrayBuffer | Uint8Array<ArrayBuffer>) =>
    crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const cacheKey = `${day}\n${secret}`;
  let dayKey = DAY_KEYS.get(cacheKey);
  if (!dayKey) {
    if (DAY_KEYS.size > 8) DAY_KEYS.clear();
    dayKey = keyOf(encoder.encode(secret)).then(async (secretKey) =>
      keyOf(await crypto.subtle.sign('HMAC', secretKey, encoder.encode(`daily-salt:${day}`))),
    );
    DAY_KEYS.set(cacheKey, dayKey);
  }
  const digest = await crypto.subtle.sign(
    'HMAC',
    await dayKey,
    encoder.encode(`${experiment}\n${address}\n${userAgent}`),
  );
  return new DataView(digest).getUint32(0) / 2 ** 32;
}

/**
 * The variant a visitor gets: the control (the first) for a crawler, under GPC or DNT, or when no
 * secret is set; otherwise the one their split point falls in.
 */
export async function chooseVariant(
  experiment: ServedExperiment,
  visitor: Visitor,
  secret: string,
  now: Date,
): Promise<ServedVariant> {
  const control = experiment.variants[0]!;
  if (!secret || visitor.globalPrivacyControl || visitor.doNotTrack || isCrawler(visitor.userAgent))
    return control;
  const point = await splitPoint(secret, utcDay(now), experiment.id, visitor.address, visitor.userAgent);
  const weights = experiment.variants.map((variant) => variant.weight);
  return experiment.variants[variantAt(point, weights)] ?? control;
}

/**
 * Cache-Control of a page under test: no shared cache (a CDN, a company proxy) may keep it, since
 * the URL alone does not say which variant it holds; the visitor's own browser revalidates it
 * like every page. `Vary` names what the choice depends on, for a cache that ignores `private`.
 */
export const EXPERIMENT_CACHE_CONTROL = 'private, max-age=0, must-revalidate';
export const EXPERIMENT_VARY = 'Accept-Encoding, User-Agent, Sec-GPC, DNT';

/** A page under test is private: the headers that replace a page's caching (lower-case names). */
export const UNDER_TEST_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': EXPERIMENT_CACHE_CONTROL,
  vary: EXPERIMENT_VARY,
};

/** The visitor as a request's headers describe them (the address comes from the caller). */
export function visitorOf(address: string, header: (name: string) => string | null | undefined): Visitor {
  return {
    address,
    userAgent: header('user-agent') ?? '',
    globalPrivacyControl: header('sec-gpc')?.trim() === '1',
    doNotTrack: header('dnt')?.trim() === '1',
  };
}
