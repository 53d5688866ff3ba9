import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { eventAttributes } from '../../lib/event-attributes.ts';
import { cn } from '../../lib/cn.ts';
import { IconButton, NEXT_PATH, PREVIOUS_PATH } from './IconButton.tsx';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Read before the panel when the tabs cannot work (JavaScript off): the panel's own heading. */
  panelLabel: string;
  content: ReactNode;
}

export interface TabsProps {
  /** Unique on the page: prefixes the tabs' and panels' ids. */
  id: string;
  /** Names the tab list. */
  label: string;
  items: readonly TabItem[];
  defaultIndex?: number;
  /**
   * Adds previous and next buttons that wrap around, and an "n / total" counter: the buttons'
   * names, and the word a screen reader hears before the counter (what one tab shows).
   */
  stepper?: StepperWords;
  className?: string;
  listClassName?: string;
}

export interface StepperWords {
  previous: string;
  next: string;
  item: string;
}

/** The previous and next buttons (wrapping around) and the "n / total" counter. */
function Stepper({
  words,
  selected,
  count,
  step,
}: {
  words: StepperWords;
  selected: number;
  count: number;
  step: (by: 1 | -1) => void;
}) {
  return (
    <div className="tabs-stepper flex items-center gap-3">
      <IconButton label={words.previous} onClick={() => step(-1)}>
        <path d={PREVIOUS_PATH} />
      </IconButton>
      <p className="min-w-12 text-center text-sm text-muted-fg tabular-nums">
        <span className="sr-only">{`${words.item} `}</span>
        {`${selected + 1} / ${count}`}
      </p>
      <IconButton label={words.next} onClick={() => step(1)}>
        <path d={NEXT_PATH} />
      </IconButton>
    </div>
  );
}

/** Every tab's panel, the selected one shown; each names itself for a page without JavaScript. */
function Panels({ base, items, selected }: { base: string; items: readonly TabItem[]; selected: number }) {
  return (
    <>
      {items.map((item, index) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-panel-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          hidden={index !== selected}
          // APG: a tab panel takes focus so keyboard users reach its content straight after the tabs.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="tab-panel mt-8 rounded-card"
        >
          <p className="tab-panel-label sr-only">{item.panelLabel}</p>
          {item.content}
        </div>
      ))}
    </>
  );
}

/**
 * Tabs per the WAI-ARIA Authoring Practices: a tablist of tabs with aria-selected and a roving
 * tabindex; ArrowLeft/ArrowRight (wrapping), Home and End move between tabs and select them.
 * Selecting a tab, however it is done, reports `tab_select {widget: id, tab: the tab's id}`.
 * Without JavaScript (see public/noscript.css) every panel shows, each under its own label.
 */
export function Tabs({
  id: base,
  label,
  items,
  defaultIndex = 0,
  stepper,
  className,
  listClassName,
}: TabsProps) {
  const [selected, setSelected] = useState(defaultIndex);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = items.length;

  const select = (index: number, focus: boolean) => {
    const next = ((index % count) + count) % count;
    setSelected(next);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return (
    <div className={cn('tabs', className)} data-tabs="">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div
          role="tablist"
          aria-label={label}
          className={cn(
            'inline-flex max-w-full gap-1 overflow-x-auto rounded-pill bg-raised p-1',
            listClassName,
          )}
        >
          {items.map((item, index) => {
            const active = index === selected;
            return (
              <button
                key={item.id}
                ref={(el) => {
                  tabRefs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${item.id}`}
                aria-selected={active}
                aria-controls={`${base}-panel-${item.id}`}
                tabIndex={active ? 0 : -1}
                {...eventAttributes('tab_select', { widget: base, tab: item.id })}
                onClick={() => select(index, false)}
                onKeyDown={onKeyDown}
                // The selected tab inverts the surface's colours.
                className="min-h-11 rounded-pill px-4 py-2 text-sm font-semibold whitespace-nowrap text-muted-fg transition-colors hover:text-surface-fg aria-selected:bg-surface-fg aria-selected:text-surface md:px-5 md:text-base"
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {stepper && (
          <Stepper
            words={stepper}
            selected={selected}
            count={count}
            step={(by) => select(selected + by, false)}
          />
        )}
      </div>
      <Panels base={base} items={items} selected={selected} />
    </div>
  );
}
