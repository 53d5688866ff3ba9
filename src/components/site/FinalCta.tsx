import type { FinalCtaContent } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';

export interface FinalCtaProps {
  /** `cta` on /community, `final-cta` on /. */
  id: string;
  content: FinalCtaContent;
  authUrl: string;
}

/** The closing call to action of either page. */
export function FinalCta({ id, content, authUrl }: FinalCtaProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-reveal=""
      data-surface="dark"
      className="py-(--spacing-section)"
    >
      <div className="container-page max-w-3xl text-center">
        <h2 id={`${id}-title`} className="font-display text-headline font-semibold">
          {content.title}
        </h2>
        <p className="mt-4 text-lg text-muted-fg">{content.description}</p>
        <Button href={authUrl} auth size="responsive" className="mt-8">
          {content.cta}
        </Button>
        <p className="mt-4 text-sm text-muted-fg">{content.note}</p>
      </div>
    </section>
  );
}
