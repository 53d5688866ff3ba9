/**
 * `npm run edit`'s server: the browser editor on this computer, in Fastify, on 127.0.0.1 only
 * (scripts/edit.ts builds the editor's app when needed and starts it). It answers:
 *
 * - `/keystatic` and below: the editor's app (its production build, local-app.ts), its page with
 *   the owner's data files as they are on disk at that moment (the editor's checks read them);
 * - `/keystatic/preview` and below: the live preview's page, when the app has one (see
 *   PREVIEW_PAGE in runtime/editor.ts: the one page that may be framed, by this origin only);
 * - Keystatic's local API (`/api/keystatic/tree`, `blob/…`, `update`: Keystatic's own handler,
 *   with its guard against cross-site requests); every save passes through the editor's one save
 *   first, and may write only the data files and uploads;
 * - the results view's figures (`GET /api/keystatic/results`) and Promote (`POST …/promote`).
 *
 * It takes the editor's parts (Keystatic's config, the save, Promote, the data the page opens
 * with) as built for Node by scripts/edit.ts: the server room imports nothing of src/. Every
 * request must come over loopback and name a loopback host; any request naming another origin is
 * refused, and so is a call of the API a page of another site set off.
 */
import type { IncomingMessage } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { makeGenericAPIRouteHandler, type APIRouteConfig } from '@keystatic/core/api/generic';
import { EDITOR_API, EDITOR_PAGE, PREVIEW_PAGE } from '../../runtime/editor.ts';
import { loopbackOnly } from '../api/results/access.ts';
import { resultsHandler, type ResultsSource } from '../api/results/results-api.ts';
import type { EditorApp } from './local-app.ts';
import { OwnersFiles } from './local-files.ts';
import { localEditorHeaders } from './local-headers.ts';

/** What the server takes from the editor (editor/app/server-parts.ts, built for Node). */
export interface LocalEditorParts {
  config: APIRouteConfig['config'];
  keepLayoutOfUpdate: (body: string, read: (path: string) => Promise<string | undefined>) => Promise<string>;
  promoteFiles: (
    read: (path: string) => Promise<string>,
    experiment: string,
    variant: string,
  ) => Promise<{ pageFile: string; written: [string, string][]; files: { path: string; text: string }[] }>;
  readOpeningFiles: (disk: {
    read: (path: string) => Promise<string | undefined>;
    list: (folder: string) => Promise<string[]>;
  }) => Promise<Record<string, string>>;
  withOpeningFiles: (html: string, files: Record<string, string>) => string;
  mayWrite: (path: string) => boolean;
  SAVE_SETTLES_MS: number;
}

export interface LocalEditorOptions {
  /** The project whose files the editor reads and writes. */
  root: string;
  app: EditorApp;
  parts: LocalEditorParts;
  /** Where the results view's figures come from (this computer's environment over the project's .env, read by scripts/edit.ts). */
  results: ResultsSource;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * What any other path gets (a page of the site the editor links to, say): this server serves the
 * editor, not the site's pages, and says where to see them.
 */
function notThePages(path: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Not the editor</title></head>
<body>
<main>
<h1>This is the editor, not the site</h1>
<p>The editor's server answers <a href="${EDITOR_PAGE}">the editor</a> only, not ${escapeHtml(path)}.</p>
<p>To see the site's pages with what you saved, run the site's development server in a second terminal, <code>npm run dev -- --port 4322</code>, then open <code>http://localhost:4322${escapeHtml(path)}</code>.</p>
</main>
</body>
</html>
`;
}

/** A picture may come with a save, base64 in JSON: a phone's photo is a few megabytes. */
const BODY_LIMIT = 64 * 1024 * 1024;
const PROMOTE_LIMIT = 4096;

/** Why a request is refused, or undefined when it may be answered. */
function refusal(request: IncomingMessage, api: boolean): string | undefined {
  const { host, origin } = request.headers;
  if (!loopbackOnly(request.socket.remoteAddress, host)) return 'The editor answers this computer only.';
  if (origin !== undefined && origin !== `http://${host}`) return 'The editor answers its own pages only.';
  // A browser names where a request came from: the API takes none that a page of another site set off.
  const site = request.headers['sec-fetch-site'];
  if (api && site !== undefined && site !== 'same-origin' && site !== 'none')
    return 'The editor answers its own pages only.';
  return undefined;
}

function send(reply: FastifyReply, status: number, body: string | Buffer, type: string) {
  const path = reply.request.url.split('?')[0]!;
  return reply
    .code(status)
    .headers({ ...localEditorHeaders(path, status), 'content-type': type })
    .send(body);
}

const json = (reply: FastifyReply, status: number, body: unknown) =>
  send(reply, status, JSON.stringify(body), 'application/json; charset=utf-8');

export function localEditorServer({
  root,
  app,
  parts,
  results: source,
}: LocalEditorOptions): FastifyInstance {
  const server = Fastify({ logger: false, bodyLimit: BODY_LIMIT });
  const files = new OwnersFiles(root, parts.SAVE_SETTLES_MS);
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  server.addHook('onRequest', async (request, reply) => {
    const reason = refusal(request.raw, request.url.startsWith(EDITOR_API));
    if (reason) return send(reply, 403, reason, 'text/plain; charset=utf-8');
  });
  editorPages(server, app, parts, files);
  keystaticApi(server, parts, files);
  results(server, parts, files, source);
  server.setNotFoundHandler((request, reply) =>
    send(reply, 404, notThePages(request.url.split('?')[0]!), 'text/html; charset=utf-8'),
  );
  server.setErrorHandler((error, request, reply) => {
    const said = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`[editor] ${request.method} ${request.url} failed: ${said}`);
    return send(reply, 500, 'The editor failed: see the terminal running npm run edit.', 'text/plain');
  });
  return server;
}

