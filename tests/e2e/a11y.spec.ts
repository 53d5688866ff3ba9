/**
 * Every page at each width, with every section revealed, through two accessibility engines:
 * axe (WCAG 2.2 A and AA, and its best practices) and HTML_CodeSniffer (WCAG2AA). Zero findings
 * but those tests/checkers/ignores.json keeps with a reason. The owner's campaign pages too.
 */
import {
  expect,
  expectNoAxeViolations,
  expectNoHtmlcsIssues,
  ONE_WIDTH,
  PAGE_TAGS,
  test,
} from './fixtures.ts';
import { campaignNames } from '../../src/content/campaign-files.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { axeViolations } from '../support/axe.ts';
import { pageScanTitle } from '../support/content-reach.ts';

const campaignPages = campaignNames(PROJECT_ROOT).map((name) => `/${name}`);

for (const path of ['/', '/community', ...campaignPages, '/no-such-page']) {
  test(pageScanTitle(path), async ({ page }) => {
    test.slow(); // Two engines each read the whole page: seconds apiece, many more on a busy machine.
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await expectNoHtmlcsIssues(page);
  });
}

test(
  'the axe scan is not blind: a nameless button is reported in the page, and in a frame of it',
  { tag: ONE_WIDTH },
  async ({ page }) => {
    test.slow(); // Two scans of the whole page, axe put into the page and into a frame: as the page scans above.
    await page.goto('/');
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('button')));
    const inPage = await axeViolations(page, { tags: PAGE_TAGS });
    expect(inPage.find(({ id }) => id === 'button-name')?.nodes).toHaveLength(1);
    // A frame with a nameless button of its own: a page with frames is scanned frame by frame.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.title = 'A frame with a nameless button';
      frame.srcdoc =
        '<!doctype html><html lang="en"><title>Frame</title><main><button></button></main></html>';
      document.body.prepend(frame);
    });
    await expect.poll(() => page.frames().length).toBe(2);
    await expect(page.frames()[1]!.locator('button')).toHaveCount(1);
    const withFrame = await axeViolations(page, { tags: PAGE_TAGS });
    // A node's target is one selector in the page, and the frame's then the node's inside a frame.
    const targets = withFrame
      .find(({ id }) => id === 'button-name')
      ?.nodes.map(({ target }) => target.length);
    expect(targets?.sort()).toEqual([1, 2]);
  },
);
