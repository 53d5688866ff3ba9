import type { KitPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';

export function Bundles({ content }: { content: KitPage['bundles'] }) {
  return (
    <Section id="bundles" surface="dark" eyebrow={content.eyebrow} title={content.title}>
      <ul className="divide-y divide-border rounded-card border border-border">
        {content.items.map((item) => (
          <li
            key={item.title}
            className="flex flex-col gap-1 p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="font-semibold">{item.title}</span>
            <span className="text-muted-fg sm:text-right">{item.value}</span>
          </li>
        ))}
      </ul>
      <p className="mt-6 font-display text-2xl font-semibold text-accent-fg">{content.total}</p>
    </Section>
  );
}
