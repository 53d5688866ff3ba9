import type { ComparisonFigures } from '../../content/index.ts';
import type { CommunityPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { Icon } from '../ui/Icon.tsx';

type Plan = CommunityPage['joinNow']['plans'][number];

export interface JoinNowTabsProps {
  content: CommunityPage['joinNow'];
  comparison: ComparisonFigures;
  /** Where every plan's button leads: the sister platform's sign-up. */
  authUrl: string;
}

/** Pricing: "Membership Plans" (default) and "Compare Features" tabs. */
export function JoinNowTabs({ content, comparison, authUrl }: JoinNowTabsProps) {
  return (
    <Tabs
      id="join"
      label="Membership"
      items={[
        {
          id: 'plans',
          label: content.tabs.plans,
          panelLabel: content.tabs.plans,
          content: (
            <ul className="grid gap-6 md:grid-cols-2">
              {content.plans.map((plan) => (
                <li key={plan.type}>
                  <PlanCard plan={plan} authUrl={authUrl} />
                </li>
              ))}
            </ul>
          ),
        },
        {
          id: 'compare',
          label: content.tabs.compare,
          panelLabel: content.tabs.compare,
          content: <Comparison content={content.compare} comparison={comparison} />,
        },
      ]}
    />
  );
}

/** A plan as a card; the paid plan stands out as a dark panel, edged in its own ink. */
function PlanCard({ plan, authUrl }: { plan: Plan; authUrl: string }) {
  return (
    <article
      {...(plan.type === 'paid' && { 'data-surface': 'dark' })}
      className="flex card h-full flex-col p-6 data-[surface=dark]:border-surface data-[surface=dark]:bg-surface md:p-8"
    >
      <div className="flex items-start justify-between gap-4">
        <h3 className="font-display text-2xl font-semibold">{plan.title}</h3>
        {plan.badge && (
          <p className="rounded-pill bg-accent px-3 py-1 text-xs font-semibold text-ink">{plan.badge}</p>
        )}
      </div>
      <p className="mt-2 text-muted-fg">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-display text-5xl font-semibold tabular-nums">{plan.price}</span>
        <span className="text-muted-fg">{plan.period}</span>
      </p>
      {plan.additionalText && <p className="mt-2 text-sm text-muted-fg">{plan.additionalText}</p>}
      <ul className="mt-6 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Icon name="check" className="mt-0.5 size-5 text-check" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button href={authUrl} auth block variant="solid" className="mt-8">
        {plan.ctaText}
      </Button>
      <p className="mt-3 text-center text-sm text-muted-fg">{plan.tagline}</p>
    </article>
  );
}

function Comparison({
  content,
  comparison,
}: {
  content: CommunityPage['joinNow']['compare'];
  comparison: JoinNowTabsProps['comparison'];
}) {
  return (
    <div className="rounded-card border border-border bg-card p-4 md:p-8">
      <h3 className="font-display text-2xl font-semibold">{content.title}</h3>
      <p className="mt-2 text-muted-fg">{content.intro}</p>
      <div className="mt-6">
        <table className="w-full text-left">
          <caption className="sr-only">{content.title}</caption>
          <thead>
            <tr className="border-b border-border text-sm text-muted-fg">
              <th scope="col" className="py-3 pr-4 font-semibold">
                {content.serviceHeader}
              </th>
              <th scope="col" className="py-3 pr-4 text-right font-semibold">
                {content.priceHeader}
              </th>
              <th scope="col" className="py-3 text-right font-semibold">
                {content.includedHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.service} className="border-b border-border">
                <th scope="row" className="py-3 pr-4 font-normal">
                  {row.service}
                </th>
                <td className="py-3 pr-4 text-right tabular-nums">{row.price}</td>
                <td className="py-3 text-right">
                  {row.includedInMembership ? (
                    <>
                      <Icon name="check" className="ml-auto size-5 text-check" />
                      <span className="sr-only">{content.includedYes}</span>
                    </>
                  ) : (
                    <span>{content.includedNo}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-b border-border font-semibold">
              <th scope="row" className="py-3 pr-4 font-semibold">
                {content.totalLabel}
              </th>
              <td className="py-3 pr-4 text-right tabular-nums" data-total="">
                {`${comparison.total}/mo`}
              </td>
              <td />
            </tr>
            <tr className="border-b border-border">
              <th scope="row" className="py-3 pr-4 font-normal">
                {content.membershipLabel}
              </th>
              <td className="py-3 pr-4 text-right tabular-nums">{`${comparison.membership}/mo`}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl bg-accent-soft p-4">
          <dt className="text-sm text-accent-ink">{content.monthlySavingLabel}</dt>
          <dd className="font-display text-3xl font-semibold tabular-nums">{comparison.monthlySaving}</dd>
        </div>
        <div className="rounded-xl bg-accent-soft p-4">
          <dt className="text-sm text-accent-ink">{content.yearlySavingLabel}</dt>
          <dd className="font-display text-3xl font-semibold tabular-nums">{comparison.yearlySaving}</dd>
        </div>
      </dl>
    </div>
  );
}
