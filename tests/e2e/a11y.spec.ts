/**
 * Every page at each width, with every section revealed, through two accessibility engines:
 * axe (WCAG 2.2 A and AA, and its best practices) and HTML_CodeSniffer (WCAG2AA). Zero findings
 * but those tests/checkers/ignores.json keeps with a reason.
 */
import { expect, expectNoAxeViolations, expectNoHtmlcsIssues, test } from './fixtures.ts';

for (const path of ['/', '/community', '/no-such-page']) {
  test(`${path} has no axe violations and no HTML_CodeSniffer issues`, async ({ page }) => {
    test.slow(); // Two engines each read the whole page: seconds apiece, many more on a busy machine.
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await expectNoHtmlcsIssues(page);
  });
}
