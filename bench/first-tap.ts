/**
 * How soon the community page's live widgets answer a visitor, for `npm run bench`: on a phone
 * (375 px, CPU 4x slower, the slow 4G connection Lighthouse simulates), per island,
 *
 * - the dead window: from the page's load event until the island has hydrated (its code comes as
 *   the visitor nears it; before that a tap is held and replayed, so it is answered late, never
 *   lost: src/lib/live-directive.ts);
 * - the first tap: a visitor who reaches the widget once the page has loaded (its network quiet,
 *   then the second a scroll takes) and taps it at once; from the tap to the first frame that
 *   shows the answer. INP calls up to 200 ms good.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROME_ARGS } from '../scripts/find-chrome.ts';

export interface LiveWidget {
  name: string;
  /** The island's region, and the control in it a visitor taps. */
  region: string;
  control: string;
  /** True in the page once the widget has visibly answered the tap. */
  answered: string;
  /** Shown below lg only (from lg the hero lists the features instead of the carousel). */
  belowLgOnly?: boolean;
}

/** The community page's live widgets, for the bench and for the test that none is dead. */
export const LIVE_WIDGETS: LiveWidget[] = [
  {
    name: 'feature carousel',
    region: '#feature-carousel',
    control: '#feature-carousel button[aria-label="Next slide"]',
    answered: `(() => {
      const slide = document.querySelector('#feature-carousel [aria-roledescription="slide"]');
      window.__homeX ??= slide.getBoundingClientRect().x;
      return slide.getBoundingClientRect().x !== window.__homeX;
    })()`,
    belowLgOnly: true,
  },
  {
    name: 'dashboard tabs',
    region: '#target-audience',
    control: '#target-audience button[aria-label="Next dashboard"]',
    // Whatever the owner's dashboards are: the selection has moved off the first.
    answered: `document.querySelector('#target-audience [role="tab"][aria-selected="true"]') !== document.querySelector('#target-audience [role="tab"]')`,
  },
  {
    name: 'pricing tabs',
    region: '#join-now',
    control: '#join-tab-compare',
    answered: `document.querySelector('#join-tab-compare')?.getAttribute('aria-selected') === 'true'`,
  },
];

export interface TapTiming {
  /** Load event to hydrated, in ms (0 when it was live before the load event). */
  deadWindow: number;
  /** Tap to the frame that shows the answer, in ms; Infinity when it never answered. */
  firstTap: number;
}

/** Playwright's own measure of a quiet network: nothing in flight for half a second. */
const QUIET_MS = 500;

/**
 * Waits until the page's network is quiet. Unlike Playwright's `networkidle`, an analytics event
 * (a POST, which a provider may hold open as a keep-alive request) does not count as the page
 * still loading: with a provider configured, `networkidle` may never come.
 */
async function loadedAndQuiet(page: Page, url: string): Promise<void> {
  const inFlight = new Set<unknown>();
  let quietSince = performance.now();
  page.on('request', (request) => {
    if (request.method() !== 'GET') return;
    inFlight.add(request);
  });
  const done = (request: unknown) => {
    if (inFlight.delete(request) && inFlight.size === 0) quietSince = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A throttled load on a busy machine can take well over the default 30 s.
  await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
  const deadline = performance.now() + 180_000;
  while (inFlight.size > 0 || performance.now() - quietSince < QUIET_MS) {
    if (performance.now() > deadline) throw new Error(`${url}: the network never went quiet`);
    await page.waitForTimeout(100);
  }
}

/** One visit: load the page, wait as a visitor would, tap the widget, time both. */
async function measureOnce(browser: Browser, url: string, widget: LiveWidget): Promise<TapTiming> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    // Watch every frame from the start: when the island hydrates (Astro drops its `ssr`
    // attribute), when the tap lands, and the first frame that shows the answer.
    await page.addInitScript(`
      addEventListener('click', (event) => { if (event.isTrusted) window.__tapAt ??= performance.now(); }, { capture: true });
      const watch = () => {
        const island = document.querySelector(${JSON.stringify(widget.control)})?.closest('astro-island');
        if (island && !island.hasAttribute('ssr')) window.__hydratedAt ??= performance.now();
        if (window.__tapAt !== undefined && window.__answeredAt === undefined && ${widget.answered})
          window.__answeredAt = performance.now();
        if (window.__answeredAt === undefined) requestAnimationFrame(watch);
      };
      addEventListener('DOMContentLoaded', () => { ${widget.answered}; requestAnimationFrame(watch); });
    `);
    await loadedAndQuiet(page, url);
    await page.waitForTimeout(1_000);
    await page.locator(widget.control).click();
    await page
      .waitForFunction(() => (window as unknown as { __answeredAt?: number }).__answeredAt, undefined, {
        timeout: 5_000,
      })
      .catch(() => {});
    return await page.evaluate(() => {
      const w = window as unknown as { __tapAt: number; __answeredAt?: number; __hydratedAt?: number };
      const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return {
        deadWindow: Math.max(0, (w.__hydratedAt ?? Infinity) - load.loadEventEnd),
        firstTap: (w.__answeredAt ?? Infinity) - w.__tapAt,
      };
    });
  } finally {
    await context.close();
  }
}

export interface WidgetResult {
  widget: string;
  runs: TapTiming[];
}

/** Every live widget of the page at `url`, `runs` visits each, in a browser of its own. */
export async function measureFirstTaps(
  chromePath: string,
  url: string,
  runs: number,
): Promise<WidgetResult[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
  try {
    const results: WidgetResult[] = LIVE_WIDGETS.map((widget) => ({ widget: widget.name, runs: [] }));
    for (let run = 0; run < runs; run += 1) {
      for (const [index, widget] of LIVE_WIDGETS.entries()) {
        // A visit that fails (the page never went quiet) is reported and left out, not fatal.
        const timing = await measureOnce(browser, url, widget).catch((error: Error) => {
          console.log(`\n  ${widget.name}: run ${run + 1} failed: ${error.message.split('\n')[0]}`);
          return null;
        });
        if (timing) results[index]!.runs.push(timing);
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}
