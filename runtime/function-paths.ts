/**
 * Paths the hosts' functions answer at beside the build's files, named here without the functions'
 * code (which needs Node), so what must stay clear of them (a campaign page's name,
 * src/content/campaign-names.ts) reads them even in the browser editor.
 */

/** The Vercel function of the split tests: its folder `.vercel/output/functions/experiments.func`, answered at `/experiments`. */
export const VERCEL_FUNCTION = 'experiments';

/**
 * The editor's function on Netlify and Vercel (deploy/editor-hosts.ts); Vercel's folder is
 * `functions/<name>.func`, answered at `/<name>`: not `keystatic`, the name of the editor's folder
 * of static files.
 */
export const EDITOR_FUNCTION = 'editor-function';

/** Where the Node server takes GitHub's push events (runtime/deploy-hook.ts). */
export const DEPLOY_HOOK_PATH = '/api/deploy-hook';
