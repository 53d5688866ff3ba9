/**
 * A visitor's press on a widget that is drawn but not yet live: the control it was meant for, and
 * the same press to make again on that control once the widget is live (hydration keeps the
 * server-drawn elements, so the control is the same). Used by the `client:live` directive for an
 * island whose code is on its way, and by the first-screen loader before any island code has come.
 */

/** Keys the widgets answer that are not clicks (Enter and Space on a button become a click). */
const KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

export interface HeldPress {
  control: Element;
  again: Event;
}

/** None for a press no widget would answer: on a link (it works without JavaScript), or a key it does not use. */
export function heldPress(event: Event): HeldPress | undefined {
  const target = event.target instanceof Element ? event.target : null;
  const keyboard = event instanceof KeyboardEvent;
  const control = target?.closest('a[href]')
    ? null
    : target?.closest(keyboard ? 'button, [tabindex]' : 'button');
  if (!control || (keyboard && !KEYS.has(event.key))) return undefined;
  const again = keyboard
    ? new KeyboardEvent('keydown', { key: event.key, code: event.code, bubbles: true, cancelable: true })
    : new MouseEvent('click', { bubbles: true, cancelable: true, view: window });
  return { control, again };
}
