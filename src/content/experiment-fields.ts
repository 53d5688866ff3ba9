/**
 * Which words of a page a split test may change: copy, never a price or a figure. A field is
 * testable when it is a text field of one of the page's sections (or its hero) and is a headline,
 * a lede, a title, an introduction, an eyebrow or a button's label; `hero.headline` names the
 * hero's headline, as in the page's file.
 */
import type { EditorField } from './fields.ts';

const COPY_KEYS = new Set([
  'eyebrow',
  'headline',
  'lede',
  'title',
  'intro',
  'description',
  'cta',
  'primaryCta',
  'secondaryCta',
]);

export interface TestableField {
  /** `section.field`, as a variant names it. */
  key: string;
  /** As the editor labels it: "Hero → Headline". */
  label: string;
}

/** The testable fields of a page, from its file's declaration. */
export function testableFields(page: EditorField): TestableField[] {
  if (page.kind !== 'object') return [];
  const found: TestableField[] = [];
  for (const [sectionKey, section] of Object.entries(page.fields)) {
    if (section.kind !== 'object') continue;
    for (const [fieldKey, field] of Object.entries(section.fields)) {
      if (field.kind === 'text' && !field.optional && COPY_KEYS.has(fieldKey))
        found.push({ key: `${sectionKey}.${fieldKey}`, label: `${section.label} → ${field.label}` });
    }
  }
  return found;
}

/** A copy of a page's words with a variant's words written in: `{ 'hero.headline': '…' }`. */
export function withVariantWords<T>(page: T, words: Readonly<Record<string, string | undefined>>): T {
  const copy = structuredClone(page) as Record<string, Record<string, unknown>>;
  for (const [key, text] of Object.entries(words)) {
    if (text === undefined) continue;
    const [sectionKey, fieldKey] = key.split('.') as [string, string];
    const section = copy[sectionKey];
    if (!section || typeof section[fieldKey] !== 'string')
      throw new Error(`A variant names ${key}, which is no text field of the page.`);
    section[fieldKey] = text;
  }
  return copy as T;
}
