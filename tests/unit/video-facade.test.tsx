import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VideoFacade } from '../../src/components/ui/VideoFacade.tsx';
import { embedUrl, watchUrl } from '../../src/config/videos.ts';
import { installVideoFacades } from '../../src/lib/video-facade.ts';

const youtube = { provider: 'youtube', id: 'abc123', title: 'The tour' } as const;
const vimeo = { provider: 'vimeo', id: '42', title: 'The platform' } as const;

describe('video URLs', () => {
  it('uses YouTube privacy-enhanced mode and Vimeo do-not-track', () => {
    expect(embedUrl(youtube)).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/abc123\?/);
    expect(embedUrl(vimeo)).toMatch(/^https:\/\/player\.vimeo\.com\/video\/42\?.*dnt=1/);
    expect(watchUrl(vimeo)).toBe('https://vimeo.com/42');
  });

  it('escapes an id so it cannot change the URL', () => {
    expect(embedUrl({ provider: 'youtube', id: '../x?y', title: 't' })).toContain('..%2Fx%3Fy');
  });
});

describe('VideoFacade', () => {
  it("draws its default poster's title in the site's text face, not the system's", () => {
    const { container } = render(<VideoFacade video={youtube} />);
    const title = [...container.querySelectorAll('svg text')].find(
      (text) => text.textContent === youtube.title,
    );
    expect(title?.getAttribute('class')).toContain('font-sans');
    expect(title?.getAttribute('font-family')).toBeNull();
  });

  it("shows the owner's own poster instead of the drawing, with no request to the host", () => {
    const poster = {
      sources: [{ type: 'image/webp', srcset: '/_astro/tour.webp 800w' }],
      src: '/_astro/tour.png',
      width: 800,
      height: 450,
      alt: '',
      sizes: '100vw',
    };
    const { container } = render(<VideoFacade video={{ ...youtube, poster }} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(poster.src);
    expect(container.querySelector('svg text')).toBeNull();
    // Every picture is our own: nothing is fetched from the video's host before play.
    const fetched = [...container.querySelectorAll('img, source, iframe')].map(
      (element) => element.getAttribute('src') ?? element.getAttribute('srcset') ?? '',
    );
    expect(fetched.every((address) => address.startsWith('/'))).toBe(true);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play video: The tour' })).toBeInTheDocument();
  });

  it('starts as a poster and a button named "Play video: <title>", with no frame', () => {
    const { container } = render(<VideoFacade video={youtube} />);
    expect(screen.getByRole('button', { name: 'Play video: The tour' })).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.innerHTML).not.toContain('youtube-nocookie.com/embed/abc123"');
  });

  it('loads a titled player frame only when the button is pressed, with a spinner until it loads', () => {
    const { container } = render(<VideoFacade video={youtube} />);
    const stop = installVideoFacades(document);
    screen.getByRole('button', { name: 'Play video: The tour' }).click();
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(embedUrl(youtube));
    expect(frame.title).toBe('The tour');
    // Fullscreen through `allow` only: a legacy `allowfullscreen` beside it makes Chromium warn.
    expect(frame.getAttribute('allow')).toContain('fullscreen');
    expect(frame.hasAttribute('allowfullscreen')).toBe(false);
    expect(screen.queryByRole('button', { name: /Play video/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading video: The tour');
    frame.dispatchEvent(new Event('load'));
    expect(screen.queryByRole('status')).toBeNull();
    stop();
  });
});
