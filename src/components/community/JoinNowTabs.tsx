import type { ComparisonFigures } from '../../content/index.ts';
import type { CommunityPage } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/Button.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { Icon } from './icons.tsx';

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

function PlanCard({ plan, authUrl }: { plan: Plan; authUrl: string }) {
  const paid = plan.type === 'paid';
  return (
    <article
      className={cn(
        'flex h-full flex-col rounded-card border p-6 md:p-8',
        paid ? 'border-ink bg-ink text-paper' : 'border-line bg-paper shadow-(--shadow-card)',
      )}
    >
      <div className="flex items-start justify-between gap-4">
        <h3 className="font-display text-2xl font-semibold">{plan.title}</h3>
        {plan.badge && (
          <p className="rounded-pill bg-accent px-3 py-1 text-xs font-semibold text-ink">{plan.badge}</p>
        )}
      </div>
      <p className={cn('mt-2', paid ? 'text-muted-dark' : 'text-muted')}>{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-display text-5xl font-semibold tabular-nums">{plan.price}</span>
        <span className={paid ? 'text-muted-dark' : 'text-muted'}>{plan.period}</span>
      </p>
      {plan.additionalText && (
        <p className={cn('mt-2 text-sm', paid ? 'text-muted-dark' : 'text-muted')}>{plan.additionalText}</p>
      )}
      <ul className="mt-6 flex-1 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Icon name="check" className={cn('mt-0.5 size-5', paid ? 'text-accent' : 'text-success')} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button href={authUrl} auth block variant={paid ? 'primary' : 'dark'} className="mt-8">
        {plan.ctaText}
      </Button>
      <p className={cn('mt-3 text-center text-sm', paid ? 'text-muted-dark' : 'text-muted')}>
        {plan.tagline}
      </p>
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
    <div className="rounded-card border border-line bg-paper p-4 md:p-8">
      <h3 className="font-display text-2xl font-semibold">{content.title}</h3>
      <p className="mt-2 text-muted">{content.intro}</p>
      <div className="mt-6">
        <table className="w-full text-left">
          <caption className="sr-only">{content.title}</caption>
          <thead>
            <tr className="border-b border-line text-sm text-muted">
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
              <tr key={row.service} className="border-b border-line">
                <th scope="row" className="py-3 pr-4 font-normal">
                  {row.service}
                </th>
                <td className="py-3 pr-4 text-right tabular-nums">{row.price}</td>
                <td className="py-3 text-right">
                  {row.includedInMembership ? (
                    <>
                      <Icon name="check" className="ml-auto size-5 text-success" />
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
            <tr className="border-b border-line font-semibold">
              <th scope="row" className="py-3 pr-4 font-semibold">
                {content.totalLabel}
              </th>
              <td className="py-3 pr-4 text-right tabular-nums" data-total="">
                {`${comparison.total}/mo`}
              </td>
              <td />
            </tr>
            <tr className="border-b border-line">
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
