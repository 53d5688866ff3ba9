import type { Faq as FaqContent } from '../../content/schemas.ts';
import { eventAttributes } from '../../lib/event-attributes.ts';
import { Accordion } from '../ui/Accordion.tsx';
import { Section } from '../ui/Section.tsx';

export function Faq({ content }: { content: FaqContent }) {
  return (
    <Section id="faq" surface="muted" eyebrow={content.eyebrow} title={content.title}>
      <Accordion
        name="faq"
        className="max-w-3xl border-y border-border"
        items={content.items.map((item, index) => ({
          id: `faq-${index + 1}`,
          title: item.question,
          content: <p>{item.answer}</p>,
          event: eventAttributes('faq_open', { question: item.question }),
        }))}
      />
    </Section>
  );
}
