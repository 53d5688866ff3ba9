import { cn } from '../../lib/cn.ts';

/**
 * The Build Equity mark and word, in the surface's text colour, linking to the top of the page:
 * `#top` is the body (src/layouts/Base.astro), so focus starts over there and the next Tab
 * reaches the skip link.
 */
export function Logo({
  brand,
  href = '#top',
  className,
}: {
  brand: string;
  href?: string;
  className?: string;
}) {
  return (
    <a href={href} className={cn('inline-flex items-center gap-3 rounded-md', className)}>
      <img src="/logo.svg" alt="" width={36} height={36} className="size-9" />
      <span className="font-display text-xl font-semibold tracking-tight text-surface-fg">{brand}</span>
    </a>
  );
}
