import type { finalCta } from '../../content/kit.ts';
import { Button } from '../ui/Button.tsx';

export function FinalCta({ content, authUrl }: { content: typeof finalCta; authUrl: string }) {
  return (
    <section
      id="final-cta"
      aria-labelledby="final-cta-title"
      data-reveal=""
      className="bg-ink py-(--spacing-section) text-paper"
    >
      <div className="container-page max-w-3xl text-center">
        <h2 id="final-cta-title" className="font-display text-headline font-semibold">
          {content.title}
        </h2>
        <p className="mt-4 text-lg text-muted-dark">{content.description}</p>
        <Button href={authUrl} auth size="responsive" className="mt-8">
          {content.cta}
        </Button>
        <p className="mt-4 text-sm text-muted-dark">{content.note}</p>
      </div>
    </section>
  );
}
