import { cn } from '../../lib/cn.ts';
import type { PictureData } from '../../lib/picture-data.ts';

export interface PictureProps {
  image: PictureData;
  className?: string;
  /** The largest image above the fold: load it first. Everything else loads lazily. */
  priority?: boolean;
}

/**
 * A responsive raster image (data from `pictureData()` at build). Explicit width and
 * height reserve its space; if it fails to load, the shared fallback swaps in
 * /placeholder.svg.
 */
export function Picture({ image, className, priority = false }: PictureProps) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={image.sizes} />
      ))}
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        className={cn('h-auto w-full', className)}
      />
    </picture>
  );
}
