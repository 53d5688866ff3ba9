/**
 * Content-security-policy violations a page raises, recorded from its first script on: a
 * browser test calls `recordViolations` before `goto` and reads `violations` when it has done.
 */
import type { Page } from '@playwright/test';

export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** Every violation recorded so far, as `directive: what was blocked (where)`. */
export const violations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
