import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';

export interface RoiProps {
  content: KitPage['roi'];
  /** What a crisis costs, each already written as a figure ($50,000+). */
  costs: readonly { label: string; text: string }[];
  /** The kit's price, written as a figure ($497). */
  price: string;
  authUrl: string;
}

/** The return: what a crisis costs beside a price card that stays in view (sticky from lg). */
export function Roi({ content, costs, price, authUrl }: RoiProps) {
  return (
    <Section id="roi" surface="muted" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr] lg:items-start">
        <dl className="space-y-4">
          {costs.map((cost) => (
            <div
              key={cost.label}
              className="flex items-baseline justify-between gap-4 rounded-card border border-border bg-card p-6"
            >
              <dt className="text-lg">{cost.label}</dt>
              <dd className="font-display text-3xl font-semibold text-danger tabular-nums">{cost.text}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between gap-4 rounded-card border-2 border-surface-fg bg-card p-6">
            <dt className="text-lg font-semibold">{content.againstLabel}</dt>
            <dd className="font-display text-3xl font-semibold tabular-nums">{`${price} ${content.oneTime}`}</dd>
          </div>
        </dl>
        <aside
          aria-labelledby="roi-card-title"
          data-price-card=""
          data-surface="dark"
          className="rounded-card p-6 md:p-8 lg:sticky lg:top-6"
        >
          <h3 id="roi-card-title" className="font-display text-5xl font-semibold">
            {price}
            <span className="ml-2 font-sans text-base font-normal text-muted-fg">{content.oneTime}</span>
          </h3>
          <ul className="mt-6 space-y-3">
            {content.cardPoints.map((point) => (
              <li key={point} className="flex gap-3">
                {/* A drawn check: the text fonts have no check mark, and a system one varies by device. */}
                <Icon name="check" className="mt-0.5 size-5 text-check" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <Button href={authUrl} auth block size="responsive" className="mt-8">
            {content.cta}
          </Button>
          <p className="mt-3 text-sm text-muted-fg">{content.renewal}</p>
        </aside>
      </div>
    </Section>
  );
}
