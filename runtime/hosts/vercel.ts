/**
 * Vercel's edge functions (Build Output API): the split tests' (each variant's file fetched from
 * the deployment itself, marked so the routes serve it straight from the files; the address is
 * the one Vercel's edge puts first in X-Forwarded-For) and the editor's (its route passes the path
 * asked for in VERCEL_EDITOR_PATH, since a function may see its own path in request.url; the
 * query, GitHub's code and state, is kept). Both read the deployment's variables from
 * `process.env` at request time.
 */
import { pageCopy, type EditorPageCopy, type HostEditor } from './host-editor.ts';
import { VERCEL_EDITOR_PATH, VERCEL_EXPERIMENT_PATH, VERCEL_INNER_HEADER } from '../function-paths.ts';
import { answerUnderTest, experimentAt, type SplitTests } from './split.ts';

/**
 * The deployment's variables. Read through globalThis: the bundle fixes Node's `process.env.X`
 * at build for runtimes that have no `process` (deploy/host-functions.ts), and Vercel's has one.
 */
const vercelEnv = (): Record<string, string | undefined> =>
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

export function vercelSplitFunction(tests: SplitTests) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    // The route names the page's path (a function may see its own path in request.url).
    const path = url.searchParams.get(VERCEL_EXPERIMENT_PATH) ?? url.pathname;
    const experiment = experimentAt(tests, path);
    if (!experiment) return new Response(null, { status: 404 });
    const address = (request.headers.get('x-forwarded-for') ?? '').split(',')[0]!.trim();
    return answerUnderTest(tests, request, experiment, address, vercelEnv()['EXPERIMENT_SECRET'], (file) =>
      fetch(new URL(file, url.origin), { headers: { [VERCEL_INNER_HEADER]: '1' } }),
    );
  };
}

export function vercelEditorFunction(editor: HostEditor, pages: readonly EditorPageCopy[]) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.searchParams.get(VERCEL_EDITOR_PATH);
    if (path) {
      url.pathname = path;
      url.searchParams.delete(VERCEL_EDITOR_PATH);
    }
    const asked = new Request(url, request);
    return (
      (await editor(asked, vercelEnv(), pageCopy(pages, url))) ?? new Response('Not Found\n', { status: 404 })
    );
  };
}
