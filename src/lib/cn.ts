import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, dropping falsy ones. It does not merge Tailwind utilities: a `className`
 * passed to a component adds to its classes and cannot replace one of the same utility (of two
 * paddings, the one later in the stylesheet wins, not the one passed last). (Tailwind reads this
 * file's words too: class names quoted here would join the stylesheet.)
 * Components therefore take a variant or a prop for anything a caller may change, and callers pass
 * only classes the component does not set (margins, widths, grid placement). tailwind-merge, which
 * would resolve such conflicts, weighs 8.7 KB gzip (v3.7, minified) in every island that calls
 * `cn`: about a tenth of the community page's script budget, for no change a visitor sees.
 */
export function cn(...values: ClassValue[]): string {
  return clsx(values);
}
