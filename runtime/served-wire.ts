/**
 * What the Node server with the deploy hook says about the build it serves, for the hosted
 * editor's Publish to learn when a merged change is live there (server/deploy-hook.ts answers it;
 * editor/app/publish/ reads it). Plain values only, so the browser editor imports it as it is.
 *
 * Safe to answer anyone: a commit's id says nothing of the site's content, and visitors see the
 * site change anyway. No build log is in it (that may name files and settings): only whether the
 * last build failed, and of which commit.
 */

/** Under the editor's API, so the editor's headers (its policy, noindex, no-store) go with it. */
export const SERVED_PATH = '/api/keystatic/served';

export interface ServedAnswer {
  /** The branch the server publishes (DEPLOY_BRANCH). */
  branch: string;
  /** The commit of the build being served, once the server has built one; null before its first publish. */
  served: string | null;
  /** Whether a build is running now (one more may wait behind it). */
  building: boolean;
  /** The commit whose build failed last, until a later build succeeds; the site then serves the one before. */
  failed: string | null;
}
