/**
 * The deploy hook on the Node server (runtime/deploy-hook.ts says what it is and how it is turned
 * on): `POST /api/deploy-hook` from GitHub, signed with the webhook's secret. A push to the
 * published branch asks the publisher (server/publisher.ts) for a build; every other signed call
 * is acknowledged and changes nothing; an unsigned or wrongly signed one gets 401. Each answer is
 * a line of text with the site's security headers.
 *
 * With the hosted editor served too, `GET /api/keystatic/served` says which commit the site
 * serves and whether a build runs or failed (runtime/served-wire.ts), under the editor's headers:
 * the editor's Publish reads it to say when a merged change is live.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEPLOY_HOOK_BODY_LIMIT,
  DEPLOY_HOOK_PATH,
  EVENT_HEADER,
  pushedBranch,
  SIGNATURE_HEADER,
  signatureValid,
  type DeployHookSettings,
} from '../runtime/deploy-hook.ts';
import { editorHeaders } from '../runtime/editor.ts';
import { lowerCaseNames } from '../runtime/rules.ts';
import { SERVED_PATH, type ServedAnswer } from '../runtime/served-wire.ts';
import type { Answers } from './answers.ts';
import type { Publisher } from './publisher.ts';

interface DeployHookOptions {
  settings: DeployHookSettings;
  publisher: Publisher;
  answers: Answers;
  hostOk: (request: FastifyRequest['raw']) => boolean;
  /** Whether the hosted editor is served beside it: only then is the served commit told. */
  editor: boolean;
}

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

export async function deployHook(
  scope: FastifyInstance,
  { settings, publisher, answers, hostOk, editor }: DeployHookOptions,
) {
  function say(request: FastifyRequest, reply: FastifyReply, status: number, text: string) {
    const body = `${text}\n`;
    const headers = {
      ...answers.current.security[answers.transportOf(request)],
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    };
    return answers.send(reply, status, headers, body);
  }

  function handle(request: FastifyRequest, reply: FastifyReply) {
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!signatureValid(settings.secret, body, headerOf(request, SIGNATURE_HEADER))) {
      request.log.warn(`deploy hook: refused a call without a valid signature from ${request.ip}`);
      return say(request, reply, 401, "The signature does not match: check the webhook's secret.");
    }
    const event = headerOf(request, EVENT_HEADER) ?? '';
    if (event === 'ping') return say(request, reply, 200, 'The deploy hook is ready.');
    if (event !== 'push')
      return say(request, reply, 202, `Nothing to publish for a ${event || 'nameless'} event.`);
    const branch = pushedBranch(body, headerOf(request, 'content-type'));
    if (branch !== settings.branch)
      return say(
        request,
        reply,
        202,
        `Not published: the push is to ${branch ?? 'no branch'}; the site follows ${settings.branch}.`,
      );
    const state = publisher.publish();
    return say(
      request,
      reply,
      202,
      state === 'started'
        ? `Building ${settings.branch}: the new build is served once it is ready.`
        : 'A build is running: the change is built right after it.',
    );
  }

  function served(request: FastifyRequest, reply: FastifyReply) {
    if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
    const answer: ServedAnswer = {
      branch: settings.branch,
      served: publisher.served,
      building: publisher.building,
      failed: publisher.failed,
    };
    const body = JSON.stringify(answer);
    const headers = {
      ...lowerCaseNames(editorHeaders(SERVED_PATH, answers.transportOf(request))),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    };
    return answers.send(reply, 200, headers, body);
  }

  if (editor)
    scope.route({ method: ['GET', 'HEAD'], url: SERVED_PATH, exposeHeadRoute: false, handler: served });
  // The body's bytes as they came: the signature is over them.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: DEPLOY_HOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  scope.route({ method: 'POST', url: DEPLOY_HOOK_PATH, bodyLimit: DEPLOY_HOOK_BODY_LIMIT, handler: handle });
}
