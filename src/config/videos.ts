/**
 * The two video hosts the kit page embeds from: YouTube in its privacy-enhanced mode
 * (youtube-nocookie.com) and Vimeo (with do-not-track). Which videos play is the owner's choice,
 * in src/content/videos.yaml; nothing is requested from either host until a visitor presses play.
 */
export type VideoProvider = 'youtube' | 'vimeo';

export interface Video {
  provider: VideoProvider;
  id: string;
  title: string;
}

/** The player frame's URL, loaded only after the visitor presses play. */
export function embedUrl(video: Video): string {
  const id = encodeURIComponent(video.id);
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
}

/** Where the video can be watched without JavaScript. */
export function watchUrl(video: Video): string {
  const id = encodeURIComponent(video.id);
  return video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`;
}

/** The origins the player frames come from (for the content security policy's frame-src). */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;
