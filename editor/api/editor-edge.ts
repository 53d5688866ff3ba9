/**
 * The hosted editor on the hosts that run code beside static files (Netlify, Vercel, Cloudflare
 * Pages): one function for its API and its page, given the host's environment at run time. Its
 * API is editor/api/editor-api.ts, the same code the Node server runs; its page and scripts are the
 * build's own files (`fetchFile`, the host's way to read one), each answered under the editor's
 * headers, never the visitors'. deploy/host-functions.ts bundles this file with Keystatic's
 * handler into each host's function (runtime/hosts/).
 */
import { editorApi } from './editor-api.ts';
import { editorState } from './setup/editor-settings.ts';
import { SETUP_PAGE } from './setup/manifest.ts';
import { setupApi } from './setup/setup-api.ts';
import {
  EDITOR_API,
  EDITOR_PAGE,
  editorHeaders,
  hostedEditorSettings,
  isEditorPath,
  PREVIEW_PAGE,
} from '../../runtime/editor.ts';
import { analyticsSource, RESULTS_SETTINGS } from './results/results-api.ts';
import type { FetchFile, HostEditor } from '../../runtime/hosts/host-editor.ts';
import { readSettings, type Env } from '../../runtime/settings.ts';

/** The editor's files in the build (the route manifest's `editor`) and the build's HSTS (its `hsts`). */
export interface EditorFileList {
  page: string;
  /** The live preview's page, answered at PREVIEW_PAGE. */
  preview: string;
  assets: readonly string[];
  hsts: string;
  /** The credentials the editor's setup committed (editor/api/setup/credentials.ts), sealed, when the build had them. */
  credentials?: string | null;
}

/** A plain answer of the editor: under its headers, never a visitor's. */
function plain(
  path: string,
  hsts: string,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): Response {
  return new Response(text, {
    status,
    headers: { ...editorHeaders(path, hsts), 'content-type': 'text/plain; charset=utf-8', ...extra },
  });
}

type Api = (request: Request) => Promise<Response>;

/**
 * The editor's API for the host's environment and the build's credentials: from the five variables,
 * else from the committed credentials opened with EDITOR_SETUP_CODE; the setup's handler when there
 * is a code and no credentials yet; null when the editor is off.
 */
async function apiFor(env: Env, files: EditorFileList): Promise<{ api: Api } | { setup: Api } | null> {
  const { hsts } = files;
  const { EDITOR_SETUP_CODE: code, KEYSTATIC_PREVIEW_URL: previewUrl } = readSettings(env, [
    'EDITOR_SETUP_CODE',
    'KEYSTATIC_PREVIEW_URL',
  ]);
  const state = await editorState(
    { variables: hostedEditorSettings(env), code, previewUrl, repo: null },
    files.credentials ?? undefined,
  );
  if (state.kind === 'set-up') {
    const results = analyticsSource(readSettings(env, RESULTS_SETTINGS));
    return { api: editorApi(state.settings, { results, hsts }) };
  }
  if (state.kind === 'off') return null;
  const setup = setupApi({ code: state.code, repo: null, setUp: false, hsts });
  return {
    setup: async (request) => {
      const path = new URL(request.url).pathname;
      if (path === EDITOR_PAGE || (path.startsWith(`${EDITOR_PAGE}/`) && !path.startsWith(SETUP_PAGE)))
        return new Response(null, {
          status: 303,
          headers: { ...editorHeaders(path, hsts), location: SETUP_PAGE },
        });
      return (await setup(request)) ?? plain(path, hsts, 404, 'Not Found\n');
    },
  };
}

/**
 * The editor's answer to `request`, or null when the path is not the editor's (the host then
 * answers it as before). `env` is the host's environment, handed down by its function
 * (runtime/hosts/) and read here through the settings' rules (runtime/settings.ts). With none of
 * the editor's variables set at run time the editor is off: 404, as on the Node server; with a
 * partial or wrong set, 503 and the host's log names what is missing. Before its setup (a setup
 * code, no credentials in the build), the editor's paths lead to the setup page.
 */
export function editorEdge(
  env: Record<string, unknown>,
  files: EditorFileList,
): (request: Request, fetchFile: FetchFile) => Promise<Response | null> {
  const strings = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const ready = apiFor(strings, files).then(
    (found) => ({ found, problem: null }),
    (error: unknown) => ({ found: null, problem: (error as Error).message }),
  );
  const { hsts } = files;
  const assets = new Set(files.assets);

  return async (request, fetchFile) => {
    const path = new URL(request.url).pathname;
    if (!isEditorPath(path)) return null;
    const { found, problem } = await ready;
    if (problem) {
      console.error(problem);
      return plain(path, hsts, 503, 'The editor is not configured on this host: see its log.\n');
    }
    if (!found) return plain(path, hsts, 404, 'Not Found\n');
    if ('setup' in found) return found.setup(request);
    if (path.startsWith(EDITOR_API)) return found.api(request);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(path, hsts, 405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    // Its scripts at their own paths, the live preview's page at its own; any other path below
    // /keystatic is the app, which routes itself.
    const file = await fetchFile(
      assets.has(path) ? path : path === PREVIEW_PAGE ? files.preview : files.page,
    );
    if (!file.ok) return plain(path, hsts, 502, `The editor's file could not be read (${file.status}).\n`);
    const headers = new Headers(editorHeaders(path, hsts));
    for (const name of ['content-type', 'etag', 'last-modified']) {
      const value = file.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(request.method === 'HEAD' ? null : file.body, { status: 200, headers });
  };
}

/** The editor on a host (runtime/hosts/), made once per process from the environment it first sees. */
export function editorOnHost(files: EditorFileList): HostEditor {
  let handler: ReturnType<typeof editorEdge> | undefined;
  return (request, env, fetchFile) => {
    handler ??= editorEdge(env, files);
    return handler(request, fetchFile);
  };
}
