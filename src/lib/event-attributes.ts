/**
 * The attributes that make an element report an analytics event (src/lib/analytics-interactions.ts
 * reads them): `data-event` names it, each `data-event-<prop>` carries a detail known at build.
 * A module of its own, imported by components only: were the boot script to share it with the
 * islands, they would share a chunk, one more round trip before the first paint.
 */
import type { EventName, EventProps } from './analytics.ts';

export function eventAttributes(name: EventName, props: EventProps = {}): Record<string, string> {
  return {
    'data-event': name,
    ...Object.fromEntries(Object.entries(props).map(([key, value]) => [`data-event-${key}`, value])),
  };
}
