/**
 * A value in a data file that its field cannot take opens as the field's "unreadable" value
 * (editor/app/file-values.tsx, number-field.tsx): kept and written back as it is, refused by Save
 * with the file's value and what to type named; a number typed is the form's value at each keystroke.
 */
import { fields } from '@keystatic/core';
import type { BasicFormField } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { isUnreadable, readingAnyValue } from '../../editor/app/file-values.tsx';
import { numberField, typedNumber } from '../../editor/app/number-field.tsx';

const price = numberField({ label: 'Price', integer: false, optional: false, min: 0, where: 'Prices' });

describe('a number’s field', () => {
  it('takes a number as typed, with thousands commas, and no number from words', () => {
    expect([typedNumber('597'), typedNumber(' 1,250 '), typedNumber('-5'), typedNumber('.5')]).toEqual([
      597, 1250, -5, 0.5,
    ]);
    expect([typedNumber('59a'), typedNumber('four'), typedNumber('')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('opens words where the file holds a number, writes them back as they are, and refuses them at Save, saying what to type', () => {
    const opened = price.parse('four ninety-seven');
    expect(isUnreadable(opened)).toBe(true);
    expect(price.serialize(opened)).toEqual({ value: 'four ninety-seven' });
    expect(() => price.validate(opened)).toThrow(
      'Price: the file holds "four ninety-seven", which this field cannot take: type a number',
    );
    expect(price.validate(price.parse(497))).toBe(497);
    expect(() => price.validate(-1)).toThrow('Price must be at least 0');
    expect(() => price.validate(null)).toThrow('Price is required');
  });
});

describe('any other field', () => {
  const select = readingAnyValue(
    fields.select({
      label: 'Host',
      options: [{ label: 'youtube', value: 'youtube' }],
      defaultValue: 'youtube',
    }),
    { label: 'Host', where: 'Videos', want: 'choose one of youtube, and save' },
  ) as unknown as BasicFormField<NonNullable<unknown> | null>;

  it('opens a value it cannot take, writes it back as it is, and refuses it at Save', () => {
    const opened = select.parse('vimeo-ish');
    expect(isUnreadable(opened)).toBe(true);
    expect(select.serialize(opened)).toEqual({ value: 'vimeo-ish' });
    expect(() => select.validate(opened)).toThrow(
      'Host: the file holds "vimeo-ish", which this field cannot take: choose one of youtube, and save',
    );
    expect(select.parse('youtube')).toBe('youtube');
  });
});
