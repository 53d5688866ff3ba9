import type { KitPage } from '../../content/schemas.ts';
import { Button } from '../ui/Button.tsx';

/**
 * Sticky buy bar on phones (hidden from md). The page reserves its height at the bottom
 * (pb-20 below md, and scroll-padding) so it never covers content or the focused control.
 */
export function BuyBar({ content, authUrl }: { content: KitPage['buyBar']; authUrl: string }) {
  return (
    <aside
      aria-label="Buy the kit"
      data-buy-bar=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line-dark bg-ink/95 text-paper backdrop-blur md:hidden"
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
