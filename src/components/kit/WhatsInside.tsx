import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { CardList } from './CardList.tsx';

export function WhatsInside({ content }: { content: KitPage['whatsInside'] }) {
  return (
    <Section id="whats-inside" surface="muted" eyebrow={content.eyebrow} title={content.title}>
      <CardList cards={content.cards} numbered />
    </Section>
  );
}
