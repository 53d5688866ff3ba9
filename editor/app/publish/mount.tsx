/**
 * Puts the Publish panel on the hosted editor's page, beside Keystatic's app (its own root, so
 * Keystatic's layout is untouched). GitHub mode only: `npm run edit` publishes another way
 * (docs/owner-guide.md, Publishing).
 */
import { createRoot } from 'react-dom/client';
import { watchNavigation } from './hooks.ts';
import { PublishPanel } from './panel.tsx';

export function mountPublish(repo: string): void {
  watchNavigation();
  const host = document.createElement('div');
  host.id = 'publish';
  document.body.append(host);
  createRoot(host).render(<PublishPanel repo={repo} />);
}
