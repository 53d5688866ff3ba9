import { Button } from '../ui/Button.tsx';
import { Logo } from './Logo.tsx';

export interface NavProps {
  brand: string;
  ctaLabel: string;
  ctaHref: string;
}

/**
 * Sticky top bar: logo and title (back to the page top) and the call to action.
 * Its shadow deepens past 10 px of scroll (src/lib/nav-shadow.ts, no React needed).
 */
export function Nav({ brand, ctaLabel, ctaHref }: NavProps) {
  return (
    <header
      data-nav
      data-section="nav"
      className="sticky top-0 z-40 border-b border-border/60 bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
        <Logo brand={brand} />
        <Button href={ctaHref} auth variant="solid">
          {ctaLabel}
        </Button>
      </nav>
    </header>
  );
}
