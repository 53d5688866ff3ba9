/**
 * Uploads checked like words (editor/app/picture-check.ts, editor/app/fields.tsx): a picture over
 * 5 MB or over 4000 px on a side is scaled down before it is saved, a drawing too heavy or a
 * picture the browser cannot read is refused, each with a sentence saying which; and replacing a
 * picture empties its description and asks for it again. The scaling itself (a canvas) is drawn in
 * a real browser by tests/editor/uploads.spec.ts, with a camera-sized photo.
 */
import { KeystarProvider } from '@keystar/ui/core';
import type { BasicFormField } from '@keystatic/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import keystaticConfig from '../../editor/app/config.ts';
import {
  MAX_BYTES,
  MAX_SIDE,
  pictureVerdict,
  refusedInWords,
  shrunkInWords,
} from '../../editor/app/picture-check.ts';

// The fields' inputs as the browser draws them (Node's build of Keystatic has none).
vi.mock('@keystatic/core', () => import('../../node_modules/@keystatic/core/dist/keystatic-core.js'));

const MB = 1024 * 1024;
const common = { autoFocus: false, forceValidation: false } as const;

describe('a picture as it is chosen', () => {
  it('is kept as it is within 5 MB and 4000 px', () => {
    expect(pictureVerdict(3 * MB, { width: 3000, height: 2000 }, false)).toEqual({ kind: 'keep' });
    expect(pictureVerdict(MAX_BYTES, { width: MAX_SIDE, height: MAX_SIDE }, false)).toEqual({ kind: 'keep' });
  });

  it('is scaled down when wider or taller than 4000 px, its longer side to 4000', () => {
    expect(pictureVerdict(9 * MB, { width: 6000, height: 4000 }, false)).toEqual({
      kind: 'shrink',
      width: 4000,
      height: 2667,
    });
    expect(pictureVerdict(2 * MB, { width: 3000, height: 4500 }, false)).toEqual({
      kind: 'shrink',
      width: 2667,
      height: 4000,
    });
  });

  it('is saved smaller at its own size when only its weight is over 5 MB', () => {
    expect(pictureVerdict(6 * MB, { width: 3000, height: 2000 }, false)).toEqual({
      kind: 'shrink',
      width: 3000,
      height: 2000,
    });
  });

  it('is refused when it is a drawing over 5 MB, or a picture the browser cannot read', () => {
    expect(pictureVerdict(MB, undefined, true)).toEqual({ kind: 'keep' });
    const heavy = pictureVerdict(6 * MB, undefined, true);
    expect(heavy).toMatchObject({
      kind: 'refuse',
      why: expect.stringMatching(/SVG\) is 6\.0 MB, over the 5\.0 MB/),
    });
    const unread = pictureVerdict(MB, undefined, false);
    expect(unread).toMatchObject({
      kind: 'refuse',
      why: expect.stringMatching(/cannot read .* JPEG or PNG/),
    });
  });

  it('says what was done, or why it was refused, in a sentence', () => {
    expect(
      shrunkInWords(
        { bytes: 9 * MB, width: 6000, height: 4000 },
        { bytes: 1.5 * MB, width: 4000, height: 2667, extension: 'jpg' },
      ),
    ).toBe(
      'This picture was 6000 × 4000 px and 9.0 MB: the editor scaled down to 4000 × 2667 px, 1.5 MB as JPG, before saving it (the pages show it at most 1600 px wide).',
    );
    expect(refusedInWords('it is too big')).toBe('Not taken: it is too big. The picture before it is kept.');
  });
});

describe('a picture’s description', () => {
  type Images = { fields: { images: { element: { fields: { alt: BasicFormField<string> } } } } };
  const schema = keystaticConfig.singletons!['community']!.schema as Record<string, unknown>;
  const office = schema['virtualOffice'] as Images;
  const Alt = office.fields.images.element.fields.alt.Input;

  it('is emptied and asked for again when the picture beside it is replaced', () => {
    const onChange = vi.fn();
    render(
      <KeystarProvider>
        <form>
          <div data-testid="picture" />
          <Alt value="The office floor plan" onChange={onChange} {...common} />
        </form>
      </KeystarProvider>,
    );
    act(() => {
      screen
        .getByTestId('picture')
        .dispatchEvent(new CustomEvent('editor-picture-replaced', { bubbles: true }));
    });
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('is left as it is when a picture elsewhere is replaced', () => {
    const onChange = vi.fn();
    render(
      <KeystarProvider>
        <form>
          <Alt value="The office floor plan" onChange={onChange} {...common} />
        </form>
        <form>
          <div data-testid="picture" />
        </form>
      </KeystarProvider>,
    );
    act(() => {
      screen
        .getByTestId('picture')
        .dispatchEvent(new CustomEvent('editor-picture-replaced', { bubbles: true }));
    });
    expect(onChange).not.toHaveBeenCalled();
  });
});
