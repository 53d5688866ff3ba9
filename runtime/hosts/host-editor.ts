/**
 * The editor as a host's function sees it: a handler for a request, given the host's environment
 * and the host's way to read a file of the build. The editor's code (editor/api/editor-edge.ts)
 * makes one; deploy/host-functions.ts hands it to the host's function, which imports nothing of
 * the editor.
 */

/** A file of the build as the host's file server answers it (`/keystatic/index.html`, `/keystatic/assets/…`). */
export type FetchFile = (file: string) => Promise<Response>;

/** The editor's answer on a host, given the host's environment: null for a path not the editor's. */
export type HostEditor = (
  request: Request,
  env: Record<string, unknown>,
  fetchFile: FetchFile,
) => Promise<Response | null>;

/** The editor's page as the build wrote it, carried in a function's code. */
export interface EditorPageCopy {
  file: string;
  html: string;
}

/**
 * The build's files as Netlify's and Vercel's functions read them: the editor's pages (its app's
 * and the live preview's) from their own copies (a function asking its own site for
 * /keystatic/index.html would be routed to itself), anything else fetched from the site at `base`.
 */
export function pageCopy(pages: readonly EditorPageCopy[], base: string | URL): FetchFile {
  return (file) => {
    const page = pages.find((copy) => copy.file === file);
    return page
      ? Promise.resolve(new Response(page.html, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
      : fetch(new URL(file, base));
  };
}
