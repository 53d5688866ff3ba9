/**
 * axe-core's scan of a page in the state it is in, for the browser tests.
 *
 * A page without frames (the visitors' pages, the editor before its live preview draws) is
 * scanned in the page itself with `axe.run`, axe put into the document once and kept for the
 * next scan of that document: a test that scans one state after another (each FAQ answer open)
 * pays for axe's 570 KB script once. A page with frames is scanned by @axe-core/playwright's
 * default run, which runs axe in each frame and puts the results together in a blank page of its
 * own: the way across frames, and the one whose findings differ (axe's `region` rule, in the
 * editor beside its live preview) when a frame is scanned from its parent instead.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type axe from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags([...tags]);
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  }
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const options: axe.RunOptions = {
    runOnly: { type: 'tag', values: [...tags] },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    async ({ include, options }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      return (await inPage.run(include ? { include: [include] } : document, options)).violations;
    },
    { include, options },
  );
}
