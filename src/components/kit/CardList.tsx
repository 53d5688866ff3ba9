import type { Card } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';

/** Repeated cards as items of one list (CONTRACT "Widgets"). */
export function CardList({
  cards,
  columns = 3,
  tone = 'light',
  numbered = false,
}: {
  cards: readonly Card[];
  columns?: 2 | 3 | 4;
  tone?: 'light' | 'dark';
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  const dark = tone === 'dark';
  return (
    <List
      className={cn(
        'grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {cards.map((card, index) => (
        <li
          key={card.title}
          className={cn(
            'rounded-card border p-6',
            dark ? 'border-line-dark bg-ink-2' : 'border-line bg-paper shadow-(--shadow-card)',
          )}
        >
          {numbered && (
            <p
              aria-hidden="true"
              className={cn('font-display text-2xl font-semibold', dark ? 'text-accent' : 'text-accent-ink')}
            >
              {String(index + 1).padStart(2, '0')}
            </p>
          )}
          <h3 className="mt-2 text-lg font-semibold">{card.title}</h3>
          <p className={cn('mt-2', dark ? 'text-muted-dark' : 'text-muted')}>{card.description}</p>
        </li>
      ))}
    </List>
  );
}
