import type { ReactNode } from 'react';
import type { CommunityPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';
import { Icon } from '../ui/Icon.tsx';

export interface TargetAudienceProps {
  content: CommunityPage['targetAudience'];
  /** The dashboard preview island, placed by the page. */
  children?: ReactNode;
}

export function TargetAudience({ content, children }: TargetAudienceProps) {
  return (
    <Section id="target-audience" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <div className="grid gap-6 md:grid-cols-2">
        <div data-surface="muted" className="rounded-card border border-border p-6 md:p-8">
          <h3 className="text-xl font-semibold">{content.forTitle}</h3>
          <ul className="mt-5 space-y-3">
            {content.forItems.map((line) => (
              <li key={line} className="flex gap-3">
                <Icon name="check" className="mt-0.5 size-5 text-check" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-card border border-border p-6 md:p-8">
          <h3 className="text-xl font-semibold">{content.notForTitle}</h3>
          <ul className="mt-5 space-y-3">
            {content.notForItems.map((line) => (
              <li key={line} className="flex gap-3 text-muted-fg">
                <Icon name="cross" className="mt-0.5 size-5 text-danger" />
                <span>{line}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div data-surface="dark" className="mt-12 rounded-card p-6 md:p-10">
        <p className="eyebrow">{content.capital.eyebrow}</p>
        <h3 className="mt-3 max-w-3xl font-display text-3xl font-semibold">{content.capital.title}</h3>
        <p className="mt-4 max-w-3xl text-muted-fg">{content.capital.description}</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {content.capital.points.map((point) => (
            <li key={point.title} className="rounded-xl border border-border p-5">
              <p className="font-semibold text-accent-fg">{point.title}</p>
              <p className="mt-1 text-sm text-muted-fg">{point.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10">{children}</div>
      </div>
    </Section>
  );
}
