/**
 * The headers of every answer of `npm run edit`'s server: the site's security headers (as sent
 * over plain HTTP, runtime/rules.ts) under the hosted editor's policy (runtime/editor.ts) less
 * what only GitHub mode needs (GitHub's API and avatars), noindex, and caching (the app's hashed
 * files for a year, anything else never stored).
 */
import { EDITOR_CSP, EDITOR_PAGE, NOINDEX } from '../../runtime/editor.ts';
import { cacheControl, securityHeaders } from '../../runtime/rules.ts';

/**
 * The live preview's page (issue 47: the site's pages drawn from the owner's saved and unsaved
 * words), served by this server from the same app bundle when the app has one: the editor's page
 * frames it, so it alone may be framed, and only by a page of this origin.
 */
export const PREVIEW_PAGE = `${EDITOR_PAGE}/preview`;

/** The hosted editor's policy with `changes` in place of its own directives of those names. */
function policyWith(changes: Record<string, string>): string {
  const directives = new Map(
    EDITOR_CSP.split(';')
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
export const LOCAL_EDITOR_CSP = policyWith(LOCAL);
/** The preview page's: the same, framed by this origin's pages only. */
export const LOCAL_PREVIEW_CSP = policyWith({ ...LOCAL, 'frame-ancestors': "'self'" });

/** Every header an answer for `path` with `status` carries (only a file found is kept). */
export function localEditorHeaders(path: string, status: number): Record<string, string> {
  const preview = path === PREVIEW_PAGE || path.startsWith(`${PREVIEW_PAGE}/`);
  const hashed = status === 200 && path.startsWith(`${EDITOR_PAGE}/assets/`);
  return {
    ...securityHeaders(preview ? LOCAL_PREVIEW_CSP : LOCAL_EDITOR_CSP, 'http'),
    ...(preview && { 'X-Frame-Options': 'SAMEORIGIN' }),
    'X-Robots-Tag': NOINDEX,
    'Cache-Control': hashed ? cacheControl.immutable : 'no-store',
  };
}