/** The app's files, and its pages with the owner's data as it is now. */
function editorPages(server: FastifyInstance, app: EditorApp, parts: LocalEditorParts, files: OwnersFiles) {
  const pageWithData = async (html: string) => {
    const data = await files.exclusively(() =>
      parts.readOpeningFiles({
        read: (path) => files.readSettled(path),
        list: (folder) => files.list(folder),
      }),
    );
    return parts.withOpeningFiles(html, data);
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const file = app.files.get(path);
    if (file) return send(reply, 200, file.body, file.type);
    const preview = path === PREVIEW_PAGE || path.startsWith(`${PREVIEW_PAGE}/`);
    const page = preview ? app.preview : app.page;
    if (page === undefined || path.startsWith(`${EDITOR_PAGE}/assets/`))
      return send(reply, 404, 'Not found.', 'text/plain; charset=utf-8');
    return send(reply, 200, await pageWithData(page), 'text/html; charset=utf-8');
  };
  server.get(EDITOR_PAGE, answer);
  server.get(`${EDITOR_PAGE}/*`, answer);
}

/** Keystatic's local API, each save through the editor's one save. */
function keystaticApi(server: FastifyInstance, parts: LocalEditorParts, files: OwnersFiles) {
  const keystatic = makeGenericAPIRouteHandler({ config: parts.config, localBaseDirectory: files.root });
  const pass = async (request: FastifyRequest, reply: FastifyReply, body?: string) => {
    // The two headers Keystatic's handler asks for (its guard against cross-site requests).
    const headers = new Headers();
    for (const name of ['no-cors', 'content-type']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const answer = await keystatic(
      new Request(`http://${request.headers.host}${request.url}`, {
        method: request.method,
        headers,
        ...(body !== undefined && { body }),
      }),
    );
    const type = new Headers(answer.headers).get('content-type') ?? 'text/plain; charset=utf-8';
    return send(reply, answer.status ?? 200, Buffer.from(answer.body ?? ''), type);
  };
  server.get(`${EDITOR_API}tree`, (request, reply) => pass(request, reply));
  server.get(`${EDITOR_API}blob/*`, (request, reply) => pass(request, reply));
  server.post(`${EDITOR_API}update`, (request, reply) =>
    files.exclusively(async () => {
      const body = typeof request.body === 'string' ? request.body : '';
      const outside = pathsOf(body).filter((path) => !parts.mayWrite(path));
      if (outside.length > 0)
        return send(
          reply,
          400,
          `The editor does not write ${outside.join(', ')}.`,
          'text/plain; charset=utf-8',
        );
      const kept = await parts.keepLayoutOfUpdate(body, (path) => files.readSettled(path));
      return pass(request, reply, kept);
    }),
  );
}

/** Every path a save names (Keystatic's update: additions and deletions), as far as it can be read. */
function pathsOf(body: string): string[] {
  let update: { additions?: unknown; deletions?: unknown };
  try {
    update = JSON.parse(body) as typeof update;
  } catch {
    return []; // Keystatic answers a malformed save itself.
  }
  const listed = [update.additions, update.deletions].flatMap((list) => (Array.isArray(list) ? list : []));
  return listed.map((entry) => String((entry as { path?: unknown } | null)?.path));
}

/** The results view's figures, and Promote: both files written, or neither. */
function results(
  server: FastifyInstance,
  parts: LocalEditorParts,
  files: OwnersFiles,
  source: ResultsSource,
) {
  // The requests are loopback's (checked for every request above): the handler lets each by.
  const figures = resultsHandler(source, { access: async () => 'ok', place: 'local' });
  server.get(`${EDITOR_API}results`, async (request, reply) => {
    const answer = await figures(new Request(`http://${request.headers.host}${request.url}`));
    return json(reply, answer.status, answer.body);
  });
  server.post(`${EDITOR_API}promote`, { bodyLimit: PROMOTE_LIMIT }, async (request, reply) => {
    // Promote from the editor's own page only (a page of another site cannot post to it).
    if (request.headers.origin !== `http://${request.headers.host}`)
      return json(reply, 403, { message: 'Promote from the editor’s own page.' });
    let asked: { experiment?: unknown; variant?: unknown };
    try {
      asked = JSON.parse(String(request.body)) as typeof asked;
    } catch {
      return json(reply, 400, { message: 'The editor sent a promotion this server cannot read: reload it.' });
    }
    const read = async (path: string) => {
      const text = await files.readSettled(path);
      if (text === undefined) throw new Error(`${path} is missing.`);
      return text;
    };
    try {
      const promoted = await files.exclusively(async () => {
        const done = await parts.promoteFiles(read, String(asked.experiment), String(asked.variant));
        if (!done.files.every((file) => parts.mayWrite(file.path)))
          throw new Error('The promotion names a file the editor does not write.');
        for (const file of done.files) await writeFile(join(files.root, file.path), file.text);
        return done;
      });
      return json(reply, 200, { pageFile: promoted.pageFile, written: promoted.written });
    } catch (error) {
      return json(reply, 409, { message: (error as Error).message });
    }
  });
}
