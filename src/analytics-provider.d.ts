/** Made by astro.config.ts for the build's PUBLIC_ANALYTICS_PROVIDER. */
declare module 'virtual:analytics-provider' {
  import type { AnalyticsEnv } from './config/analytics.ts';
  import type { Send } from './lib/analytics.ts';

  /** Loads the provider's adapter; undefined when no provider is configured. */
  export const loadAdapter:
    (() => Promise<{ connect: (env: AnalyticsEnv, doc: Document) => Promise<Send> }>) | undefined;
}
