/**
 * The headers of every answer of `npm run edit`'s server: the site's security headers (as sent
 * over plain HTTP, runtime/rules.ts) under the hosted editor's policy (runtime/editor.ts) less
 * what only GitHub mode needs (GitHub's API and avatars), noindex, and caching (the app's hashed
 * files for a year, anything else never stored).
 */
import { EDITOR_CSP, EDITOR_PAGE, NOINDEX, PREVIEW_CSP, PREVIEW_PAGE } from '../../runtime/editor.ts';
import { cacheControl, securityHeaders } from '../../runtime/rules.ts';

/** `policy` with `changes` in place of its own directives of those names. */
function policyWith(policy: string, changes: Record<string, string>): string {
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0]!, part] as const),
  );
  for (const [name, value] of Object.entries(changes)) directives.set(name, `${name} ${value}`);
  return [...directives.values()].join('; ');
}

const LOCAL = {
  // Local mode reads and writes through this server only; pictures are its files or the owner's unsaved ones.
  'img-src': "'self' data: blob:",
  'connect-src': "'self'",
  // The editor's page may frame the preview page (same origin), and nothing else.
  'frame-src': "'self'",
};

/** The editor's own policy under `npm run edit`: no frame may hold its pages. */
export const LOCAL_EDITOR_CSP = policyWith(EDITOR_CSP, LOCAL);
/** The live preview's (PREVIEW_PAGE): framed by this origin's pages only, reading this server alone. */
export const LOCAL_PREVIEW_CSP = policyWith(PREVIEW_CSP, { 'connect-src': "'self'" });

/** Every header an answer for `path` with `status` carries (only a file found is kept). */
export function localEditorHeaders(path: string, status: number): Record<string, string> {
  const preview = path === PREVIEW_PAGE || path.startsWith(`${PREVIEW_PAGE}/`);
  const hashed = status === 200 && path.startsWith(`${EDITOR_PAGE}/assets/`);
  return {
    // Plain HTTP on loopback: no Strict-Transport-Security to send.
    ...securityHeaders({ csp: preview ? LOCAL_PREVIEW_CSP : LOCAL_EDITOR_CSP, hsts: '' }, 'http'),
    ...(preview && { 'X-Frame-Options': 'SAMEORIGIN' }),
    'X-Robots-Tag': NOINDEX,
    'Cache-Control': hashed ? cacheControl.immutable : 'no-store',
  };
}
