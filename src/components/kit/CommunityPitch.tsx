import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';
import { Section } from '../ui/Section.tsx';

/** The community pitch. Its "Yes, help me" is, as the spec says, a plain button with no link or action. */
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
      <Button variant="dark" size="responsive" className="mt-8">
        {content.button}
      </Button>
    </Section>
  );
}
