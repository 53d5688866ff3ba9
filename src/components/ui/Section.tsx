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
  tone?: 'light' | 'muted' | 'dark';
  /** Fade in once when scrolled into view (default on). */
  reveal?: boolean;
  align?: 'start' | 'center';
  className?: string;
  children?: ReactNode;
}

const tones = {
  light: 'bg-paper text-ink on-paper',
  muted: 'bg-paper-2 text-ink on-paper',
  dark: 'bg-ink text-paper',
} as const;

/** A page section: a labelled region with an id for in-page links. */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  tone = 'light',
  reveal = true,
  align = 'start',
  className,
  children,
}: SectionProps) {
  const headingId = `${id}-title`;
  const dark = tone === 'dark';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('py-(--spacing-section)', tones[tone], className)}
      {...(reveal ? { 'data-reveal': '' } : {})}
    >
      <div className="container-page">
        <header className={cn('mb-10 max-w-3xl md:mb-14', align === 'center' && 'mx-auto text-center')}>
          {eyebrow && (
            <p
              className={cn(
                'mb-3 text-sm font-semibold tracking-[0.14em] uppercase',
                dark ? 'text-accent' : 'text-accent-ink',
              )}
            >
              {eyebrow}
            </p>
          )}
          <h2 id={headingId} className="font-display text-headline font-semibold">
            {title}
          </h2>
          {intro && (
            <div className={cn('mt-4 text-lg leading-relaxed', dark ? 'text-muted-dark' : 'text-muted')}>
              {intro}
            </div>
          )}
        </header>
        {children}
      </div>
    </section>
  );
}
