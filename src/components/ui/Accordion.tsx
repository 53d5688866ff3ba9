import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  /** The event the item reports when it opens (src/lib/event-attributes.ts). */
  event?: Record<string, string>;
}

export interface AccordionProps {
  /** Shared `name` of the group's `<details>`: the browser keeps one open at a time. */
  name: string;
  items: readonly AccordionItem[];
  /** Index of the item open when the page loads, if any. */
  defaultOpen?: number;
  /** Heading level of each item's title, to keep the page's heading order valid. */
  headingLevel?: 3 | 4;
  className?: string;
}

/**
 * Single-open, closable accordion on native `<details name>`: no JavaScript,
 * keyboard and screen-reader support from the browser.
 */
export function Accordion({ name, items, defaultOpen, headingLevel = 3, className }: AccordionProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className={cn('divide-y divide-border', className)}>
      {items.map((item, index) => (
        <details
          key={item.id}
          id={item.id}
          name={name}
          open={index === defaultOpen}
          className="group"
          {...item.event}
        >
          <summary className="flex min-h-14 items-center justify-between gap-4 py-4 text-left">
            <Heading className="text-lg font-semibold">{item.title}</Heading>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-5 shrink-0 text-accent-fg transition-transform duration-200 group-open:rotate-45"
            >
              <path d="M10 3v14M3 10h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="pb-6 leading-relaxed text-muted-fg">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
