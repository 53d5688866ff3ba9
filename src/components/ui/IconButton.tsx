import type { ReactNode } from 'react';

export interface IconButtonProps {
  /** The button's accessible name (it shows only an icon). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** The icon's path(s), drawn in a 20x20 box with a round stroke. */
  children: ReactNode;
}

/** A round, icon-only button, 44 px square (previous/next in tabs and carousels), in the surface's colours. */
export function IconButton({ label, onClick, disabled = false, children }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className="grid size-11 place-items-center rounded-full border border-border text-surface-fg transition-colors hover:bg-raised disabled:opacity-40"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}

export const PREVIOUS_PATH = 'M12.5 4.5 7 10l5.5 5.5';
export const NEXT_PATH = 'M7.5 4.5 13 10l-5.5 5.5';
