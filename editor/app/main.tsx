/**
 * The editor's page: Keystatic's app with the site's one editor configuration. Two builds of it
 * (editor/build/editor-app.ts): `npm run edit`'s, in local mode, served by the local editor's
 * server; and the hosted editor's, in GitHub mode, which bakes the repository in
 * (editor/app/storage.ts). Its own bundle under /keystatic, never loaded by a visitor's page.
 */
import { Keystatic } from '@keystatic/core/ui';
import { createRoot } from 'react-dom/client';
import config from './config.ts';
import { startEditorPage } from './page.ts';
import { hostedEditor } from './storage.ts';
import { layCommits } from './small-commits.ts';
import { mountPublish } from './publish/mount.tsx';

/** The GitHub App's slug, for Keystatic's "install the app" link (baked in by the hosted editor's build only). */
declare const __EDITOR_APP_SLUG__: string | undefined;
const appSlug = typeof __EDITOR_APP_SLUG__ === 'undefined' ? undefined : __EDITOR_APP_SLUG__;

// The page around the app ("Saved", the place kept, the questions before a loss), started once, here.
startEditorPage(hostedEditor && layCommits(hostedEditor.repo));

const root = document.getElementById('editor');
if (!root) throw new Error('The editor page has no #editor element.');
createRoot(root).render(
  <Keystatic
    // Keystatic's page takes any configuration; its type is narrower than this one's singletons.
    config={config as unknown as Parameters<typeof Keystatic>[0]['config']}
    {...(appSlug !== undefined && {
      appSlug: { envName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', value: appSlug },
    })}
  />,
);
if (hostedEditor) mountPublish(hostedEditor.repo);
