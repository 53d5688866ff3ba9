import type { ComponentType, ReactNode } from 'react';

export interface PagePartProps<P extends object> {
  /** The section's component. */
  as: ComponentType<P>;
  /** Its props; none while the page leaves it out (the owner hid it). */
  props: P | undefined;
  /** A mark drawn just above it; none on the built page. */
  note?: ReactNode;
}

/** One section of a page, when the page shows it. */
export function PagePart<P extends object>({ as: Component, props, note }: PagePartProps<P>) {
  if (!props) return null;
  return (
    <>
      {note}
      <Component {...props} />
    </>
  );
}
