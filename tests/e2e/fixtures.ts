/**
 * Shared end-to-end helpers: two accessibility engines (axe with the WCAG 2.2 A/AA tags, and
 * HTML_CodeSniffer's WCAG2AA standard), and a console/page-error collector that fails a test when
 * our code logs an error or one of the page's own assets fails to load.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { htmlcsIgnores } from '../checkers/ignores.ts';
import { axeViolations } from '../support/axe.ts';
import { SHOW_ANYWAY_MS } from '../../src/lib/first-screen-loader.ts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** Whole-page scans add axe's best practices: unique landmark names, one main, headings in order… */
export const PAGE_TAGS = [...WCAG_TAGS, 'best-practice'];

/** Shows the page at rest, as a visitor who scrolled sees it: every section revealed, no fade in flight. */
async function revealAll(page: Page): Promise<void> {
  // A half-faded colour would read as low contrast.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.reveal-pending')) el.classList.remove('reveal-pending');
    for (const animation of document.getAnimations()) animation.finish();
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-reveal]')].every((el) => getComputedStyle(el).opacity === '1'),
  );
}

/**
 * Runs axe on the page (or a part of it) and expects zero violations, listing them when not.
 * A whole-page scan uses the WCAG tags and `best-practice`; a scan of one part, the WCAG tags.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  await revealAll(page);
  const violations = await axeViolations(page, { tags: include ? WCAG_TAGS : PAGE_TAGS, include });
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

const HTMLCS_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
);

/**
 * Runs HTML_CodeSniffer (WCAG2AA, the engine pa11y runs by default) on the revealed page, as pa11y
 * does: errors and warnings fail unless tests/checkers/ignores.json keeps them; notices are
 * reminders for a human and are left out.
 */
export async function expectNoHtmlcsIssues(page: Page): Promise<void> {
  await revealAll(page);
  // Evaluated through the DevTools protocol, so the page's CSP (only the page's own inline scripts, by hash) does not block it.
  await page.evaluate(HTMLCS_SOURCE);
  const issues = await page.evaluate(
    (ignores) =>
      new Promise<string[]>((resolve) => {
        type Message = { type: number; code: string; msg: string; element: Element };
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(standard: string, root: Document, done: () => void): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        htmlcs.process('WCAG2AA', document, () => {
          const kept = htmlcs
            .getMessages()
            .filter((m) => m.type === 1 || m.type === 2)
            .filter(
              (m) =>
                !ignores.some(
                  (entry) =>
                    entry.code === m.code &&
                    m.element instanceof Element &&
                    m.element.matches(entry.selector),
                ),
            );
          resolve(
            kept.map((m) => {
              const html =
                m.element instanceof Element ? m.element.outerHTML.slice(0, 160) : String(m.element);
              return `${m.type === 1 ? 'error' : 'warning'} ${m.code}: ${m.msg}\n  ${html}`;
            }),
          );
        });
      }),
    htmlcsIgnores.map(({ code, selector }) => ({ code, selector })),
  );
  expect(issues, 'HTML_CodeSniffer issues').toEqual([]);
}

/** The auth URL the build uses (PUBLIC_APP_URL defaults to https://app.example.com). */
export const AUTH_URL_RE =
  /^https:\/\/app\.example\.com\/auth\?flow=express&from=build_equity&intent=purchase(&|$)/;

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Adds to `errors` each page error, console error and failed asset of our own that `page` meets. */
function watchErrors(page: Page, errors: string[], expectedError: RegExp | null): void {
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    // The browser's own line for a failed request is covered by the response check below.
    if (
      msg.type() === 'error' &&
      !msg.text().startsWith('Failed to load resource') &&
      !expectedError?.test(msg.text())
    ) {
      errors.push(`console: ${msg.text()}`);
    }
  });
  // A page's own assets must all load (a 404 page's document itself is expected to be 404).
  page.on('response', (response) => {
    const request = response.request();
    if (
      response.status() >= 400 &&
      request.resourceType() !== 'document' &&
      sameOrigin(request.url(), page.url()) &&
      !expectedError?.test(request.url())
    ) {
      errors.push(`asset ${response.status()}: ${request.url()}`);
    }
  });
}

