import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';

/**
 * Sticky buy bar on phones (hidden from md). It starts hidden (out of sight, out of the tab order
 * and the accessibility tree) and slides in once the hero's own call to action has left the
 * viewport (src/lib/buy-bar.ts sets `data-shown`). Below md the footer ends with room for it and
 * the page keeps a scroll padding, so it never covers content or the focused control.
 */
export function BuyBar({ content, authUrl }: { content: KitPage['buyBar']; authUrl: string }) {
  return (
    <aside
      aria-label="Buy the kit"
      data-buy-bar=""
      data-surface="dark"
      data-section="buy-bar"
      className="invisible fixed inset-x-0 bottom-0 z-40 translate-y-full border-t border-border bg-surface/95 backdrop-blur transition-[translate,visibility] duration-200 ease-out data-shown:visible data-shown:translate-y-0 md:hidden"
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <p className="text-sm font-semibold">{content.price}</p>
        <Button href={authUrl} auth>
          {content.label}
        </Button>
      </div>
    </aside>
  );
}
