/**
 * The Node server's settings, read from its environment once, at start (server/index.ts): its own
 * variables below, each with its default, what it changes (docs/deploying.md's table says the same:
 * tests/unit/docs-variables.test.ts) and its rule, and those it shares with the hosts
 * (runtime/settings.ts): the split tests' key, the hosted editor's, the Results'. Nothing below
 * reads the environment again. A wrong value throws one line naming the variable; a blank
 * variable is an unset one. What the build fixed (the headers, HSTS among them) comes from the
 * build, never from here.
 */
import type { DeployHookSettings } from '../runtime/deploy-hook.ts';
import { hostedEditorSettings, type HostedEditorSettings } from '../runtime/editor.ts';
import { analyticsSource, RESULTS_SETTINGS, type ResultsSource } from '../editor/api/results/results-api.ts';
import { choice, readSettings, text, textOr, whole, type Env, type Setting } from '../runtime/settings.ts';
import { trustProxyFn } from './request-checks.ts';

export const DEFAULT_MAX_CONNECTIONS = 1024;
/** Proxies whose X-Forwarded-Proto is believed, by default: this machine and private networks. */
export const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';

/** The levels the server's logger knows (pino's). */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `true`, `false`, or addresses and CIDRs: whose X-Forwarded-Proto is believed. */
const trustProxy: Setting<boolean | string> = {
  fallback: `\`${DEFAULT_TRUST_PROXY}\``,
  about:
    'Whose `X-Forwarded-Proto` is believed: `true` (anyone), `false` (no one), or addresses and CIDRs (`10.0.0.0/8,fd00::/8`). The default covers a proxy on the same machine, Docker, Fly and Render. Behind TLS (`X-Forwarded-Proto: https` from a trusted proxy) the server sends HSTS and `upgrade-insecure-requests`; over plain HTTP it does not.',
  read: (name, raw) => {
    const set = raw?.trim() || DEFAULT_TRUST_PROXY;
    const value = set === 'true' ? true : set === 'false' ? false : set;
    try {
      trustProxyFn(value);
    } catch {
      throw new Error(`${name} must be true, false, or addresses and CIDRs (got "${set}").`);
    }
    return value;
  },
};

/** The webhook's secret: 16 characters or more, or unset (no deploy hook). */
const deployHookSecret: Setting<string | undefined> = {
  ...text(
    "Turns on `POST /api/deploy-hook` ([the deploy hook](#publishing-to-your-own-server-the-deploy-hook)): the GitHub webhook's secret, 16 characters or more.",
  ),
  read: (name, raw) => {
    const secret = raw?.trim() || undefined;
    if (secret && secret.length < 16)
      throw new Error(
        `${name} must be at least 16 characters (the Secret of the GitHub webhook; e.g. \`openssl rand -hex 32\`).`,
      );
    return secret;
  },
};

/** The branch the deploy hook publishes. */
const deployBranch: Setting<string> = {
  ...textOr('main', 'The branch the deploy hook publishes.'),
  read: (name, raw) => {
    const branch = raw?.trim() || 'main';
    if (!/^[\w./-]+$/.test(branch)) throw new Error(`${name} is not a branch name (got "${branch}").`);
    return branch;
  },
};

/** The Node server's own variables. */
export const SERVER_SETTINGS = {
  HOST: textOr('127.0.0.1', 'Address to listen on (`0.0.0.0` in a container).'),
  PORT: whole(0, 65535, 4321, 'Port to listen on.'),
  LOG_LEVEL: choice(LOG_LEVELS, 'info', '`info` logs one line per request; `warn` or `error` for less.'),
  SITE_ROOT: textOr('dist', 'The build to serve.'),
  MAX_CONNECTIONS: whole(
    1,
    1_000_000,
    DEFAULT_MAX_CONNECTIONS,
    'Connections open at once; one more is closed at once.',
  ),
  ALLOWED_HOSTS: text(
    "Comma-separated host names a request may name in `Host` (any port), e.g. `buildequity.com,www.buildequity.com`; `*.buildequity.com` allows subdomains. Others get 400. Add the name your platform's health check uses. A missing (HTTP/1.1), repeated or malformed `Host` always gets 400.",
    'unset: any well-formed host',
  ),
  TRUST_PROXY: trustProxy,
  DEPLOY_HOOK_SECRET: deployHookSecret,
  DEPLOY_BRANCH: deployBranch,
} satisfies Record<string, Setting<unknown>>;

export interface ServerSettings {
  /** The build to serve, as given (resolved by the caller). */
  root: string;
  host: string;
  port: number;
  logLevel: (typeof LOG_LEVELS)[number];
  maxConnections: number;
  /** Host names a request may name; empty: any well-formed host. */
  allowedHosts: string[];
  trustProxy: boolean | string;
  /** The split tests' key; undefined: one made at start. */
  experimentSecret: string | undefined;
  deployHook: DeployHookSettings | null;
  editor: HostedEditorSettings | null;
  /** EDITOR_SETUP_CODE: the hosted editor's setup code, when set (else the server makes one: editor/node/setup-code.ts). */
  setupCode: string | undefined;
  /** KEYSTATIC_PREVIEW_URL, for an editor set up by its setup page. */
  previewUrl: string | undefined;
  /** Where the editor's Results get their figures. */
  results: ResultsSource;
}

type ServerName = keyof typeof SERVER_SETTINGS;
type Own<N extends ServerName> = { [Name in N]: ReturnType<(typeof SERVER_SETTINGS)[Name]['read']> };

/** The server's own settings `names` from `env`, each by its rule. */
function readOwn<const N extends ServerName>(env: Env, names: readonly N[]): Own<N> {
  return Object.fromEntries(
    names.map((name) => [name, SERVER_SETTINGS[name].read(name, env[name])]),
  ) as Own<N>;
}

/** The deploy hook's settings from `env`, or null when DEPLOY_HOOK_SECRET is not set; a weak secret throws. */
export function deployHookSettings(env: Env): DeployHookSettings | null {
  const { DEPLOY_HOOK_SECRET: secret, DEPLOY_BRANCH: branch } = readOwn(env, [
    'DEPLOY_HOOK_SECRET',
    'DEPLOY_BRANCH',
  ]);
  return secret ? { secret, branch } : null;
}

/** Every setting of the server from `env` (its process's environment), checked. */
export function serverSettings(env: Env): ServerSettings {
  const own = readOwn(env, Object.keys(SERVER_SETTINGS) as ServerName[]);
  const shared = readSettings(env, ['EXPERIMENT_SECRET', 'EDITOR_SETUP_CODE', 'KEYSTATIC_PREVIEW_URL']);
  return {
    root: own.SITE_ROOT,
    host: own.HOST,
    port: own.PORT,
    logLevel: own.LOG_LEVEL,
    maxConnections: own.MAX_CONNECTIONS,
    allowedHosts: (own.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    trustProxy: own.TRUST_PROXY,
    experimentSecret: shared.EXPERIMENT_SECRET,
    deployHook: own.DEPLOY_HOOK_SECRET ? { secret: own.DEPLOY_HOOK_SECRET, branch: own.DEPLOY_BRANCH } : null,
    editor: hostedEditorSettings(env),
    setupCode: shared.EDITOR_SETUP_CODE,
    previewUrl: shared.KEYSTATIC_PREVIEW_URL,
    results: analyticsSource(readSettings(env, RESULTS_SETTINGS)),
  };
}
