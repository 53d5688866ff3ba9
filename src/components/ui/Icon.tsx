import { cn } from '../../lib/cn.ts';

const paths = {
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5 5-2Z',
  chart: 'M4 19h16M7 16v-5m5 5V7m5 9v-7',
  people:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5 8c.5-3 2.5-5 5-5s4.5 2 5 5m1-8a3 3 0 1 0 0-6m1.5 9c1.8.5 3 2 3.5 4',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  cross: 'M6.5 6.5l11 11m0-11-11 11',
} as const;

export type IconName = keyof typeof paths;

/** Small line icons, decorative (the text next to them carries the meaning). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('size-6 shrink-0', className)}
    >
      <path d={paths[name]} />
    </svg>
  );
}
