/**
 * A value in a data file that a field cannot take (a price written as words by a hand edit on
 * GitHub, a merge, an older editor): the form still opens, with every other field as it is. The
 * field holds the file's value as "unreadable": it shows what the file holds and what to type
 * instead, a Save is refused until the owner has typed a good value (named in the list of what
 * stopped it), and until then the file's value is written back as it was (the live preview reads
 * it, and marks it in the build's words). Keystatic itself would refuse the whole file and show a
 * form with no fields.
 */
import type { ComponentSchema, FormFieldInputProps } from '@keystatic/core';
import type { ReactElement } from 'react';
import { Text } from '@keystar/ui/typography';
import { fieldProblem, withCheck } from './fields.tsx';
import { recordProblem, type Where } from './save-problems.tsx';

const MARK = 'editor-unreadable';

/** A value the field cannot show: what the file holds (or what was typed), as it is. */
export interface Unreadable {
  kind: typeof MARK;
  /** The value itself, written back as it is until the owner replaces it. */
  raw: unknown;
  /** The value in words: `four ninety-seven`, `{"a":1}`. */
  text: string;
  /** Read from the file (not typed by the owner in this form). */
  fromFile: boolean;
}

export function unreadable(raw: unknown, fromFile: boolean): Unreadable {
  const text = typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? String(raw));
  return { kind: MARK, raw, text, fromFile };
}

export const isUnreadable = (value: unknown): value is Unreadable =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === MARK;

/** What the owner is told of an unreadable value: `Price: the file holds "four ninety-seven", which is not a number: type a number`. */
export function unreadableMessage(label: string, value: Unreadable, want: string): string {
  return `${label}: the file holds "${value.text}", which this field cannot take: ${want}`;
}

/** The line under a field that holds an unreadable value from the file. */
export function UnreadableNote({ message }: { message: string }) {
  return (
    <Text
      color="critical"
      size="small"
      UNSAFE_style={{ display: 'block', marginBlock: 6 }}
      data-unreadable-note=""
    >
      {message}
    </Text>
  );
}

interface Options {
  label: string;
  where: Where;
  /** What to do instead, in the editor's words: "type a number", "choose one of: a, b". */
  want: string;
}

/** A leaf form field of any kind, as this file handles it. */
interface Leaf {
  kind: 'form';
  formKind?: string;
  Input(props: FormFieldInputProps<never>): ReactElement | null;
  defaultValue(): unknown;
  parse(value: unknown, extra?: unknown): unknown;
  validate(value: unknown, extra?: unknown): unknown;
  serialize(value: unknown, extra?: unknown): unknown;
}

/**
 * `field`, opening whatever the file holds: a value its own reading refuses is kept as
 * unreadable (shown with the field empty beside it), refused by Save, and written back as it was.
 */
export function readingAnyValue<F extends ComponentSchema>(field: F, { label, where, want }: Options): F {
  if (field.kind !== 'form') return field;
  const leaf = field as unknown as Leaf;
  const message = (value: Unreadable) => unreadableMessage(label, value, want);
  const Base = leaf.Input as unknown as (props: FormFieldInputProps<unknown>) => ReactElement | null;
  function Input(props: FormFieldInputProps<unknown>) {
    const { value } = props;
    if (!isUnreadable(value)) return <Base {...props} />;
    return (
      <div data-unreadable="">
        <Base {...props} value={leaf.defaultValue()} forceValidation={false} />
        <UnreadableNote message={message(value)} />
      </div>
    );
  }
  const made: Leaf = {
    ...leaf,
    Input,
    parse(value, extra) {
      try {
        return leaf.parse(value, extra);
      } catch {
        return unreadable(value, true);
      }
    },
    validate(value, extra) {
      if (!isUnreadable(value)) return leaf.validate(value, extra);
      recordProblem(where, message(value));
      throw new Error(message(value));
    },
    serialize(value, extra) {
      if (!isUnreadable(value)) return leaf.serialize(value, extra);
      return leaf.formKind === 'asset' ? { value: value.raw, asset: undefined } : { value: value.raw };
    },
  };
  return withCheck(made as unknown as F, (value: unknown) =>
    isUnreadable(value) ? message(value) : fieldProblem(field, value),
  );
}
