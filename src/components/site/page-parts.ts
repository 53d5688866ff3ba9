/** What both pages' compositions share (src/components/kit/kit-page.ts, community/community-page.ts). */
import type { ReactNode } from 'react';

/** Marks a page draws at the top of some of its sections, by the section's key (the live preview's refusals). */
export type SectionNotes<K extends string> = Partial<Record<K, ReactNode>>;

/**
 * `props(section)`, unless the owner hid the section (`hidden: true`, the editor's "Hide this
 * section"): then the page leaves it out, with its links, its events and any widget in it.
 */
export function unlessHidden<S extends { hidden: boolean }, P>(
  section: S,
  props: (section: S) => P,
): P | undefined {
  return section.hidden ? undefined : props(section);
}
