import type { Refusal } from './preview-content.ts';
import { contentPath } from '../../src/content/schemas.ts';

/** What the preview draws instead of a refused value, as the owner reads it. */
function keptInstead({ file, part }: Refusal): string {
  if (file === contentPath('offer')) return 'the last good figures';
  return part === undefined ? 'this file as it last was good' : 'the last good words';
}

/**
 * The live preview's mark at the top of a section (or of the page) whose content the schemas
 * refuse for now: each refusal in the build's words, and that the last good value is drawn
 * instead. Only classes the site's pages already use, so the site's stylesheet gains nothing.
 */
export function RefusalNote({ refusals }: { refusals: readonly Refusal[] }) {
  return (
    <div role="note" aria-label="Not shown yet" data-preview-note="" className="container-page mt-4 mb-4">
      <div className="rounded-card border-2 border-surface-fg bg-card p-4">
        {refusals.map((refusal) => (
          <p key={`${refusal.file} ${refusal.message}`} className="text-sm">
            <span className="font-semibold text-danger">Not shown yet: </span>
            {`${refusal.message}. The preview shows ${keptInstead(refusal)}.`}
          </p>
        ))}
      </div>
    </div>
  );
}
