/**
 * The split test on the static hosts, generated from the same build (tests/support/experiment-sample.ts):
 * Netlify's edge function, Vercel's edge function and Cloudflare Pages' worker, each run here as
 * code with Web-standard Request and Response (Cloudflare's also runs under wrangler in the
 * browser tests), give each visitor the variant the assignment gives them (whose split of 10,000
 * visitors is tests/unit/experiments/assignment.test.ts's), the same on every request, crawlers and GPC the control, with the headers of every page and no shared caching;
 * and the configs around them route only the pages under test there.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudflareRoutes } from '../../../deploy/experiment-hosts.ts';
import { hostFunctions } from '../../../deploy/host-functions.ts';
import { VERCEL_INNER_HEADER } from '../../../runtime/function-paths.ts';
import { chooseVariant, EXPERIMENT_CACHE_CONTROL, visitorOf } from '../../../runtime/experiments.ts';
import { netlifyHeaders, nginxConfig, vercelOutputConfig } from '../../../deploy/host-configs.ts';
import {
  experimentSample,
  SAMPLE_EXPERIMENT,
  variantOfBody,
  VARIANT_WORDS,
} from '../../support/experiment-sample.ts';
import { expectedSecurity, pick, SAMPLE_WORDS, type SampleBuild } from '../../support/site-facts.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SECRET = 'edge-test-secret';
let build: SampleBuild;
let work: string;

/** A host's handler, from its generated module: a Request and the visitor's address in, a Response out. */
type Handle = (request: Request, address: string) => Promise<Response>;
const handlers: Record<'netlify' | 'vercel' | 'cloudflare', Handle> = {} as never;

/** A file of the sample build as a host's file server answers it. */
async function fileAnswer(path: string): Promise<Response> {
  const file = path.endsWith('/') ? `${path}index.html` : path;
  try {
    return new Response(await readFile(join(build.root, file)), {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        etag: '"static"',
        'cache-control': 'public, max-age=0, must-revalidate',
      },
    });
  } catch {
    return new Response('missing', { status: 404 });
  }
}

async function load(name: string, source: string) {
  const file = join(work, `${name}.mjs`);
  await writeFile(file, source);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

beforeAll(async () => {
  build = await experimentSample();
  work = await mkdtemp(join(tmpdir(), 'be-edge-'));
  process.env['EXPERIMENT_SECRET'] = SECRET;
  (globalThis as { Netlify?: unknown }).Netlify = { env: { get: (name: string) => process.env[name] } };
  const realFetch = globalThis.fetch;
  // The functions' own fetches of the site's files land on the sample build.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== 'site.test') return realFetch(input, init);
    if (url.pathname === '/' || url.pathname === '/index.html')
      expect(
        new Headers(init?.headers).get(VERCEL_INNER_HEADER),
        'the Vercel function marks its own fetch',
      ).toBe('1');
    return fileAnswer(url.pathname);
  }) as typeof fetch;
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  const functions = (await hostFunctions(build.manifest))!;
  const netlify = (await load('netlify', functions.netlifySplit!)) as {
    default: (
      request: Request,
      context: { ip: string; next: () => Promise<Response> },
    ) => Promise<Response | undefined>;
    config: { path: string[] };
  };
  expect(netlify.config.path).toEqual(['/', '/index.html']);
  handlers.netlify = async (request, address) =>
    (await netlify.default(request, { ip: address, next: () => fileAnswer(new URL(request.url).pathname) }))!;

  const vercel = (await load('vercel', functions.vercelSplit!)) as {
    default: (request: Request) => Promise<Response>;
  };
  handlers.vercel = (request, address) => {
    const url = new URL(request.url);
    // Vercel's route sends the page to the function, naming the page's path.
    const routed = new URL(`/experiments?experiment-path=${encodeURIComponent(url.pathname)}`, url);
    const headers = new Headers(request.headers);
    headers.set('x-forwarded-for', address);
    return vercel.default(new Request(routed, { headers, method: request.method }));
  };

  const cloudflare = (await load('cloudflare', functions.cloudflareWorker)) as {
    default: { fetch: (request: Request, env: unknown) => Promise<Response> };
  };
  handlers.cloudflare = (request, address) => {
    const headers = new Headers(request.headers);
    headers.set('cf-connecting-ip', address);
    return cloudflare.default.fetch(new Request(request.url, { headers, method: request.method }), {
      EXPERIMENT_SECRET: process.env['EXPERIMENT_SECRET'],
      ASSETS: { fetch: (asset: Request) => fileAnswer(new URL(asset.url).pathname) },
    });
  };
});

