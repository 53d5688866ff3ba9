/**
 * `npm run bench:coop`: what `Cross-Origin-Opener-Policy: same-origin` costs a page, in the lab and
 * for a visitor. A COOP page that is not opened from a page of its own origin gets a browsing
 * context group of its own, and Chromium a new renderer process for it. Lighthouse starts every
 * run from about:blank, so it measures that switch; a visitor who follows a link from another site
 * (a search result, a post) switches process anyway (site isolation: another site is another
 * process), with or without COOP.
 *
 * So it measures /community (and /) four ways, interleaved, BENCH_RUNS each (median), with
 * Lighthouse's mobile simulation: our server as it is and the same answers without the COOP
 * header (a loopback proxy that drops it), each loaded cold (Lighthouse's own start, about:blank)
 * and by a click on a link in a page of another site (a loopback stand-in, another host name).
 */
import { createServer, request as forward, type Server } from 'node:http';
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildServer } from '../server/app.ts';
import { CHROME_ARGS, ensureChrome, MISSING_CHROME_MESSAGE } from '../scripts/find-chrome.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PAGES = (process.env['BENCH_PAGES'] ?? '/,/community').split(',');

const listen = (server: Server) =>
  new Promise<number>((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)),
  );

/** Our server's answers, passed through with the COOP header dropped. */
function withoutCoop(upstream: string): Server {
  return createServer((incoming, outgoing) => {
    const proxied = forward(
      `${upstream}${incoming.url}`,
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['cross-origin-opener-policy'];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(proxied);
  });
}

/** A page of another site with one link, to the page under test. */
function otherSite(): Server {
  return createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    outgoing
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><title>Another site</title><a id="go" href="${target.replace(/"/g, '&quot;')}">Read more</a></html>`,
      );
  });
}

interface Measure {
  tbt: number;
  fcp: number;
  lcp: number;
  /** The page's main-thread work, observed (not simulated), ms. */
  mainThread: number;
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const chromePath = ensureChrome();
  if (!chromePath) throw new Error(MISSING_CHROME_MESSAGE);
  const site = await buildServer({ root: resolve('dist') });
  const ours = await site.listen({ host: '127.0.0.1', port: 0 });
  const proxy = withoutCoop(ours);
  const noCoop = `http://127.0.0.1:${await listen(proxy)}`;
  const referrer = otherSite();
  const referrerOrigin = `http://localhost:${await listen(referrer)}`;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROME_ARGS, '--headless=new'] });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results = new Map<string, Measure[]>();
  try {
    for (const path of PAGES) {
      for (let run = 1; run <= RUNS; run += 1) {
        for (const [served, origin] of [
          ['with COOP', ours],
          ['without COOP', noCoop],
        ] as const) {
          for (const start of ['cold (about:blank)', 'link from another site'] as const) {
            const page = await browser.newPage();
            const url = `${origin}${path}`;
            let requestor: string | (() => Promise<void>) = url;
            if (start === 'link from another site') {
              await page.goto(`${referrerOrigin}/?to=${encodeURIComponent(url)}`);
              requestor = async () => {
                await page.click('#go');
              };
            }
            const result = await navigation(page, requestor, {
              flags: { skipAboutBlank: start !== 'cold (about:blank)', onlyCategories: ['performance'] },
            });
            await page.close();
            const audits = result?.lhr.audits ?? {};
            const measure: Measure = {
              tbt: audits['total-blocking-time']?.numericValue ?? NaN,
              fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
              lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
              mainThread: audits['mainthread-work-breakdown']?.numericValue ?? NaN,
            };
            const key = `${path}|${served}|${start}`;
            results.set(key, [...(results.get(key) ?? []), measure]);
          }
        }
        process.stdout.write(`${path} ${run} `);
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  console.log(`\n\nmedian of ${RUNS} (Lighthouse mobile, simulated; main thread observed):`);
  console.log(
    'page         served        start                    TBT ms  FCP ms  LCP ms  main thread ms  TBT of each run',
  );
  for (const [key, runs] of results) {
    const [path, served, start] = key.split('|');
    const column = (pick: (m: Measure) => number) => String(Math.round(middle(runs.map(pick))));
    console.log(
      [
        path!.padEnd(11),
        served!.padEnd(12),
        start!.padEnd(23),
        column((m) => m.tbt).padStart(6),
        column((m) => m.fcp).padStart(6),
        column((m) => m.lcp).padStart(6),
        column((m) => m.mainThread).padStart(14),
        ' ' + runs.map((m) => Math.round(m.tbt)).join(' '),
      ].join('  '),
    );
  }
  await site.close();
  proxy.close();
  referrer.close();
}

await main();
