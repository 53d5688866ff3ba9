import type { KitPage } from '../../content/schemas.ts';
import { Accordion } from '../ui/Accordion.tsx';
import { Section } from '../ui/Section.tsx';

export function CashFlowMachine({ content }: { content: KitPage['cashFlowMachine'] }) {
  return (
    <Section id="cash-flow-machine" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <Accordion
        name="cash-flow-machine"
        defaultOpen={0}
        className="max-w-3xl border-y border-border"
        items={content.steps.map((step) => ({
          id: `cash-${step.id}`,
          title: step.title,
          content: (
            <div className="space-y-3">
              {step.body.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          ),
        }))}
      />
    </Section>
  );
}
