/**
 * A list's items, each known by its position and title: a refused Save names the item ("item 2,
 * Tom Brennan"), and a row whose item holds a refused value says so in its title, so closing the
 * item's dialog (Escape) never hides the mistake.
 *
 * Keystatic checks a form field by field, in order, each with its own value only. So an item of
 * objects leads with a field that holds and writes nothing, whose check says "a new item starts
 * here"; the field that titles the row notes its words as it is checked.
 */
import type { BasicFormField, ComponentSchema } from '@keystatic/core';
import { fieldProblem } from './fields.tsx';
import { startItem, titleItem } from './save-problems.tsx';

type Leaf = BasicFormField<NonNullable<unknown> | null> & {
  validate: (value: unknown, ...rest: unknown[]) => unknown;
};

/** The field that starts each item of `list` in a round of checks (first in the item's fields). */
export function itemStart(list: string): BasicFormField<null> {
  return {
    kind: 'form',
    label: 'Item',
    Input: () => null,
    defaultValue: () => null,
    parse: () => null,
    serialize: () => ({ value: undefined }),
    validate(value) {
      startItem(list);
      return value;
    },
    reader: { parse: () => null },
  };
}

/**
 * `field`, noting its value as the title of the item being checked (`title`: the words the row
 * shows); with `starts`, it also starts the item (a list of plain values, one field an item).
 */
export function titling(
  field: ComponentSchema,
  list: string,
  title: (value: unknown) => string,
  starts = false,
): ComponentSchema {
  if (field.kind !== 'form') return field;
  const form = field as unknown as Leaf;
  const wrapped = {
    ...form,
    validate(value: unknown, ...rest: unknown[]) {
      if (starts) startItem(list);
      titleItem(list, title(value));
      return form.validate(value, ...rest);
    },
  };
  return wrapped as unknown as ComponentSchema;
}

interface RowProps {
  value?: unknown;
  fields?: Record<string, { value?: unknown }>;
}

/** The first refused value among an item's own fields (its row's mark), or undefined. */
export function itemProblem(item: ComponentSchema, props: RowProps): string | undefined {
  if (item.kind === 'form') return fieldProblem(item, props.value);
  if (item.kind !== 'object') return undefined;
  for (const [key, field] of Object.entries(item.fields)) {
    const problem = fieldProblem(field, props.fields?.[key]?.value);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
