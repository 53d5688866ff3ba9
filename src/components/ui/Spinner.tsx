import { cn } from '../../lib/cn.ts';

export interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  className?: string;
}

/** Shown while something the visitor asked for arrives (a video player, a form frame). */
export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin-slow rounded-full border-[3px] border-current border-t-transparent opacity-80"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
