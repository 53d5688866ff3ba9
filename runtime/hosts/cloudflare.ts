/**
 * Cloudflare Pages' `_worker.js` (advanced mode), for a split test, the hosted editor, or both:
 * an editor path gets the editor's answer (its variables from the worker's env, its files through
 * env.ASSETS); a page under test gets the visitor's variant (the address from CF-Connecting-IP, the
 * secret from EXPERIMENT_SECRET); anything else goes to the static files as before (`_routes.json`
 * keeps other requests from the worker).
 */
import type { HostEditor } from './host-editor.ts';
import { answerUnderTest, experimentAt, type SplitTests } from './split.ts';

/** What Pages hands the worker: the deployment's variables and its static files. */
interface PagesEnv {
  ASSETS: { fetch: (request: Request) => Promise<Response> };
  EXPERIMENT_SECRET?: string;
  [name: string]: unknown;
}

export function cloudflareWorker({ tests, editor }: { tests?: SplitTests; editor?: HostEditor }) {
  return {
    async fetch(request: Request, env: PagesEnv): Promise<Response> {
      const url = new URL(request.url);
      // Pages serves a folder's page at the folder's URL (and redirects its index.html there).
      const assetAt = (file: string) =>
        env.ASSETS.fetch(new Request(new URL(file.replace(/index\.html$/, ''), url)));
      const forEditor = editor && (await editor(request, env, assetAt));
      if (forEditor) return forEditor;
      const experiment = tests && experimentAt(tests, url.pathname);
      if (tests && experiment && (request.method === 'GET' || request.method === 'HEAD')) {
        const address = request.headers.get('cf-connecting-ip') ?? '';
        return answerUnderTest(tests, request, experiment, address, env.EXPERIMENT_SECRET, assetAt);
      }
      return env.ASSETS.fetch(request);
    },
  };
}
