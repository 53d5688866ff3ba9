import { Button } from '../ui/Button.tsx';

export interface FinalCtaProps {
  /** `cta` on /community, `final-cta` on /. */
  id: string;
  content: { title: string; description: string; cta: string; note: string };
  authUrl: string;
}

/** The closing call to action of either page. */
export function FinalCta({ id, content, authUrl }: FinalCtaProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-reveal=""
      className="bg-ink py-(--spacing-section) text-paper"
    >
      <div className="container-page max-w-3xl text-center">
        <h2 id={`${id}-title`} className="font-display text-headline font-semibold">
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
