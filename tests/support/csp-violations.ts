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

/**
 * Every policy violation `page` or a frame in it reports on the console (the live preview's frame
 * too, which an init script of the page's does not reach first), collected from now on.
 */
export function consoleViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** The live preview's frame in the editor's page (editor/preview/panel.tsx). */
export const previewFrame = (page: Page) => page.frameLocator('iframe[data-live-preview-frame]');
