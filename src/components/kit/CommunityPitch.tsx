import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';
import { Section } from '../ui/Section.tsx';

/**
 * The community pitch. Its "Yes, help me" is, on purpose, a plain button with no link or
 * action; the text link beside it leads to the community page.
 */
export function CommunityPitch({ content }: { content: KitPage['communityPitch'] }) {
  return (
    <Section id="community" eyebrow={content.eyebrow} title={content.title} intro={content.description}>
      <ul className="flex flex-wrap gap-3">
        {content.points.map((point) => (
          <li
            key={point}
            className="rounded-pill bg-accent-soft px-4 py-2 text-sm font-semibold text-accent-ink"
          >
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
        <Button variant="solid" size="responsive">
          {content.button}
        </Button>
        <a
          href={content.link.href}
          className="inline-flex min-h-11 items-center font-semibold text-surface-fg underline decoration-accent-fg decoration-2 underline-offset-4 hover:decoration-surface-fg"
        >
          {content.link.label}
        </a>
      </div>
    </Section>
  );
}
