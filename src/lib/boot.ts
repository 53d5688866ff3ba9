/**
 * The browser behaviours every page shares, bundled by Astro into one small module that the
 * page carries inline (astro.config.ts), allowed by its hash in the content security policy.
 */
import {
  PUBLIC_ANALYTICS_HOST,
  PUBLIC_ANALYTICS_PROVIDER,
  PUBLIC_ANALYTICS_PROXY,
  PUBLIC_ANALYTICS_SITE_ID,
  PUBLIC_SITE_URL,
} from 'virtual:page-settings';
import { connectAdapter } from 'virtual:analytics-provider';
import {
  createTracker,
  experimentOfPage,
  ownersView,
  trackPageLoad,
  visitorOptedOut,
  type Send,
} from './analytics.ts';
import { installInteractionTracking } from './analytics-interactions.ts';
import { applyUtm, rememberUtm } from './auth-link.ts';
import { installBuyBar } from './buy-bar.ts';
import { installDebouncedResize } from './debounced-resize.ts';
import { installDeferredFrames } from './deferred-frames.ts';
import { ensureHeadMeta } from './head-meta.ts';
import { installImageFallback } from './image-fallback.ts';
import { installNavShadow } from './nav-shadow.ts';
import { installReveal } from './reveal.ts';
import { installVideoFacades } from './video-facade.ts';
import { installWebVitals } from './web-vitals.ts';
import { whenIdleAfterFirstPaint } from './after-first-paint.ts';
import { ui } from '../config/ui.ts';

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The connection to the build's analytics provider (its adapter is bundled with this module by
 * `virtual:analytics-provider`, made in integrations/analytics.ts), opened once the first screen is painted
 * and the browser is idle: events until then wait in the tracker's queue. None without a
 * provider, when the visitor asked not to be tracked, or on a page the owner sees in the editor.
 */
function analyticsProvider(context: Record<string, string>): (() => Promise<Send>) | undefined {
  const connect = connectAdapter;
  if (!connect || visitorOptedOut(window) || ownersView(window)) return undefined;
  const env = {
    provider: PUBLIC_ANALYTICS_PROVIDER,
    host: PUBLIC_ANALYTICS_HOST,
    siteId: PUBLIC_ANALYTICS_SITE_ID,
    proxy: PUBLIC_ANALYTICS_PROXY,
    siteUrl: PUBLIC_SITE_URL,
  };
  return () =>
    new Promise<void>((afterPaint) => whenIdleAfterFirstPaint(afterPaint)).then(() =>
      connect(env, document, context),
    );
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
// The newsletter form's frame waits for the first screen (it is another origin's).
installDeferredFrames(window);
// Under a split test, every event names the test and the variant this page is.
const experiment = experimentOfPage(document.body);
const track = createTracker(window as unknown as { dataLayer?: unknown[] }, {
  connect: analyticsProvider(experiment),
  context: experiment,
});
trackPageLoad(track, window.location.pathname, document.body.dataset['page'] === 'not-found');
installInteractionTracking(document, track);
installWebVitals(window, track);
