/**
 * What Vercel answers for a request, from a Build Output API (v3) `config.json` and the files of
 * its `static/` folder, by the routing rules the generated config uses:
 * - routes are tried in order against the request path (and method, where a route names some);
 * - a matching route with `headers` adds them; with `continue` the next routes are tried too;
 * - a matching route with a `Location` header and a status is a redirect: the answer;
 * - a matching route with `dest` ends the routing: an absolute URL is fetched from that origin
 *   (a forward), a function's path runs that function, a path is served from `static/` with the
 *   route's status (200 by default);
 * - `{ handle: 'filesystem' }` serves the request path when it is a file; the routes after it are
 *   tried only when it is not.
 * A header set twice for one answer is an error here: the config must never leave it to order.
 */
import type { VercelRoute } from '../../deploy/host-configs.ts';

export interface VercelAnswer {
  status: number;
  headers: Record<string, string>;
  /** The file of `static/` served, the forward's URL, or null (a redirect, or no file at all). */
  served: string | null;
  forwardedTo?: string;
  /** A function's route: its path and query, the route's `$1` filled in (the function answers). */
  functionCall?: string;
}

export function resolveVercel(
  config: { version: number; routes: VercelRoute[] },
  files: ReadonlySet<string>,
  path: string,
  method = 'GET',
  /** The functions of `functions/` (`<name>.func`), by name. */
  functions: ReadonlySet<string> = new Set(),
): VercelAnswer {
  if (config.version !== 3) throw new Error(`config.json version ${config.version}, expected 3`);
  const headers: Record<string, string> = {};
  const add = (more: Record<string, string> = {}) => {
    for (const [name, value] of Object.entries(more)) {
      const key = name.toLowerCase();
      if (key in headers) throw new Error(`config.json sets ${name} twice for ${method} ${path}`);
      headers[key] = value;
    }
  };
  for (const route of config.routes) {
    if ('handle' in route) {
      if (files.has(path)) return { status: 200, headers, served: path };
      continue;
    }
    if (!new RegExp(route.src).test(path)) continue;
    if (route.methods && !route.methods.includes(method)) continue;
    add(route.headers);
    if (route.dest !== undefined) {
      if (/^https?:\/\//.test(route.dest))
        return { status: 0, headers, served: null, forwardedTo: route.dest };
      const name = route.dest.slice(1).split('?')[0]!;
      if (functions.has(name))
        return {
          status: 0,
          headers,
          served: null,
          functionCall: path.replace(new RegExp(route.src), route.dest),
        };
      const served = files.has(route.dest) ? route.dest : null;
      return { status: served ? (route.status ?? 200) : 404, headers, served };
    }
    if (route.status !== undefined && route.headers?.['Location'] !== undefined) {
      return { status: route.status, headers, served: null };
    }
    if (!route.continue) break;
  }
  return { status: 404, headers, served: null };
}
