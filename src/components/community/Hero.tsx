import type { ReactNode } from 'react';
import type { CommunityPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';

export interface HeroProps {
  content: CommunityPage['hero'];
  authUrl: string;
  /** Where "Learn More" goes (smooth scroll comes from CSS, off under reduced motion). */
  learnMoreHref: string;
  /** The six-feature carousel island, shown below lg only. */
  children?: ReactNode;
}

export function Hero({ content, authUrl, learnMoreHref, children }: HeroProps) {
  return (
    // At least a window tall, whatever the owner's words: the first screen is this section (and
    // the nav above it) alone, the one whose styles the page carries inline (data-first-screen).
    <section
      aria-labelledby="hero-title"
      data-surface="dark"
      data-section="hero"
      className="flex min-h-svh flex-col justify-center"
    >
      <div className="container-page grid gap-12 py-16 md:py-24 lg:grid-cols-[1.3fr_1fr] lg:items-center">
        <div>
          <p className="mb-4 eyebrow">{content.eyebrow}</p>
          <h1 id="hero-title" className="font-display text-display font-semibold">
            {content.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-fg md:text-xl">{content.lede}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Button href={authUrl} auth size="responsive">
              {content.primaryCta}
            </Button>
            <Button href={learnMoreHref} data-learn-more variant="outline" size="responsive">
              {content.secondaryCta}
            </Button>
          </div>
        </div>
        <aside aria-labelledby="hero-benefits-title" className="card p-6 md:p-8">
          <h2 id="hero-benefits-title" className="eyebrow">
            {content.benefitsTitle}
          </h2>
          <ul className="mt-6 space-y-5">
            {content.benefits.map((benefit) => (
              <li key={benefit.title} className="flex gap-4">
                <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent" />
                <span>
                  <span className="block font-semibold">{benefit.title}</span>
                  <span className="block text-muted-fg">{benefit.description}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
      {children && (
        <div id="feature-carousel" className="container-page pb-16 lg:hidden">
          {children}
        </div>
      )}
    </section>
  );
}
