import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SectionProps {
  id: string;
  /** The section's heading (an h2): it also names the region. */
  title: ReactNode;
  /** A short line above the heading. */
  eyebrow?: string;
  /** A paragraph under the heading. */
  intro?: ReactNode;
  /** The band's colours: paper (default), a warmer paper, or ink. Everything inside follows. */
  surface?: 'light' | 'muted' | 'dark';
  /** Fade in once when scrolled into view (default on). */
  reveal?: boolean;
  align?: 'start' | 'center';
  className?: string;
  children?: ReactNode;
}

/** A page section: a labelled region with an id for in-page links. */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  surface = 'light',
  reveal = true,
  align = 'start',
  className,
  children,
}: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-surface={surface}
      className={cn('py-(--spacing-section)', className)}
      {...(reveal ? { 'data-reveal': '' } : {})}
    >
      <div className="container-page">
        <header className={cn('mb-10 max-w-3xl md:mb-14', align === 'center' && 'mx-auto text-center')}>
          {eyebrow && <p className="mb-3 eyebrow">{eyebrow}</p>}
          <h2 id={headingId} className="font-display text-headline font-semibold">
            {title}
          </h2>
          {intro && <div className="mt-4 text-lg leading-relaxed text-muted-fg">{intro}</div>}
        </header>
        {children}
      </div>
    </section>
  );
}
