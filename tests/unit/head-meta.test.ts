// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ensureHeadMeta } from '../../src/lib/head-meta.ts';

describe('ensureHeadMeta', () => {
  it('adds the viewport and a black theme-color when missing', () => {
    document.head.innerHTML = '';
    expect(ensureHeadMeta(document)).toBe(2);
    expect(document.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#000000');
  });

  it('leaves existing tags alone', () => {
    document.head.innerHTML =
      '<meta name="viewport" content="width=device-width"><meta name="theme-color" content="#000000">';
    expect(ensureHeadMeta(document)).toBe(0);
    expect(document.querySelectorAll('meta')).toHaveLength(2);
  });
});
