/**
 * `npm run edit`'s server (editor/node/local.ts) on a scratch project, for unit tests: the
 * editor's parts straight from src/ (the server gets them built for Node in `npm run edit`), a
 * stand-in for the app's build, and requests over real HTTP with the headers a test chooses (a
 * browser's fetch would add its own Origin).
 */
import { request } from 'node:http';
import * as parts from '../../editor/app/server-parts.ts';
import type { EditorApp } from '../../editor/node/local-app.ts';
import { localEditorServer } from '../../editor/node/local.ts';

/** The stand-in app: a page, one script, and (when asked) the live preview's page. */
export function standInApp(preview = false): EditorApp {
  const page = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><div id="editor"></div></body></html>`;
  return {
    files: new Map([
      [
        '/keystatic/assets/app-1a2b.js',
        { body: Buffer.from('// the app'), type: 'text/javascript; charset=utf-8' },
      ],
    ]),
    page: page('Editor'),
    preview: preview ? page('Preview') : undefined,
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface LocalEditor {
  port: number;
  ask: (
    path: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Answer>;
  close: () => Promise<void>;
}

/**
 * The server on 127.0.0.1 and a free port, for the project at `root`; `settleMs` in place of the
 * editor's own settle time where a test needs a wider one.
 */
export async function startLocalEditor(
  root: string,
  { app = standInApp(), settleMs }: { app?: EditorApp; settleMs?: number } = {},
): Promise<LocalEditor> {
  const settled = settleMs === undefined ? parts : { ...parts, SAVE_SETTLES_MS: settleMs };
  // No analytics provider: the results view says so (its figures are tests/editor/results.spec.ts's).
  const server = localEditorServer({ root, app, parts: settled, results: { state: 'no-provider' } });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as { port: number };
  const ask: LocalEditor['ask'] = (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const sent = request(
        { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  return { port, ask, close: () => server.close() };
}

/** The owner's data files an editor page carries (its data block), by path. */
export function pageData(html: string): Record<string, string> {
  const json = /<script type="application\/json" id="editor-opening-content">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  if (json === undefined) throw new Error('The page carries no data block.');
  return JSON.parse(json) as Record<string, string>;
}
