/**
 * The production server: the static build, with the statuses, redirects and headers of the route
 * manifest (deploy/routes.ts). The build is loaded into memory at start (server/site.ts), so only
 * files that were in it then are ever served and no request path reaches the file system.
 *
 * A request meets, in order (each a file of server/):
 * 1. Node's parser, with the time limits below; what it refuses is answered on the raw socket
 *    (client-errors.ts);
 * 2. the request checks (request-checks.ts): URL length, Host, a body, a path that decodes;
 * 3. its answer (answers.ts): a file of the build, a redirect, or the not-found page; 405 for
 *    other methods; a forwarded path goes to its origin (forwarding.ts, a Fastify plugin);
 * 4. on shutdown, the drain (drain.ts).
 *
 * With a deploy hook (deploy-hook.ts, publisher.ts), a pushed change is built beside the running
 * site and swapped in: the answers read the build being served at each request.
 *
 * Answers are written to Node's response directly (`reply.hijack()`, answers.ts), with headers
 * made once at start: that is what lets this server keep up with nginx on the same build. The
 * cost: Fastify's reply hooks and plugins never see an answer, so every header is decided here.
 */
import { writeFile } from 'node:fs/promises';
import { METHODS, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { TIME_LIMITS } from '../runtime/rules.ts';
import { ALLOW, Answers } from './answers.ts';
import { clientErrors } from './client-errors.ts';
import type { DeployHookSettings } from '../runtime/deploy-hook.ts';
import { CREDENTIALS_FILE, type HostedEditorSettings } from '../runtime/editor.ts';
import type { ResultsSource } from '../editor/api/results/results-api.ts';
import { drainer, type DrainOptions } from './drain.ts';
import { variantChooser, type ExperimentOptions } from './experiments.ts';
import { forwarding } from './forwarding.ts';
import { limitPipelining } from './pipelining.ts';
import { hasBody, hostChecker, MAX_URL_LENGTH, requestPath, trustProxyFn } from './request-checks.ts';
import { gitBuild, keepAsServed, Publisher, publishLog, type Build } from './publisher.ts';
import { DEFAULT_MAX_CONNECTIONS, DEFAULT_TRUST_PROXY } from './settings.ts';
import { loadSite, type Site } from './site.ts';

/** Time limits, in milliseconds. */
export interface Timeouts {
  /** A connection with no bytes moving either way (a stalled reader or sender) is cut. */
  idle: number;
  /** The request line and headers must arrive within this. */
  headers: number;
  /** The whole request must arrive within this. */
  request: number;
  /** An idle keep-alive connection is closed after this. */
  keepAlive: number;
}

/** runtime/rules.ts TIME_LIMITS, in milliseconds. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  idle: TIME_LIMITS.idle * 1000,
  headers: TIME_LIMITS.headers * 1000,
  request: TIME_LIMITS.request * 1000,
  keepAlive: TIME_LIMITS.keepAlive * 1000,
};

export interface ServerOptions {
  /** The built site (dist/). */
  root: string;
  logger?: FastifyServerOptions['logger'];
  /** Host names a request may name (ALLOWED_HOSTS); empty: any well-formed host. `*.x.com` allows subdomains. */
  allowedHosts?: readonly string[];
  /** Proxies whose X-Forwarded-Proto is believed (TRUST_PROXY): true, false, or addresses, CIDRs and proxy-addr names. */
  trustProxy?: boolean | string;
  /** Concurrent connections per process (MAX_CONNECTIONS); more are refused at once. */
  maxConnections?: number;
  timeouts?: Partial<Timeouts>;
  /** Split tests: the secret of the daily salt (EXPERIMENT_SECRET) and the clock (server/experiments.ts). */
  experiments?: ExperimentOptions;
  /** The hosted editor's settings (runtime/editor.ts): with them and a build that has the editor, it is served. */
  editor?: HostedEditorSettings | null;
  /**
   * The editor's setup (a setup code, no credentials yet: editor/node/setup.ts): the site's
   * repository as its clone names it, and the preview address for the editor it sets up.
   */
  setup?: { code: string; repo: string | null; previewUrl: string | undefined } | null;
  /** Where the editor's results view gets its figures (server/settings.ts: the provider and key of the server's environment). */
  results?: ResultsSource;
  /**
   * The deploy hook (DEPLOY_HOOK_SECRET, DEPLOY_BRANCH): a signed push builds and serves the new
   * change. `build` replaces the real one (git pull and a build beside `root`, server/publisher.ts).
   */
  deployHook?: (DeployHookSettings & { build?: Build }) | null;
}

