import { cn } from '../../lib/cn.ts';

export interface StarsProps {
  value: number;
  max?: number;
  className?: string;
}

/** A star rating, read out as "5 out of 5 stars". */
export function Stars({ value, max = 5, className }: StarsProps) {
  const filled = Math.max(0, Math.min(max, Math.round(value)));
  return (
    <p className={cn('flex items-center gap-0.5', className)}>
      {Array.from({ length: max }, (_, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn('size-4', i < filled ? 'fill-accent' : 'fill-border')}
        >
          <path d="M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z" />
        </svg>
      ))}
      <span className="sr-only">{`${filled} out of ${max} stars`}</span>
    </p>
  );
}
