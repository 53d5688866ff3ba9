import { embedUrl, watchUrl, type Video } from '../../config/videos.ts';
import { eventAttributes } from '../../lib/event-attributes.ts';
import { cn } from '../../lib/cn.ts';
import type { PictureData } from '../../lib/picture-data.ts';
import { Picture } from './Picture.tsx';
import { Spinner } from './Spinner.tsx';

export interface VideoFacadeProps {
  /** With the owner's own poster, when one is uploaded (made by the image pipeline at build). */
  video: Video & { poster?: PictureData };
  /**
   * The amber of the poster's drawing (an original drawing, never a frame fetched from the video
   * host): the accent, or its lighter tint, so two videos on one page look apart.
   */
  posterAccent?: 'accent' | 'accent-strong';
  className?: string;
}

/**
 * A video that costs nothing until the visitor asks for it: a poster and a real button,
 * `Play video: <title>`. A click (src/lib/video-facade.ts, a few hundred bytes, no React
 * on the page) swaps in the player frame at 16:9, with the spinner until it arrives.
 * Without JavaScript, a link to watch on the provider's site stands in for the button.
 */
export function VideoFacade({ video, posterAccent = 'accent-strong', className }: VideoFacadeProps) {
  const label = `Play video: ${video.title}`;
  return (
    <div
      className={cn('relative aspect-video w-full overflow-hidden rounded-card bg-ink', className)}
      data-video=""
      data-video-src={embedUrl(video)}
      data-video-title={video.title}
    >
      {video.poster ? (
        <Picture image={video.poster} className="absolute inset-0 size-full object-cover" />
      ) : (
        <Poster title={video.title} accent={posterAccent} />
      )}
      <span className="absolute inset-0 hidden place-items-center text-accent" data-video-spinner="">
        <Spinner label={`Loading video: ${video.title}`} />
      </span>
      <button
        type="button"
        aria-label={label}
        className="group absolute inset-0 grid place-items-center"
        data-video-play=""
        {...eventAttributes('video_play', { video: video.title })}
      >
        <PlayGlyph />
      </button>
      <a
        href={watchUrl(video)}
        className="noscript-only absolute inset-0 place-items-center"
        aria-label={`${label} (opens the video's page)`}
      >
        <PlayGlyph />
      </a>
    </div>
  );
}

function PlayGlyph() {
  return (
    <span className="grid size-16 place-items-center rounded-full bg-accent text-ink shadow-lg transition-transform group-hover:scale-105 md:size-20">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-7 fill-current md:size-8">
        <path d="M7 4.5v15l13-7.5z" />
      </svg>
    </span>
  );
}

function Poster({ title, accent }: { title: string; accent: 'accent' | 'accent-strong' }) {
  const fill = accent === 'accent' ? 'fill-accent' : 'fill-accent-strong';
  const stroke = accent === 'accent' ? 'stroke-accent' : 'stroke-accent-strong';
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 1600 900"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 size-full"
    >
      <rect width="1600" height="900" className="fill-ink" />
      <rect x="0" y="600" width="1600" height="300" className="fill-ink-2" />
      <g opacity="0.9" className={fill}>
        <rect x="120" y="470" width="120" height="240" rx="14" opacity="0.35" />
        <rect x="270" y="380" width="120" height="330" rx="14" opacity="0.55" />
        <rect x="420" y="260" width="120" height="450" rx="14" opacity="0.8" />
        <rect x="570" y="150" width="120" height="560" rx="14" />
      </g>
      <circle cx="1280" cy="250" r="150" fill="none" className="stroke-line-dark" strokeWidth="30" />
      <path
        d="M1280 100a150 150 0 0 1 142 198"
        fill="none"
        className={stroke}
        strokeWidth="30"
        strokeLinecap="round"
      />
      {/* The site's text face (the page's own font, as every other word on it). */}
      <text x="120" y="820" className="fill-muted-dark font-sans" fontSize="44">
        {title}
      </text>
    </svg>
  );
}
