import { cn } from '../../lib/cn.ts';

/**
 * The Build Equity mark and word, in the surface's text colour, linking to the top of the page:
 * `#top` is the body (src/layouts/Base.astro), so focus starts over there and the next Tab
 * reaches the skip link.
 *
 * The mark is drawn inline, the same drawing as the favicon (public/favicon.svg): as a file of
 * its own it would be one more request competing with the fonts for the first round trips of a
 * slow connection. It is decorative; the brand name beside it names the link.
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
      <LogoMark />
      <span className="font-display text-xl font-semibold tracking-tight text-surface-fg">{brand}</span>
    </a>
  );
}

/** Three amber bars rising on a black tile: equity built step by step. */
function LogoMark() {
  return (
    <svg
      viewBox="0 0 48 48"
      width={36}
      height={36}
      className="size-9 shrink-0"
      aria-hidden="true"
      data-logo-mark=""
    >
      <rect width="48" height="48" rx="12" fill="#0b0b0c" />
      <rect x="10" y="27" width="7" height="11" rx="1.5" fill="#f0a73a" opacity=".55" />
      <rect x="20.5" y="20" width="7" height="18" rx="1.5" fill="#f0a73a" opacity=".8" />
      <rect x="31" y="11" width="7" height="27" rx="1.5" fill="#f0a73a" />
    </svg>
  );
}
