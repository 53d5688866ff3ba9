import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';
import { BoxIllustration } from './BoxIllustration.tsx';

export interface HeroProps {
  content: KitPage['hero'];
  authUrl: string;
}

export function Hero({ content, authUrl }: HeroProps) {
  return (
    // At least a window tall, whatever the owner's words: the first screen is this section alone,
    // the one whose styles the page carries inline (data-first-screen on <main>).
    <section
      id="hero"
      aria-labelledby="hero-title"
      data-surface="dark"
      className="flex min-h-svh flex-col justify-center"
    >
      <div className="container-page grid gap-12 py-16 md:py-24 lg:grid-cols-[1.15fr_1fr] lg:items-start">
        <div>
          <p className="mb-4 eyebrow">{content.eyebrow}</p>
          <h1 id="hero-title" className="max-w-4xl font-display text-display font-semibold">
            {content.headline}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-fg md:text-xl">{content.lede}</p>
          <div className="mt-10 flex flex-col items-start gap-3">
            <Button href={authUrl} auth size="responsive" data-hero-cta="">
              {content.cta}
            </Button>
            <p className="text-sm text-muted-fg">{content.priceNote}</p>
          </div>
          <aside
            aria-labelledby="bonus-title"
            className="mt-12 max-w-2xl rounded-card border border-accent/50 bg-card p-6"
          >
            <h2 id="bonus-title" className="font-semibold text-accent-fg">
              {content.bonusTitle}
            </h2>
            <p className="mt-2 text-muted-fg">{content.bonusText}</p>
          </aside>
        </div>
        {/* The product beside the headline from lg (level with its top, so a long headline and
            lede never push it below the window); below lg the box section shows it, so the
            first screen keeps the headline and the call to action. */}
        <BoxIllustration alt={content.illustrationAlt} variant="hero" className="hidden lg:block" />
      </div>
    </section>
  );
}
