/**
 * Pressing the editor's Save as a person does. A number field (React Aria's NumberField, under
 * Keystatic's forms) takes its typed value when it loses focus: a person's click moves the focus
 * on the button's mousedown, well before the click, while Playwright's click follows the typing
 * within milliseconds, and on a busy machine the form was submitted before the field had taken its
 * value (nothing saved, no message). So the field is left first, then Save is pressed.
 */
import type { Page } from '@playwright/test';

export async function pressSave(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('button', { name: 'Save' }).click();
}
