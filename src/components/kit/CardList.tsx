import type { Card } from '../../content/schemas.ts';
import { cn } from '../../lib/cn.ts';

/**
 * Repeated cards as the items of one list (`<ol>` when numbered), so a screen reader announces how
 * many there are.
 */
export function CardList({
  cards,
  columns = 3,
  numbered = false,
}: {
  cards: readonly Card[];
  columns?: 2 | 3 | 4;
  numbered?: boolean;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List
      className={cn(
        'grid gap-6 sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
        columns === 4 && 'lg:grid-cols-4',
      )}
    >
      {cards.map((card, index) => (
        <li key={card.title} className="card p-6">
          {numbered && (
            <p aria-hidden="true" className="font-display text-2xl font-semibold text-accent-fg">
              {String(index + 1).padStart(2, '0')}
            </p>
          )}
          <h3 className="mt-2 text-lg font-semibold">{card.title}</h3>
          <p className="mt-2 text-muted-fg">{card.description}</p>
        </li>
      ))}
    </List>
  );
}
