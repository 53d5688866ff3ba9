/**
 * The browser behaviours every page shares, bundled by Astro into one small module
 * (no inline script: the content security policy forbids them).
 */
import { trackPageLoad } from './analytics.ts';
import { applyUtm, rememberUtm } from './auth-link.ts';
import { installBuyBar } from './buy-bar.ts';
import { installDebouncedResize } from './debounced-resize.ts';
import { ensureHeadMeta } from './head-meta.ts';
import { installImageFallback } from './image-fallback.ts';
import { installNavShadow } from './nav-shadow.ts';
import { installReveal } from './reveal.ts';
import { installVideoFacades } from './video-facade.ts';
import { ui } from '../config/ui.ts';

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

ensureHeadMeta(document);
installImageFallback(document);
applyUtm(document, rememberUtm(window.location.search, safeSessionStorage()));
installNavShadow(window, ui.navShadowThreshold);
installDebouncedResize(window, ui.resizeDebounceMs);
installReveal(window);
// The kit page's videos start as facades (one delegated click listener) and its buy bar follows
// the hero's call to action; on a page without them both do nothing.
installVideoFacades(document);
installBuyBar(window);
trackPageLoad(
  window as unknown as { dataLayer?: unknown[] },
  window.location.pathname,
  document.body.dataset['page'] === 'not-found',
);
