import type { CommunityPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';

export function Features({ content }: { content: CommunityPage['features'] }) {
  return (
    <Section
      id="features"
      surface="dark"
      eyebrow={content.eyebrow}
      title={content.title}
      intro={content.intro}
    >
      <ol className="grid gap-px overflow-hidden rounded-card border border-border bg-border md:grid-cols-2 lg:grid-cols-4">
        {content.ems.map((item, index) => (
          <li key={item.title} className="bg-card p-6">
            <p className="text-sm font-semibold text-accent-fg">{`${content.moveLabel} ${index + 1}`}</p>
            <h3 className="mt-2 text-lg font-semibold">{item.title}</h3>
            <p className="mt-2 text-muted-fg">{item.description}</p>
          </li>
        ))}
      </ol>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {content.more.map((item) => (
          <li key={item.title}>
            <h3 className="font-semibold text-surface-fg">{item.title}</h3>
            <p className="mt-1 text-muted-fg">{item.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
