import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { BoxIllustration } from './BoxIllustration.tsx';

export function Box({ content }: { content: KitPage['box'] }) {
  return (
    <Section id="box" surface="dark" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
        <BoxIllustration alt={content.illustrationAlt} />
        <ul className="space-y-5">
          {content.items.map((item) => (
            <li key={item.title} className="border-l-2 border-accent pl-4">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-1 text-muted-fg">{item.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