export type SiteServer = FastifyInstance & {
  /** Stops accepting, answers every request already received, closes each connection after its answer. */
  drain: (options?: DrainOptions) => Promise<void>;
  /** The build being served. */
  readonly site: Site;
  /** The deploy hook's builds, when it is on. */
  publisher: Publisher | null;
};

/** Differences a swapped-in build cannot bring without a restart (routes made at start). */
function needsRestart(running: Site, next: Site): string[] {
  const paths = (site: Site) => site.forwards.map((forward) => `${forward.method} ${forward.path}`).join(',');
  return [
    ...(paths(running) === paths(next) ? [] : ['its forwarded paths (the analytics settings) differ']),
    ...(Boolean(running.editor) === Boolean(next.editor)
      ? []
      : ['it has the hosted editor where this one has not, or the other way']),
    ...(running.editor && running.hsts !== next.hsts
      ? ["its HSTS_PRELOAD differs (the editor's answers keep this one's)"]
      : []),
  ];
}

/** Fastify's options: Node's time limits, the trusted proxies, and every framework error answered by us. */
function fastifyOptions(
  { logger = false, timeouts: timeoutOptions = {} }: ServerOptions,
  trustsPeer: (address: string) => boolean,
  answers: Answers,
  onClientError: FastifyServerOptions['clientErrorHandler'],
): FastifyHttpOptions<Server> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutOptions };
  return {
    logger,
    // One logger for every request: a child per request costs more than the answer itself.
    childLoggerFactory: (parent) => parent,
    logController: new LogController({ disableRequestLogging: true }),
    // The visitor's address (request.ip) from X-Forwarded-For, set by trusted proxies only.
    trustProxy: (address: string) => trustsPeer(address),
    // Node's own limits: slow headers or bodies get 408, a stalled connection is cut.
    connectionTimeout: timeouts.idle,
    keepAliveTimeout: timeouts.keepAlive,
    requestTimeout: timeouts.request,
    http: {
      headersTimeout: timeouts.headers,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headers / 4))),
      // Host is checked here, so a missing one gets the site's headers too.
      requireHostHeader: false,
      // A duplicate Host arrives joined ("a, b") and fails the check, instead of one being dropped.
      joinDuplicateHeaders: true,
      // Bodyless requests skip the stream life cycle.
      optimizeEmptyRequests: true,
    },
    // Shutdown is ours (drain): requests already received get their normal answer, not 503.
    return503OnClosing: false,
    forceCloseConnections: false,
    bodyLimit: 1,
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    // A URL the router cannot parse gets the not-found page with 400, never a crash.
    frameworkErrors: (error, request, reply) => {
      if (error.code !== 'FST_ERR_BAD_URL') request.log.warn({ err: error }, 'framework error');
      answers.sendNotFound(request, reply, 400);
    },
    clientErrorHandler: onClientError,
  };
}

/** The routes: GET and HEAD get the request checks, then their path's answer; every other method 405. */
function addRoutes(app: FastifyInstance, answers: Answers, hostOk: (request: IncomingMessage) => boolean) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    exposeHeadRoute: false,
    handler: (request, reply) => {
      const url = request.raw.url ?? '/';
      if (url.length > MAX_URL_LENGTH) return answers.sendText(request, reply, 414);
      if (!hostOk(request.raw)) return answers.sendNotFound(request, reply, 400);
      if (hasBody(request.raw)) return answers.sendText(request, reply, 413, {}, true);
      const path = requestPath(url);
      if (path === null) return answers.sendNotFound(request, reply, 400);
      return answers.sendPath(request, reply, path);
    },
  });
  // Every other method the parser knows gets 405 before any body is read.
  for (const method of METHODS) {
    if (method === 'CONNECT' || app.supportedMethods.includes(method)) continue;
    app.addHttpMethod(method, { hasBody: true });
  }
  app.route({
    method: app.supportedMethods.filter((method) => method !== 'GET' && method !== 'HEAD'),
    url: '/*',
    onRequest: (request, reply, done) => {
      answers.refuseMethod(request, reply);
      done();
    },
    handler: (request, reply) => answers.refuseMethod(request, reply),
  });
  app.setNotFoundHandler((request, reply) =>
    request.method === 'GET' || request.method === 'HEAD'
      ? answers.sendNotFound(request, reply, 404)
      : answers.refuseMethod(request, reply),
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    if (status === 400 || status === 404) return answers.sendNotFound(request, reply, status);
    return answers.sendText(request, reply, status, status === 405 ? { allow: ALLOW } : {}, true);
  });
}

