/**
 * The hosted editor on the Node server before it is set up (server/index.ts: a setup code and no
 * credentials yet): /keystatic leads to the setup page (editor/api/setup/, the handler every host
 * runs), and once the setup has committed the credentials, the server builds them in (its deploy
 * hook's publish, or a build of its own) and serves the editor from then on, with no restart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCredentialsFile } from '../../runtime/editor.ts';
import { openedSettings } from '../api/setup/editor-settings.ts';
import { SETUP_PAGE } from '../api/setup/manifest.ts';
import { setupApi } from '../api/setup/setup-api.ts';
import { EDITOR_API_ROUTES, EDITOR_PAGE, type HostedEditorSettings } from '../../runtime/editor.ts';
import type { ResultsSource } from '../api/results/results-api.ts';
import type { Answers } from '../../server/answers.ts';
import { asRequest, editorAnswers, sendResponse } from './editor.ts';

export interface EditorSetupOptions {
  code: string;
  /** The site's repository, as the clone's origin names it (editor/node/setup-code.ts). */
  repo: string | null;
  previewUrl: string | undefined;
  answers: Answers;
  hostOk: (request: FastifyRequest['raw']) => boolean;
  results: ResultsSource;
  /** Builds the committed credentials into the served site (server/app.ts). */
  buildIn: (credentials: string) => Promise<void>;
}

export async function editorSetup(scope: FastifyInstance, options: EditorSetupOptions) {
  const { code, repo, answers, hostOk } = options;
  let settings: HostedEditorSettings | null = null;
  let live: ReturnType<typeof editorAnswers> | null = null;
  const setupFor = (setUp: boolean) =>
    setupApi({
      code,
      repo,
      setUp,
      hsts: answers.current.hsts,
      stored: async (text) => {
        settings = await openedSettings(readCredentialsFile(text)!, code, options.previewUrl);
        setup = setupFor(true);
        await options.buildIn(text);
      },
    });
  let setup = setupFor(false);
  /** The editor's answers, once it is set up and the served build has it. */
  function editor() {
    const files = answers.current.editor;
    // A build made before the setup has only the page leading to it, none of the app's scripts.
    const built = files && [...files.files.keys()].some((path) => path.startsWith(`${EDITOR_PAGE}/assets/`));
    if (!live && settings && files && built)
      live = editorAnswers({ settings, files, answers, hostOk, results: options.results });
    return live;
  }

  async function toSetup(request: FastifyRequest, reply: FastifyReply) {
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    const body = typeof request.body === 'string' ? request.body : undefined;
    const response = await setup(asRequest(answers, request, ['cookie', 'content-type'], body));
    return response ? sendResponse(answers, reply, response) : answers.sendNotFound(request, reply, 404);
  }
  function page(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0]!;
    if (path === SETUP_PAGE || path.startsWith(`${SETUP_PAGE}/`)) return toSetup(request, reply);
    const answer = editor();
    if (answer) return answer.page(request, reply);
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    return answers.send(reply, 303, {}, '', false, ['location', SETUP_PAGE, 'cache-control', 'no-store']);
  }
  function api(request: FastifyRequest, reply: FastifyReply) {
    const answer = editor();
    return answer ? answer.passToApi(request, reply) : answers.sendNotFound(request, reply, 404);
  }

  scope.route({ method: ['GET', 'HEAD'], url: EDITOR_PAGE, exposeHeadRoute: false, handler: page });
  scope.route({ method: ['GET', 'HEAD'], url: `${EDITOR_PAGE}/*`, exposeHeadRoute: false, handler: page });
  scope.route({ method: 'POST', url: SETUP_PAGE, handler: toSetup });
  // The setup's form is a few hundred bytes; Keystatic's refresh is a POST with no body.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, body),
  );
  for (const route of EDITOR_API_ROUTES)
    scope.route({
      method: route.method === 'GET' ? ['GET', 'HEAD'] : [route.method],
      url: route.path,
      exposeHeadRoute: false,
      handler: api,
    });
}
