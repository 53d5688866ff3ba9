import type { CommunityPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';

export function Benefits({ content }: { content: CommunityPage['benefits'] }) {
  return (
    <Section id="benefits" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {content.items.map((item, index) => (
          <li key={item.title} className="card p-6">
            <p aria-hidden="true" className="font-display text-3xl font-semibold text-accent-fg">
              {String(index + 1).padStart(2, '0')}
            </p>
            <h3 className="mt-3 text-xl font-semibold">{item.title}</h3>
            <p className="mt-2 text-muted-fg">{item.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
