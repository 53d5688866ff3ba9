/**
 * The editor's side of click to edit (./click-to-edit.ts): a field of the form, found by its place
 * in the data file (`['hero', 'headline']`) through the labels the form shows for it ("Hero",
 * "Headline"), focused and scrolled into view. A field inside a list's item is reached at its list.
 */
import type { EditorField } from '../../src/content/fields.ts';
import { contentFiles, isContentName } from '../../src/content/schemas.ts';

/** The labels the form shows down to the field at `path` of data file `file` (down to its list, inside one). */
function fieldLabels(file: string, path: readonly (string | number)[]): string[] {
  if (!isContentName(file)) return [];
  const labels: string[] = [];
  let field: EditorField | undefined = contentFiles[file].editor;
  for (const key of path) {
    if (field?.kind !== 'object' || typeof key !== 'string') break;
    field = field.fields[key];
    if (!field) break;
    labels.push(field.label);
  }
  return labels;
}

/** The words of the element(s) that label `element`. */
function nameOf(element: Element): string | undefined {
  const labelled = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
  const label = labelled ? element.labels?.[0]?.textContent?.trim() : undefined;
  if (label) return label;
  const by = element.getAttribute('aria-labelledby');
  if (by)
    return by
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  return element.getAttribute('aria-label')?.trim();
}

/** Inside `within`, the outermost element named `label` (a group of the form, or a field). */
function named(within: ParentNode, label: string): HTMLElement | undefined {
  for (const element of within.querySelectorAll<HTMLElement>('[aria-labelledby], [aria-label]'))
    if (nameOf(element) === label && !element.closest('[data-live-preview]')) return element;
  return undefined;
}

/** Focuses the field at `path` of `file` in the form and scrolls it into view; whether it was found. */
export function goToField(file: string, path: readonly (string | number)[]): boolean {
  const labels = fieldLabels(file, path);
  let within: ParentNode = document;
  let found: HTMLElement | undefined;
  for (const label of labels) {
    const next = named(within, label);
    if (!next) break;
    found = next;
    within = next;
  }
  if (!found) return false;
  const field = found.matches('input, textarea, button, [tabindex]')
    ? found
    : found.querySelector<HTMLElement>('input, textarea, button, [tabindex]:not([tabindex="-1"])');
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
  return Boolean(field);
}
