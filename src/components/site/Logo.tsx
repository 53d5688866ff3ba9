import { cn } from '../../lib/cn.ts';

/**
 * The Build Equity mark and word, linking to the top of the page: `#top` is the body
 * (src/layouts/Base.astro), so focus starts over there and the next Tab reaches the skip link.
 */
export function Logo({
  brand,
  href = '#top',
  tone = 'dark',
  className,
}: {
  brand: string;
  href?: string;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <a href={href} className={cn('inline-flex items-center gap-3 rounded-md', className)}>
      <img src="/logo.svg" alt="" width={36} height={36} className="size-9" />
      <span
        className={cn(
          'font-display text-xl font-semibold tracking-tight',
          tone === 'light' ? 'text-paper' : 'text-ink',
        )}
      >
        {brand}
      </span>
    </a>
  );
}
