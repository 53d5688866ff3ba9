import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';
import { BoxIllustration } from './BoxIllustration.tsx';

export interface HeroProps {
  content: KitPage['hero'];
  authUrl: string;
}

export function Hero({ content, authUrl }: HeroProps) {
  return (
    <section id="hero" aria-labelledby="hero-title" className="bg-ink text-paper">
      <div className="container-page grid gap-12 py-16 md:py-24 lg:grid-cols-[1.15fr_1fr] lg:items-center">
        <div>
          <p className="mb-4 text-sm font-semibold tracking-[0.14em] text-accent uppercase">
            {content.eyebrow}
          </p>
          <h1 id="hero-title" className="max-w-4xl font-display text-display font-semibold">
            {content.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-dark md:text-xl">{content.lede}</p>
          <div className="mt-10 flex flex-col items-start gap-3">
            <Button href={authUrl} auth size="responsive" data-hero-cta="">
              {content.cta}
            </Button>
            <p className="text-sm text-muted-dark">{content.priceNote}</p>
          </div>
          <aside
            aria-labelledby="bonus-title"
            className="mt-12 max-w-2xl rounded-card border border-accent/50 bg-ink-2 p-6"
          >
            <h2 id="bonus-title" className="font-semibold text-accent">
              {content.bonusTitle}
            </h2>
            <p className="mt-2 text-muted-dark">{content.bonusText}</p>
          </aside>
        </div>
        {/* The product beside the headline from lg; below lg the box section shows it, so the
            first screen keeps the headline and the call to action. */}
        <BoxIllustration alt={content.illustrationAlt} variant="hero" className="hidden lg:block" />
      </div>
    </section>
  );
}
