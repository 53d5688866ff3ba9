/**
 * Paths the hosts' functions answer at beside the build's files, named here without the functions'
 * code (which needs Node), so what must stay clear of them (a campaign page's name,
 * runtime/answered-paths.ts) reads them even in the browser editor.
 */

/** The Vercel function of the split tests: its folder `.vercel/output/functions/experiments.func`, answered at `/experiments`. */
export const VERCEL_FUNCTION = 'experiments';

/** Vercel's route hands the split-test function the page's path in this query parameter. */
export const VERCEL_EXPERIMENT_PATH = 'experiment-path';

/** A header Vercel's routes test, so the function's own fetch of the control skips the function. */
export const VERCEL_INNER_HEADER = 'x-experiment-inner';

/**
 * The editor's function on Netlify and Vercel (editor/build/editor-hosts.ts); Vercel's folder is
 * `functions/<name>.func`, answered at `/<name>`: not `keystatic`, the name of the editor's folder
 * of static files.
 */
export const EDITOR_FUNCTION = 'editor-function';

/** The query parameter Vercel's route uses to hand the editor's function the path it was asked for. */
export const VERCEL_EDITOR_PATH = 'editor-path';

/** Where the Node server takes GitHub's push events (runtime/deploy-hook.ts). */
export const DEPLOY_HOOK_PATH = '/api/deploy-hook';
