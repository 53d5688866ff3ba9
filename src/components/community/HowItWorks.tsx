import type { CommunityPage } from '../../content/schemas.ts';
import { Section } from '../ui/Section.tsx';

export function HowItWorks({ content }: { content: CommunityPage['howItWorks'] }) {
  return (
    <Section id="how-it-works" eyebrow={content.eyebrow} title={content.title}>
      <ol className="grid gap-8 md:grid-cols-2 lg:grid-cols-4">
        {content.steps.map((step) => (
          <li key={step.number} className="relative">
            <p className="grid size-12 place-items-center rounded-full bg-ink font-display text-xl font-semibold text-accent">
              <span className="sr-only">Step </span>
              {step.number}
            </p>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-muted-fg">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
