/**
 * The hosted editor on the hosts that run code: its functions are runtime/hosts/ with
 * editor/api/editor-edge.ts, bundled by deploy/host-functions.ts (the same API and the same headers
 * as the Node server, read from the host's environment at run time); here, the configs around them.
 *
 * - Netlify: a function (`.netlify/v1/functions/`, Netlify's folder for generated ones) on the
 *   editor's page paths and its API; its scripts stay static files (`_headers` adds noindex and
 *   their caching).
 * - Vercel: a function in the Build Output API folder, routed from the same paths.
 * - Cloudflare Pages: the same code inside `_worker.js`, which also serves the editor's scripts
 *   through `env.ASSETS`.
 *
 * Netlify's and Vercel's functions answer the page from a copy of it in their code: a function
 * asking its own site for `/keystatic/index.html` would be routed to itself.
 */
import { EDITOR_API, EDITOR_PAGE, NOINDEX } from '../../runtime/editor.ts';
import type { EditorRoutes } from '../../deploy/routes.ts';
import { cacheControl } from '../../runtime/rules.ts';

/**
 * `_headers` lines for the editor's scripts, which Netlify serves as static files: noindex and a
 * year's caching beside the site's headers (`/*`). Every other editor path is a function's answer.
 */
export function netlifyEditorHeaders(editor: EditorRoutes): string[] {
  return editor.assets.map(
    (file) => `${file}\n  X-Robots-Tag: ${NOINDEX}\n  Cache-Control: ${cacheControl.immutable}`,
  );
}

/**
 * Every editor path, as Netlify's function `config` and Cloudflare Pages' `_routes.json` match
 * them: the function, or the worker, runs for each.
 */
export const EDITOR_PATH_PATTERNS = [EDITOR_PAGE, `${EDITOR_PAGE}/*`, `${EDITOR_API}*`];
