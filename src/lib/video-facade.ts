/**
 * Turns a video facade (components/ui/VideoFacade.tsx) into the player when its button is
 * pressed: the frame is created only then, so no request reaches the video host before.
 */
export function playVideo(container: HTMLElement): HTMLIFrameElement | null {
  const src = container.dataset['videoSrc'];
  const title = container.dataset['videoTitle'];
  if (!src || !title || container.querySelector('iframe')) return null;
  const spinner = container.querySelector<HTMLElement>('[data-video-spinner]');
  spinner?.classList.replace('hidden', 'grid');
  const frame = container.ownerDocument.createElement('iframe');
  frame.src = src;
  frame.title = title;
  // `allow` alone: Chromium warns that it overrides a legacy `allowfullscreen` set beside it.
  frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.className = 'absolute inset-0 size-full border-0';
  frame.addEventListener('load', () => spinner?.remove(), { once: true });
  container.querySelector('[data-video-play]')?.remove();
  container.append(frame);
  frame.focus();
  return frame;
}

export function installVideoFacades(doc: Document): () => void {
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-video-play]') : null;
    const container = target?.closest<HTMLElement>('[data-video]');
    if (container) playVideo(container);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
