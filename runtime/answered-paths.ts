/**
 * The paths the server and the hosts answer beside the site's pages, each with what answers it:
 * a campaign page's name may not take the first part of one (src/content/campaign-names.ts, which
 * is handed them). Each comes from where it is declared.
 */
import { EDITOR_API, EDITOR_PAGE } from './editor.ts';
import { DEPLOY_HOOK_PATH, EDITOR_FUNCTION, VERCEL_FUNCTION } from './function-paths.ts';
import { IMMUTABLE_PREFIX, notFoundPage, redirects } from './rules.ts';

export const ANSWERED_PATHS: readonly (readonly [path: string, what: string])[] = [
  [notFoundPage.replace(/\.html$/, ''), 'the not-found page'],
  ...redirects.map((redirect) => [redirect.from, `the redirect to ${redirect.to}`] as const),
  [IMMUTABLE_PREFIX, 'the site’s own files'],
  [EDITOR_PAGE, 'the editor'],
  [EDITOR_API, 'the editor’s and the deploy hook’s address'],
  [DEPLOY_HOOK_PATH, 'the deploy hook'],
  [VERCEL_FUNCTION, 'a host’s function (split tests on Vercel)'],
  [EDITOR_FUNCTION, 'a host’s function (the editor on Netlify and Vercel)'],
];