afterAll(async () => {
  delete process.env['EXPERIMENT_SECRET'];
  delete (globalThis as { Netlify?: unknown }).Netlify;
  await rm(work, { recursive: true, force: true });
  await build?.remove();
});

const visit = (
  host: keyof typeof handlers,
  address: string,
  headers: Record<string, string> = {},
  path = '/',
) =>
  handlers[host](
    new Request(`https://site.test${path}`, { headers: { 'user-agent': BROWSER, ...headers } }),
    address,
  );

describe.each(['netlify', 'vercel', 'cloudflare'] as const)('the generated %s function', (host) => {
  it('gives each visitor the variant the assignment gives them (both served), the same on every request', async () => {
    const seen = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const address = `100.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const variant = variantOfBody(await (await visit(host, address)).text())!;
      const visitor = visitorOf(address, (name) => (name === 'user-agent' ? BROWSER : undefined));
      expect(variant, address).toBe((await chooseVariant(SAMPLE_EXPERIMENT, visitor, SECRET, new Date())).id);
      seen.add(variant);
      if (n % 20 === 0)
        expect(variantOfBody(await (await visit(host, address, {}, '/index.html')).text()), address).toBe(
          variant,
        );
    }
    expect(seen).toEqual(new Set(SAMPLE_EXPERIMENT.variants.map((variant) => variant.id)));
  });

  it('gives crawlers and GPC or DNT visitors the control, with every page’s headers and no shared caching', async () => {
    for (let n = 0; n < 40; n++) {
      for (const headers of [
        { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
        { 'sec-gpc': '1' },
        { dnt: '1' },
      ] as Record<string, string>[])
        expect(variantOfBody(await (await visit(host, `192.0.2.${n}`, headers)).text())).toBe('control');
    }
    const answer = await visit(host, '198.51.100.7');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(EXPERIMENT_CACHE_CONTROL);
    expect(answer.headers.get('vary')).toMatch(/User-Agent/);
    expect(answer.headers.get('etag')).toBeNull();
    expect(answer.headers.get('set-cookie')).toBeNull();
    const security = expectedSecurity(build.manifest);
    expect(pick(Object.fromEntries(answer.headers), security)).toEqual(security);
  });
});

describe('the host configs around them', () => {
  it('Cloudflare runs the worker only for the pages under test', () => {
    expect(JSON.parse(cloudflareRoutes(build.manifest))).toEqual({
      version: 1,
      include: ['/', '/index.html'],
      exclude: [],
    });
  });

  it('Netlify and Vercel keep a page under test out of shared caches, and Vercel routes it to the function', () => {
    expect(netlifyHeaders(build.manifest)).toContain(`/\n  Cache-Control: ${EXPERIMENT_CACHE_CONTROL}`);
    const routes = vercelOutputConfig(build.manifest).routes;
    const toFunction = routes.filter((route) => 'dest' in route && route.dest?.startsWith('/experiments?'));
    expect(toFunction.map((route) => ('src' in route ? route.src : ''))).toEqual([
      '^(?:/)$',
      '^(?:/index\\.html)$',
    ]);
    for (const route of toFunction)
      expect('missing' in route && route.missing).toEqual([{ type: 'header', key: VERCEL_INNER_HEADER }]);
  });

  it('a test on a campaign page (/podcast) makes it a page under test on every host, as / is: from the manifest, with no code of its own', async () => {
    const onCampaign = {
      id: 'podcast-headline',
      page: '/podcast',
      variants: [
        { id: 'control', weight: 50, file: '/podcast/index.html' },
        { id: 'plain-question', weight: 50, file: '/variants/podcast-headline/plain-question/index.html' },
      ],
    };
    const campaign = await experimentSample(onCampaign);
    try {
      const { manifest } = campaign;
      const paths = ['/podcast', '/podcast/', '/podcast/index.html'];
      expect(JSON.parse(cloudflareRoutes(manifest)).include).toEqual(paths);
      const functions = (await hostFunctions(manifest))!;
      expect(functions.netlifySplit).toContain(`export const config = {"path":${JSON.stringify(paths)}`);
      expect(netlifyHeaders(manifest)).toContain(`/podcast\n  Cache-Control: ${EXPERIMENT_CACHE_CONTROL}`);
      const toFunction = vercelOutputConfig(manifest).routes.filter(
        (route) => 'dest' in route && route.dest?.startsWith('/experiments?'),
      );
      expect(toFunction).toHaveLength(paths.length);
      const nginx = nginxConfig(manifest, {
        root: '/srv/site',
        port: 8080,
        headersFile: '/etc/h.conf',
        experimentSecret: 'nginx-test-secret-0123456789',
      });
      expect(nginx).toMatch(/location = \/podcast \{[^}]*try_files \$experiment_podcast_headline_file =404;/);
      // Cloudflare's worker (the edge functions' shared code) gives each visitor of it their variant.
      const worker = (await load('campaign-worker', functions.cloudflareWorker)) as {
        default: { fetch: (request: Request, env: unknown) => Promise<Response> };
      };
      const served = new Set<string>();
      for (let n = 0; n < 40; n++) {
        const address = `100.64.0.${n}`;
        const request = new Request('https://site.test/podcast', {
          headers: { 'user-agent': BROWSER, 'cf-connecting-ip': address },
        });
        const body = await (
          await worker.default.fetch(request, {
            EXPERIMENT_SECRET: SECRET,
            ASSETS: {
              fetch: async (asset: Request) => {
                const path = new URL(asset.url).pathname;
                return new Response(await readFile(join(campaign.root, path, 'index.html')));
              },
            },
          })
        ).text();
        const visitor = visitorOf(address, (name) => (name === 'user-agent' ? BROWSER : undefined));
        const chosen = (await chooseVariant(onCampaign, visitor, SECRET, new Date())).id;
        expect(body, address).toContain(
          chosen === 'control' ? SAMPLE_WORDS['/podcast/index.html'] : VARIANT_WORDS['plain-question'],
        );
        served.add(chosen);
      }
      expect(served).toEqual(new Set(['control', 'plain-question']));
    } finally {
      await campaign.remove();
    }
  });

  it('nginx splits with split_clients under the secret, gives the control by map, and hides the variants’ own paths', () => {
    const secret = 'nginx-test-secret-0123456789';
    const nginx = nginxConfig(build.manifest, {
      root: '/srv/site',
      port: 8080,
      headersFile: '/etc/h.conf',
      experimentSecret: secret,
    });
    expect(nginx).toContain(`default "${secret}";`);
    expect(nginx).toMatch(
      /split_clients "\$experiment_secret:kit-headline:\$remote_addr:\$http_user_agent:\$experiment_day" \$experiment_kit_headline_split \{\n {4}50\.00% control;\n {4}\* plain-question;\n\}/,
    );
    expect(nginx).toMatch(
      /location = \/ \{[^}]*Cache-Control "private, max-age=0, must-revalidate"[^}]*try_files \$experiment_kit_headline_file =404;/,
    );
    expect(nginx).toMatch(/location \^~ \/variants\/ \{\n {4}return 404;/);
    expect(() =>
      nginxConfig(build.manifest, { root: '/srv/site', port: 8080, headersFile: '/etc/h.conf' }),
    ).toThrow(/EXPERIMENT_SECRET/);
  });
});
