import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { CardList } from './CardList.tsx';

export function WhyThisWorks({ content }: { content: KitPage['whyThisWorks'] }) {
  return (
    <Section id="why-this-works" eyebrow={content.eyebrow} title={content.title}>
      <CardList cards={content.cards} />
    </Section>
  );
}
