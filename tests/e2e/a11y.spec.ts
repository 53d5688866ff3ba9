/**
 * Every page at each width, with every section revealed, through two accessibility engines:
 * axe (WCAG 2.2 A and AA, and its best practices) and HTML_CodeSniffer (WCAG2AA). Zero findings
 * but those tests/checkers/ignores.json keeps with a reason. The owner's campaign pages too.
 */
import { expect, expectNoAxeViolations, expectNoHtmlcsIssues, test } from './fixtures.ts';
import { campaignNames } from '../../src/content/campaign-files.ts';
import { PROJECT_ROOT } from '../../scripts/lib/project-copy.ts';
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
