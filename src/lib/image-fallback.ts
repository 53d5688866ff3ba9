/**
 * An image that fails to load is replaced by the placeholder. An image marked
 * `data-fallback="hide"` (a testimonial avatar) is hidden instead, uncovering
 * the author's initial behind it.
 */
export const PLACEHOLDER_SRC = '/placeholder.svg';

export function replaceBrokenImage(img: HTMLImageElement): void {
  if (img.dataset['fallback'] === 'hide') {
    img.hidden = true;
    return;
  }
  if (img.getAttribute('src') === PLACEHOLDER_SRC) return; // the placeholder itself failed: stop
  // In a <picture>, the <source> elements win over the img's src: drop them.
  const picture = img.parentElement;
  if (picture?.tagName === 'PICTURE') {
    for (const source of picture.querySelectorAll('source')) source.remove();
  }
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = PLACEHOLDER_SRC;
}

export function installImageFallback(doc: Document): () => void {
  const onError = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLImageElement) replaceBrokenImage(target);
  };
  // Errors do not bubble: listen in the capture phase.
  doc.addEventListener('error', onError, true);
  // Images that failed before this module ran.
  for (const img of doc.querySelectorAll('img')) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) replaceBrokenImage(img);
  }
  return () => doc.removeEventListener('error', onError, true);
}
