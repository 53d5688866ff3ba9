import type { KitPage } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';
import { Accordion } from '../ui/Accordion.tsx';
import { Section } from '../ui/Section.tsx';

const dot = { Green: 'bg-signal-green', Yellow: 'bg-accent', Red: 'bg-signal-red' } as const;

export function RiskDashboard({ content }: { content: KitPage['riskDashboard'] }) {
  return (
    <Section
      id="risk-dashboard"
      surface="dark"
      eyebrow={content.eyebrow}
      title={content.title}
      intro={content.intro}
    >
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:items-start">
        <Accordion
          name="risk-dashboard"
          className="border-y border-border"
          items={content.items.map((item) => ({
            id: `risk-${item.id}`,
            title: item.title,
            content: (
              <div className="space-y-3">
                {item.body.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            ),
          }))}
        />
        <div className="card p-6">
          <h3 className="font-semibold">{content.scoresTitle}</h3>
          <ul className="mt-4 space-y-3">
            {content.scores.map((score) => (
              <li key={score.label} className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className={cn('mt-1.5 size-3 shrink-0 rounded-full', dot[score.label as keyof typeof dot])}
                />
                <span>
                  <span className="font-semibold">{score.label}</span>
                  <span className="block text-sm text-muted-fg">{score.meaning}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
