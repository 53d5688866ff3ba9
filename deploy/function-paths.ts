/**
 * Paths the hosts' functions answer at beside the build's files, named here without the functions'
 * code (which needs Node), so what must stay clear of them (a campaign page's name,
 * src/content/campaign-names.ts) reads them even in the browser editor.
 */

/** The Vercel function of the split tests: its folder `.vercel/output/functions/experiments.func`, answered at `/experiments`. */
export const VERCEL_FUNCTION = 'experiments';

/** Where the Node server takes GitHub's push events (deploy/deploy-hook.ts). */
export const DEPLOY_HOOK_PATH = '/api/deploy-hook';
