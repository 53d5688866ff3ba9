// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { installImageFallback, PLACEHOLDER_SRC, replaceBrokenImage } from '../../src/lib/image-fallback.ts';

describe('image fallback', () => {
  it('replaces a failed picture with the placeholder, dropping its sources', () => {
    document.body.innerHTML = `
      <picture>
        <source type="image/avif" srcset="/a.avif 400w">
        <img src="/broken.webp" srcset="/broken.webp 400w" alt="Office">
      </picture>`;
    const stop = installImageFallback(document);
    const img = document.querySelector('img')!;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_SRC);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(document.querySelectorAll('source')).toHaveLength(0);
    expect(img.alt).toBe('Office');
    stop();
  });

  it('hides an avatar marked to fall back to the initial behind it', () => {
    document.body.innerHTML = '<span>J<img data-fallback="hide" src="/broken.png" alt=""></span>';
    const img = document.querySelector('img')!;
    replaceBrokenImage(img);
    expect(img.hidden).toBe(true);
    expect(img.getAttribute('src')).toBe('/broken.png');
  });

  it('does not loop when the placeholder itself fails', () => {
    document.body.innerHTML = `<img src="${PLACEHOLDER_SRC}" alt="">`;
    const img = document.querySelector('img')!;
    replaceBrokenImage(img);
    expect(img.getAttribute('src')).toBe(PLACEHOLDER_SRC);
  });
});
