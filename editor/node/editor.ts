/**
 * The hosted editor on the Node server (only when it is started with the editor's variables and
 * the build has the editor, server/index.ts): its page at /keystatic and below (the app routes
 * itself), its scripts, and its API (editor/api/editor-api.ts, the code every host runs), on exactly
 * the paths and methods of runtime/editor.ts. Everything else under /api/keystatic/ falls through
 * to the site's own answers: 404, or 405 for a method the site does not take.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { editorApi } from '../api/editor-api.ts';
import { EDITOR_API_ROUTES, EDITOR_PAGE, type HostedEditorSettings } from '../../runtime/editor.ts';
import type { ResultsSource } from '../api/results/results-api.ts';
import type { Answers } from '../../server/answers.ts';
import type { EditorFiles } from '../../server/site.ts';

export interface EditorOptions {
  settings: HostedEditorSettings;
  files: EditorFiles;
  answers: Answers;
  hostOk: (request: FastifyRequest['raw']) => boolean;
  /** Where the results view gets its figures (server/settings.ts). */
  results: ResultsSource;
}

/** How the Node server answers with a fetch-style handler's Response (the editor's API, its setup). */
export async function sendResponse(answers: Answers, reply: FastifyReply, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const list: string[] = [];
  for (const [name, value] of response.headers) if (name !== 'set-cookie') list.push(name, value);
  for (const cookie of response.headers.getSetCookie()) list.push('set-cookie', cookie);
  list.push('content-length', String(body.length));
  return answers.send(reply, response.status, {}, body, false, list);
}

/** A request of the Node server as a fetch Request on the site's origin, as the browser sees it, with `headers` of it kept. */
export function asRequest(
  answers: Answers,
  request: FastifyRequest,
  names: readonly string[],
  body?: string,
): Request {
  const origin = `${answers.transportOf(request)}://${request.headers.host}`;
  const headers = new Headers();
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(`${origin}${request.url}`, { method: request.method, headers, body });
}

/** The editor's page and API answers for these settings (the routes are the caller's). */
export function editorAnswers({ settings, files, answers, hostOk, results }: EditorOptions) {
  // The build's HSTS, as the served build says it (a change of it is served after a restart).
  const api = editorApi(settings, { results, hsts: answers.current.hsts });

  function page(request: FastifyRequest, reply: FastifyReply) {
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    const path = request.url.split('?')[0]!;
    // The build being served (a published change brings the editor's new scripts with it).
    const current = answers.current.editor ?? files;
    return answers.sendFile(request, reply, current.files.get(path) ?? current.page);
  }

  async function passToApi(request: FastifyRequest, reply: FastifyReply) {
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    let response: Response;
    try {
      // The editor's own origin, as the browser sees it: GitHub sends the owner back to it.
      response = await api(asRequest(answers, request, ['cookie', 'accept', 'user-agent']));
    } catch (error) {
      request.log.error({ err: error }, 'the editor API failed');
      return answers.sendText(request, reply, 502);
    }
    return sendResponse(answers, reply, response);
  }
  return { page, passToApi };
}

export async function hostedEditor(scope: FastifyInstance, options: EditorOptions) {
  const { page, passToApi } = editorAnswers(options);
  scope.route({ method: ['GET', 'HEAD'], url: EDITOR_PAGE, exposeHeadRoute: false, handler: page });
  scope.route({ method: ['GET', 'HEAD'], url: `${EDITOR_PAGE}/*`, exposeHeadRoute: false, handler: page });
  // Keystatic's refresh is a POST with no body: none is read.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { bodyLimit: 1 }, (_request, _body, done) => done(null, undefined));
  for (const route of EDITOR_API_ROUTES) {
    scope.route({
      method: route.method === 'GET' ? ['GET', 'HEAD'] : [route.method],
      url: route.path,
      exposeHeadRoute: false,
      handler: passToApi,
    });
  }
}
