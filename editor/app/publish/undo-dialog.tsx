/**
 * Undo asks first: a modal dialog (the browser's own, so focus stays in it and Escape closes it)
 * naming the publish it takes back and what follows, with the safe answer focused.
 */
import { useEffect, useRef } from 'react';
import type { LastPublish } from './undo.ts';

/** "5 minutes ago", "yesterday": when the publish was, as a person says it. */
function ago(at: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (seconds > -60) return 'just now';
  if (seconds > -3600) return words.format(Math.round(seconds / 60), 'minute');
  if (seconds > -48 * 3600) return words.format(Math.round(seconds / 3600), 'hour');
  return words.format(Math.round(seconds / 86_400), 'day');
}

export function UndoDialog({ last, onClose }: { last: LastPublish; onClose: (confirmed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The safe answer has the focus (the browser would give it to the first button): Enter or
    // Escape keeps the site as it is.
    keep.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="publish-dialog"
      aria-labelledby="publish-undo-title"
      aria-describedby="publish-undo-words"
      onClose={() => onClose(dialog.current?.returnValue === 'undo')}
    >
      <form method="dialog">
        <h2 id="publish-undo-title">Undo the last publish?</h2>
        <p id="publish-undo-words">
          This takes back “{last.title}”, published {ago(last.mergedAt)}: the site goes back to how it was
          before it. The undo is checked and published like any change, and can itself be undone.
        </p>
        <div className="publish-actions">
          <button type="submit" value="undo" className="publish-primary">
            Undo it
          </button>
          <button type="submit" value="keep" className="publish-secondary" ref={keep}>
            Keep it
          </button>
        </div>
      </form>
    </dialog>
  );
}
