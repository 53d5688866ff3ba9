/**
 * Netlify's functions: the split tests' edge function (the control is the page itself,
 * `context.next()`; a variant's file is fetched from the site; the address is `context.ip`, the
 * secret EXPERIMENT_SECRET) and the editor's function (Functions API v2: a Request in, a Response
 * out; its variables from Netlify.env at run time).
 */
import { pageCopy, type EditorPageCopy, type HostEditor } from './host-editor.ts';
import { answerUnderTest, experimentAt, type SplitTests } from './split.ts';

/** Netlify's global in its runtimes: the deployment's variables. */
const netlifyEnv = () =>
  (
    globalThis as {
      Netlify?: {
        env: { get: (name: string) => string | undefined; toObject: () => Record<string, string> };
      };
    }
  ).Netlify?.env;

export function netlifySplitFunction(tests: SplitTests) {
  return async (
    request: Request,
    context: { ip?: string; next: () => Promise<Response> },
  ): Promise<Response | undefined> => {
    const url = new URL(request.url);
    const experiment = experimentAt(tests, url.pathname);
    if (!experiment) return undefined;
    const secret = netlifyEnv()?.get('EXPERIMENT_SECRET');
    // The control is the page itself; a variant's file is fetched from the site (no function runs there).
    return answerUnderTest(tests, request, experiment, context.ip ?? '', secret, (file) =>
      file === experiment.variants[0]!.file ? context.next() : fetch(new URL(file, url)),
    );
  };
}

export function netlifyEditorFunction(editor: HostEditor, pages: readonly EditorPageCopy[]) {
  return async (request: Request): Promise<Response> =>
    (await editor(request, netlifyEnv()?.toObject() ?? {}, pageCopy(pages, request.url))) ??
    new Response('Not Found\n', { status: 404 });
}