/** Fails the test on any page error or console error (our code must log none). */
export const test = base.extend<{ errors: string[]; expectedError: RegExp | null }>({
  /** An error a test causes on purpose: a matching console line or failed asset URL is not counted. */
  expectedError: [null, { option: true }],
  errors: [
    async ({ page, expectedError }, use) => {
      const errors: string[] = [];
      watchErrors(page, errors, expectedError);
      await use(errors);
      expect(errors, 'errors logged in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * For a test of one section the owner can hide in the editor: true when the page shows it. When
 * the owner hid it, proves it is not on the page and returns false: there is nothing else to test.
 */
export async function shownUnlessHidden(
  page: Page,
  id: string,
  hidden: boolean | undefined,
): Promise<boolean> {
  if (!hidden) return true;
  await expect(page.locator(`[id="${id}"]`)).toHaveCount(0);
  return false;
}

/**
 * The tag of a test whose answer cannot depend on the screen's width (words as written, links,
 * the head, structured data, timers): it runs at phone width only, where every section and
 * widget shows, and the suite spends its minutes on what does change with the width.
 */
export const ONE_WIDTH = '@one-width';

/**
 * Holds the loader's fallback for as long as the test runs: its timer (a `setTimeout` of
 * SHOW_ANYWAY_MS, never run; the page's other timers of that length, such as the first paint's
 * own fallback, wait too) and the inline rule's animation (paused). Each shows the rest of the
 * page SHOW_ANYWAY_MS after it loads, stylesheet or not. The tests that hold it prove what happens
 * before that (first-screen.spec.ts, with a stylesheet that comes when the test lets it go) or
 * count every shift from the first byte (resilience.spec.ts): held, their verdict no longer hangs
 * on how fast a busy machine gets there. The fallback is proven on its own: its
 * timer by tests/unit/first-screen-loader.test.ts, its animation by "should the loader never come".
 */
export async function holdTheFallback(page: Page): Promise<void> {
  await page.addInitScript((fallbackMs) => {
    const setTimer = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) =>
      ms === fallbackMs ? 0 : setTimer(handler, ms, ...args)) as typeof window.setTimeout;
    const paused = new CSSStyleSheet();
    paused.replaceSync('[data-later]{animation-play-state:paused!important}');
    document.adoptedStyleSheets = [paused];
  }, SHOW_ANYWAY_MS);
}

/**
 * Waits until the whole stylesheet applies: before it, what lies below the first screen is hidden
 * and sized by a placeholder (src/lib/first-screen-loader.ts), and on a busy machine the load event
 * can come first (a video poster below the first screen once measured 0.64 wide for 1 high). A
 * guard against a hang, not a speed claim: fetching, reading and applying the whole stylesheet
 * took over 5 s after the load event under a load of 30 on two cores.
 */
export async function wholeStylesheetApplied(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveClass(/first-screen-only/, { timeout: 30_000 });
}

/**
 * Scrolls a part of the page into view and waits until its islands have hydrated
 * (Astro removes the `ssr` attribute of an `astro-island` once it has).
 */
export async function hydrated(page: Page, selector: string): Promise<void> {
  const region = page.locator(selector).first();
  await region.scrollIntoViewIfNeeded();
  await expect(region.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * The owner's list as the page shows it: one item per entry, in order, each holding the texts
 * `texts` picks from its entry (what the owner wrote, figures already filled in).
 */
export async function expectItemsAsWritten<T>(
  items: Locator,
  entries: readonly T[],
  texts: (entry: T) => readonly string[],
): Promise<void> {
  await expect(items).toHaveCount(entries.length);
  for (const [index, entry] of entries.entries()) {
    for (const text of texts(entry)) await expect(items.nth(index)).toContainText(text);
  }
}

/** The page's testimonials as the owner wrote them, each with its rating read out as text. */
export function expectTestimonialsAsWritten(
  page: Page,
  items: readonly { quote: string; author: string; position: string; stars: number }[],
): Promise<void> {
  return expectItemsAsWritten(page.locator('#testimonials li'), items, (item) => [
    item.quote,
    item.author,
    item.position,
    `${item.stars} out of 5 stars`,
  ]);
}

/**
 * The footer's list of the site's pages (its label and links as the owner wrote them, in
 * footer.yaml): it links both pages and marks the one at `path` as the current one.
 */
export async function expectFooterPages(
  page: Page,
  path: '/' | '/community',
  pagesList: { label: string; links: readonly { label: string; href: string }[] },
): Promise<void> {
  const list = page.locator('body > footer').getByRole('list', { name: pagesList.label });
  const linkTo = (href: string) =>
    list.getByRole('link', { name: pagesList.links.find((link) => link.href === href)!.label, exact: true });
  const kit = linkTo('/');
  const community = linkTo('/community');
  await expect(kit).toHaveAttribute('href', '/');
  await expect(community).toHaveAttribute('href', '/community');
  await expect(path === '/' ? kit : community).toHaveAttribute('aria-current', 'page');
  await expect(path === '/' ? community : kit).not.toHaveAttribute('aria-current');
}
