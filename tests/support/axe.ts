/**
 * axe-core's scan of a page in the state it is in, for the browser tests.
 *
 * axe is put into a document once and kept for the next scan of that document: a test that scans
 * one state after another (each FAQ answer open) pays for axe's 570 KB script once, where
 * @axe-core/playwright puts it in again for every scan and finishes each in a blank page of its
 * own. A page without frames (the visitors' pages) is scanned with `axe.run`; a page with frames
 * with axe's run across frames (`runPartial` in each, `finishRun` over them), as the package
 * does it, without the package's one-second clock on each frame.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type axe from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Puts axe into a document that does not have it yet, with no clock on it. */
async function withAxe(frame: Frame): Promise<void> {
  // Asked of axe's own function: an element with the id `axe` would answer `'axe' in window` too.
  const has = await frame.evaluate(() => typeof (window as Partial<InPage>).axe?.run === 'function');
  if (!has) await frame.evaluate(AXE_SOURCE);
}

type InPage = typeof window & { axe: typeof axe };
/** What axe scans, as @axe-core/playwright hands it over: no `include` is the whole document. */
type Context = { include: string[]; exclude: string[] };

/**
 * axe's partial results of `frame` and of the frames in it, in the order `axe.finishRun` takes
 * them (a frame, then each frame in it, depth first): null for a frame that went away meanwhile.
 */
async function partialResults(
  frame: Frame,
  context: unknown,
  options: axe.RunOptions,
): Promise<(axe.PartialResult | null)[]> {
  await withAxe(frame);
  const scan = { context: context as Context, options };
  const inner = await frame.evaluate(
    ({ context }) => (window as InPage).axe.utils.getFrameContexts(context),
    scan,
  );
  const results: (axe.PartialResult | null)[] = [
    await frame.evaluate(({ context, options }) => (window as InPage).axe.runPartial(context, options), scan),
  ];
  for (const { frameSelector, frameContext } of inner) {
    const element = await frame.evaluateHandle(
      (selector) => (window as InPage).axe.utils.shadowSelect(selector as axe.CrossTreeSelector),
      frameSelector as unknown,
    );
    const child = await element.asElement()?.contentFrame();
    results.push(...(child ? await partialResults(child, frameContext, options) : [null]));
  }
  return results;
}

export interface AxeScan {
  /** axe's tags to run (`runOnly`), as `AxeBuilder.withTags` takes them. */
  tags: readonly string[];
  /** A CSS selector: the part of the page to scan; the whole page when left out. */
  include?: string;
}

/** axe's violations in the page's present state. */
export async function axeViolations(
  page: Page,
  { tags, include }: AxeScan,
): Promise<axe.AxeResults['violations']> {
  const context: Context = { include: include ? [include] : [], exclude: [] };
  const options: axe.RunOptions = {
    runOnly: { type: 'tag', values: [...tags] },
    resultTypes: ['violations'],
  };
  if (page.frames().length === 1) {
    await withAxe(page.mainFrame());
    return page.evaluate(
      async ({ context, options }) => (await (window as InPage).axe.run(context, options)).violations,
      { context, options },
    );
  }
  // axe's run across frames, as @axe-core/playwright does it but with no clock: the package gives
  // each frame one second to take axe's script, then scans it as if it were empty (on a busy
  // machine a frame's nameless button went unreported). The results are put together in the page.
  const partials = await partialResults(page.mainFrame(), context, options);
  return page.evaluate(
    async ({ partials, options }) => (await (window as InPage).axe.finishRun(partials, options)).violations,
    { partials, options },
  );
}
