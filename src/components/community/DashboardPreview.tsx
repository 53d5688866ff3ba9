import type { CommunityPage } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { Icon } from '../ui/Icon.tsx';

export interface DashboardPreviewProps {
  tabs: CommunityPage['dashboardTabs'];
  sample: CommunityPage['dashboardSample'];
}

/**
 * The tabbed dashboard preview: three dashboards drawn in HTML (crisp, accessible, light),
 * with previous/next buttons that wrap around and an "n / 3" counter. Figures are samples.
 */
export function DashboardPreview({ tabs, sample }: DashboardPreviewProps) {
  return (
    <Tabs
      id="dashboard"
      label="Dashboard previews"
      stepper={{ previous: 'Previous dashboard', next: 'Next dashboard', item: 'Dashboard' }}
      items={tabs.map((tab) => ({
        id: tab.id,
        label: tab.label,
        panelLabel: tab.title,
        content: (
          <div className="grid gap-6 lg:grid-cols-[1fr_1.6fr] lg:items-start">
            <div>
              <span className="grid size-12 place-items-center rounded-full bg-raised text-accent-fg">
                <Icon name={tab.icon} />
              </span>
              <h4 className="mt-4 font-display text-2xl font-semibold text-surface-fg">{tab.title}</h4>
              <p className="mt-2 text-muted-fg">{tab.description}</p>
            </div>
            <figure className="relative card p-4 md:p-6">
              <figcaption className="sr-only">{`${tab.title}, with sample figures`}</figcaption>
              {tab.id === 'strategy' && <Strategy sample={sample} />}
              {tab.id === 'financial' && <Financial sample={sample} />}
              {tab.id === 'community' && <Community sample={sample} />}
              {tab.overlay && (
                <p className="mt-4 inline-flex rounded-pill bg-accent px-3 py-1 text-xs font-semibold text-ink">
                  {tab.overlay}
                </p>
              )}
              <p className="mt-3 text-xs text-muted-fg">{sample.note}</p>
            </figure>
          </div>
        ),
      }))}
    />
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-raised p-4">
      <p className="text-xs font-semibold tracking-wide text-muted-fg uppercase">{label}</p>
      <p className="mt-1 font-display text-2xl font-semibold text-surface-fg tabular-nums">{value}</p>
      {note && <p className="mt-1 text-xs text-muted-fg">{note}</p>}
    </div>
  );
}

function Bar({ label, progress }: { label: string; progress: number }) {
  return (
    <div>
      <div className="flex justify-between text-sm text-surface-fg">
        <span>{label}</span>
        <span className="text-muted-fg tabular-nums">{`${progress}%`}</span>
      </div>
      <div className="mt-1.5 h-2 rounded-full bg-raised" aria-hidden="true">
        <div className={cn('h-2 rounded-full bg-accent', widthClass(progress))} />
      </div>
    </div>
  );
}

/** Progress widths as classes (the content security policy forbids inline styles). */
function widthClass(progress: number): string {
  const steps: Record<number, string> = {
    0: 'w-0',
    10: 'w-[10%]',
    20: 'w-[20%]',
    30: 'w-[30%]',
    40: 'w-[40%]',
    50: 'w-[50%]',
    60: 'w-[60%]',
    70: 'w-[70%]',
    80: 'w-[80%]',
    90: 'w-[90%]',
    100: 'w-full',
  };
  return steps[Math.round(progress / 10) * 10] ?? 'w-0';
}

function Strategy({ sample }: { sample: CommunityPage['dashboardSample'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="rounded-xl bg-raised p-4 text-center">
        <p className="text-xs font-semibold tracking-wide text-muted-fg uppercase">
          {sample.profitScoreLabel}
        </p>
        <p className="mt-1 font-display text-4xl font-semibold text-accent-fg tabular-nums">
          {sample.profitScore}
          <span className="text-lg text-muted-fg">{`/${sample.profitScoreMax}`}</span>
        </p>
      </div>
      <div className="space-y-3">
        {sample.goals.map((goal) => (
          <Bar key={goal.label} label={goal.label} progress={goal.progress} />
        ))}
      </div>
    </div>
  );
}

function Financial({ sample }: { sample: CommunityPage['dashboardSample'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Stat
        label={sample.monthlyRevenueLabel}
        value={sample.monthlyRevenue}
        note={sample.monthlyRevenueTrend}
      />
      <Stat
        label={sample.availableCreditLabel}
        value={sample.availableCredit}
        note={sample.availableCreditNote}
      />
      <div className="sm:col-span-2">
        <Bar label={sample.marginLabel} progress={sample.marginProgress} />
      </div>
    </div>
  );
}

function Community({ sample }: { sample: CommunityPage['dashboardSample'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Stat label={sample.nextMeetingLabel} value={sample.nextMeeting} />
      <div className="rounded-xl bg-raised p-4">
        <p className="flex items-center gap-2 text-surface-fg">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-signal-green" />
          {sample.foundersOnline}
        </p>
        <p className="mt-2 flex items-center gap-2 text-surface-fg">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-accent" />
          {sample.boardOnline}
        </p>
      </div>
    </div>
  );
}
