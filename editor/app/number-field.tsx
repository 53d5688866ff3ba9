/**
 * A number's field that hands every keystroke to the form, as a text field does (Keystatic's own
 * takes a number only when the field is left, so the live preview kept the old price until Tab).
 * What is typed is the form's value at once: a number, nothing (empty), or text that is no number
 * yet, which Save refuses with the field's words. A value in the file that is no number opens as
 * such text, with a line saying what the file holds and what to type (./file-values.tsx).
 */
import type { BasicFormField, FormFieldInputProps } from '@keystatic/core';
import { TextField } from '@keystar/ui/text-field';
import { useEffect, useRef, useState } from 'react';
import { useBrowserValidity, withCheck } from './fields.tsx';
import {
  isUnreadable,
  unreadable,
  unreadableMessage,
  UnreadableNote,
  type Unreadable,
} from './file-values.tsx';
import type { EditorField } from '../../src/content/fields.ts';
import { recordProblem, type Where } from './save-problems.tsx';

type NumberValue = number | null | Unreadable;

/** The schema's declaration of a number field (`src/content/fields.ts`), where it sits, and more. */
interface NumberOptions extends Omit<Extract<EditorField, { kind: 'number' }>, 'kind' | 'format'> {
  where: Where;
  /** A further refusal of a good number (a figure the copy types as plain text), after the label. */
  problem?: (value: number) => string | undefined;
}

/** A number as typed (`1,250`, ` 497 `, `-5`, `.5`), or undefined when the text is none. */
export function typedNumber(text: string): number | undefined {
  const bare = text.trim().replace(/,/g, '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(bare) ? Number(bare) : undefined;
}

const shown = (value: NumberValue): string =>
  value === null ? '' : isUnreadable(value) ? value.text : String(value);

/** What is wrong with `value`, in Keystatic's own words for a number ("Price must be at least 0"). */
function numberProblem(options: NumberOptions, value: NumberValue): string | undefined {
  const { label, integer, optional, min, max, problem } = options;
  if (isUnreadable(value))
    return value.fromFile
      ? unreadableMessage(label, value, integer ? 'type a whole number' : 'type a number')
      : `${label} must be ${integer ? 'a whole number' : 'a number'}`;
  if (value === null) return optional ? undefined : `${label} is required`;
  if (integer && !Number.isInteger(value)) return `${label} must be a whole number`;
  if (min !== undefined && value < min) return `${label} must be at least ${min}`;
  if (max !== undefined && value > max) return `${label} must be at most ${max}`;
  const further = problem?.(value);
  return further === undefined ? undefined : `${label}: ${further}`;
}

export function numberField(options: NumberOptions): BasicFormField<NumberValue> {
  const { label, description, where } = options;
  const message = (value: NumberValue) => numberProblem(options, value);

  function Input({ value, onChange, autoFocus, forceValidation }: FormFieldInputProps<NumberValue>) {
    const [text, setText] = useState(() => shown(value));
    const [touched, setTouched] = useState(false);
    const wrapper = useRef<HTMLDivElement>(null);
    // A value set from outside (Reset, a paste of the form): the field shows it.
    useEffect(() => {
      const typed = typedNumber(text);
      const same = isUnreadable(value) ? value.text === text : (typed ?? null) === value;
      if (!same && !(value === null && text.trim() === '')) setText(shown(value));
    }, [value, text]);
    const error = message(value);
    useBrowserValidity(wrapper, error, () => setTouched(true));
    const fromFile = isUnreadable(value) && value.fromFile;
    return (
      <div ref={wrapper}>
        <TextField
          label={label}
          {...(description && { description })}
          // Keystatic focuses the first field of a list item's dialog as it opens, as its own fields do.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          inputMode={options.integer ? 'numeric' : 'decimal'}
          value={text}
          onChange={(next: string) => {
            setText(next);
            setTouched(true);
            const typed = typedNumber(next);
            onChange(next.trim() === '' ? null : typed !== undefined ? typed : unreadable(next, false));
          }}
          onBlur={() => setTouched(true)}
          errorMessage={(touched || forceValidation) && !fromFile ? error : undefined}
        />
        {fromFile && error !== undefined && <UnreadableNote message={error} />}
      </div>
    );
  }

  const field: BasicFormField<NumberValue> = {
    kind: 'form',
    label,
    Input,
    defaultValue: () => null,
    parse: (value) =>
      value === undefined || value === null
        ? null
        : typeof value === 'number'
          ? value
          : unreadable(value, true),
    serialize: (value) => ({
      value: value === null ? undefined : isUnreadable(value) ? (value.raw as never) : value,
    }),
    validate(value) {
      const error = message(value);
      if (error === undefined) return value;
      recordProblem(where, error);
      throw new Error(error);
    },
    reader: { parse: (value) => (typeof value === 'number' ? value : null) },
  };
  return withCheck(field, message);
}
