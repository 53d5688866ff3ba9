import type { CommunityPage } from '../../content/schemas.ts';
import { NewsletterEmbed } from '../site/NewsletterEmbed.tsx';

export interface NewsletterSectionProps {
  id: 'newsletter-top' | 'newsletter-bottom';
  content: CommunityPage['newsletter'];
  embedUrl: string | null;
  subscribeUrl: string;
  /** Ink (default) or a warmer paper; the band's text and subscribe button follow. */
  surface?: 'dark' | 'muted';
}

/**
 * The newsletter band: the readers claim and the provider's form (or a plain link). The page has
 * two, so each is named for where it sits rather than by its (shared) heading.
 */
export function NewsletterSection({
  id,
  content,
  embedUrl,
  subscribeUrl,
  surface = 'dark',
}: NewsletterSectionProps) {
  return (
    <section
      id={id}
      aria-label={content.regionNames[id]}
      data-reveal=""
      data-surface={surface}
      className="py-14 md:py-16"
    >
      <div className="container-page grid gap-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id={`${id}-title`} className="font-display text-3xl font-semibold">
            {content.title}
          </h2>
          <p className="mt-2 text-muted-fg">{content.description}</p>
        </div>
        <NewsletterEmbed
          embedUrl={embedUrl}
          subscribeUrl={subscribeUrl}
          frameTitle={content.frameTitle}
          linkLabel={content.linkLabel}
          placement={id}
        />
      </div>
    </section>
  );
}