/**
 * The editor's setup (editor/node/setup.ts). Its committed credentials are built in by the deploy
 * hook's publish (which pulls them), or else written into the project and built as it is.
 */
async function registerSetup(
  app: FastifyInstance,
  options: ServerOptions,
  answers: Answers,
  hostOk: (request: IncomingMessage) => boolean,
  hook: Publisher | null,
  swap: (folder: string, served: boolean) => Promise<void>,
) {
  const project = process.cwd();
  const local = new Publisher(
    gitBuild({ project, root: options.root, branch: '', pull: false }),
    (folder) => swap(folder, true),
    publishLog(app.log),
  );
  const { editorSetup } = await import('../editor/node/setup.ts');
  await app.register(editorSetup, {
    ...options.setup!,
    answers,
    hostOk,
    results: options.results ?? { state: 'no-provider' },
    buildIn: async (credentials) => {
      if (hook) return void hook.publish();
      await writeFile(join(project, CREDENTIALS_FILE), credentials);
      local.publish();
    },
  });
}

export async function buildServer(options: ServerOptions): Promise<SiteServer> {
  const site = await loadSite(options.root);
  const trustsPeer = trustProxyFn(options.trustProxy ?? DEFAULT_TRUST_PROXY);
  const hostOk = hostChecker(options.allowedHosts ?? []);
  const state = { closing: false };
  const answers = new Answers(site, state, trustsPeer, variantChooser(options.experiments));
  // The parser's errors are logged by the server made just below (only ever called after it exists).
  const errors = clientErrors(answers, trustsPeer, () => app.log);
  const app = Fastify(fastifyOptions(options, trustsPeer, answers, errors.onClientError));
  app.server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  limitPipelining(app.server);
  errors.listen(app.server);
  if (['trace', 'debug', 'info'].includes(app.log.level)) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        `${request.method} ${request.url.slice(0, 300)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
      );
      done();
    });
  }
  addRoutes(app, answers, hostOk);
  // Registered after the error handler, so a refused forward (a body over the limit) carries our headers too.
  if (site.forwards.length > 0) await app.register(forwarding, { site, answers, hostOk });
  if (options.editor && site.editor) {
    const { hostedEditor } = await import('../editor/node/editor.ts');
    await app.register(hostedEditor, {
      settings: options.editor,
      files: site.editor,
      answers,
      hostOk,
      results: options.results ?? { state: 'no-provider' },
    });
  }
  const swap = async (folder: string, served: boolean) => {
    const next = await loadSite(folder);
    const restart = needsRestart(answers.current, next);
    // A build that brings the editor its setup committed is what the setup waits for.
    if (restart.length > 0 && !(options.setup && next.editor))
      app.log.warn(
        `the new build is served, but restart the server to serve all of it: ${restart.join('; ')}`,
      );
    answers.replaceSite(next);
    if (served) await keepAsServed(options.root, folder);
  };
  let publisher: Publisher | null = null;
  if (options.deployHook) {
    const { build: injected, ...settings } = options.deployHook;
    const build =
      injected ?? gitBuild({ project: process.cwd(), root: options.root, branch: settings.branch });
    publisher = new Publisher(build, (folder) => swap(folder, !injected), publishLog(app.log));
    const { deployHook } = await import('./deploy-hook.ts');
    // The served commit is told where the editor is, or will be once its setup is built in.
    const editor = Boolean(options.editor && site.editor) || Boolean(options.setup && !options.editor);
    await app.register(deployHook, { settings, publisher, answers, hostOk, editor });
  }
  if (options.setup && !options.editor) await registerSetup(app, options, answers, hostOk, publisher, swap);
  const server = Object.assign(app, { drain: drainer(app, state), publisher });
  Object.defineProperty(server, 'site', { get: () => answers.current, enumerable: true });
  return server as unknown as SiteServer;
}
