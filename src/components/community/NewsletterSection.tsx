import type { CommunityPage } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';
import { NewsletterEmbed } from '../site/NewsletterEmbed.tsx';

export interface NewsletterSectionProps {
  id: 'newsletter-top' | 'newsletter-bottom';
  content: CommunityPage['newsletter'];
  embedUrl: string | null;
  subscribeUrl: string;
  tone?: 'light' | 'dark';
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
  tone = 'dark',
}: NewsletterSectionProps) {
  const dark = tone === 'dark';
  return (
    <section
      id={id}
      aria-label={content.regionNames[id]}
      data-reveal=""
      className={cn('py-14 md:py-16', dark ? 'bg-ink text-paper' : 'bg-paper-2 text-ink on-paper')}
    >
      <div className="container-page grid gap-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id={`${id}-title`} className="font-display text-3xl font-semibold">
            {content.title}
          </h2>
          <p className={cn('mt-2', dark ? 'text-muted-dark' : 'text-muted')}>{content.description}</p>
        </div>
        <NewsletterEmbed
          embedUrl={embedUrl}
          subscribeUrl={subscribeUrl}
          frameTitle={content.frameTitle}
          linkLabel={content.linkLabel}
          placement={id}
          tone={tone}
        />
      </div>
    </section>
  );
}
