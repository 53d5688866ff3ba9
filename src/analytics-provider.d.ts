/** Made by integrations/analytics.ts for the build's PUBLIC_ANALYTICS_PROVIDER. */
declare module 'virtual:analytics-provider' {
  import type { AnalyticsEnv } from './config/analytics.ts';
  import type { Send } from './lib/analytics.ts';

  /**
   * The provider's adapter (bundled with the page's script); undefined when no provider is
   * configured. `context`: what the page view carries too (the split test and variant).
   */
  export const connectAdapter:
    ((env: AnalyticsEnv, doc: Document, context: Record<string, string>) => Promise<Send>) | undefined;
}
