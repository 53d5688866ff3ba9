/**
 * Shared end-to-end helpers: an axe scan with the WCAG 2.2 A/AA tags, and a
 * console/page-error collector that fails a test when our code logs an error.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Runs axe on the page (or a part of it) and expects zero violations, listing them when not. */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** The auth URL the build uses (PUBLIC_APP_URL defaults to https://app.example.com). */
export const AUTH_URL_RE = /^https:\/\/app\.example\.com\/auth\?flow=express&from=build_equity&intent=purchase(&|$)/;

/** Fails the test on any page error or console error (our code must log none). */
export const test = base.extend<{ errors: string[] }>({
  errors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      await use(errors);
      expect(errors, 'errors logged in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
