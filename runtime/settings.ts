/**
 * Every setting the build reads from its environment, and the few a host reads again when a request
 * needs one (the hosted editor's, the editor's Results), each written once: its default and what it
 * changes, in the words of docs/deploying.md's tables (tests/unit/docs-variables.test.ts keeps the
 * two the same), and its rule. Each process reads its environment once, through `readSettings`:
 * the build (integrations/build-settings.ts), the Node server at start (server/settings.ts, which
 * adds its own), a host's function at its first request (runtime/hosts/). A wrong value throws one
 * line naming the variable; a blank variable is an unset one. Rules across variables (the editor's
 * all or none, the analytics host an origin alone) belong to the code that uses them
 * (runtime/editor.ts, src/config/analytics.ts).
 */

/** An environment as a process has it: the shell's variables, and the .env file's under the build. */
export type Env = Readonly<Record<string, string | undefined>>;

export interface Setting<T> {
  /** Its default, as docs/deploying.md states it. */
  fallback: string;
  /** What it changes, as docs/deploying.md states it. */
  about: string;
  /** Its value from the environment: checked, its default applied. */
  read: (name: string, raw: string | undefined) => T;
}

/** This site's origin when PUBLIC_SITE_URL is not set: right for `npm start`, wrong anywhere else. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';
/** The sister platform's origin when PUBLIC_APP_URL is not set: a placeholder. */
export const DEFAULT_APP_URL = 'https://app.example.com';

const given = (raw: string | undefined): string | undefined => raw?.trim() || undefined;
const code = (value: string) => `\`${value}\``;
const wrong = (name: string, what: string, value: string) =>
  new Error(`${name} must be ${what} (got "${value}").`);

/** An absolute URL; `means` finishes the message "must be …" when it is not one. */
export function url(about: string, means: string): Setting<string | undefined>;
export function url(about: string, means: string, value: string): Setting<string>;
export function url(about: string, means: string, value?: string): Setting<string | undefined> {
  return {
    fallback: value ? code(value) : 'unset',
    about,
    read: (name, raw) => {
      const set = given(raw);
      if (set && !URL.canParse(set)) throw wrong(name, means, set);
      return set ?? value;
    },
  };
}

/** One of `values`, `value` when unset. */
export function choice<const V extends string>(values: readonly V[], value: V, about: string): Setting<V> {
  const either = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return {
    fallback: code(value),
    about,
    read: (name, raw) => {
      const set = given(raw);
      if (set !== undefined && !(values as readonly string[]).includes(set)) throw wrong(name, either, set);
      return (set ?? value) as V;
    },
  };
}

/** `true` or `false`, false when unset. */
export function flag(about: string): Setting<boolean> {
  return {
    fallback: code('false'),
    about,
    read: (name, raw) => {
      const set = given(raw);
      if (set !== undefined && set !== 'true' && set !== 'false') throw wrong(name, 'true or false', set);
      return set === 'true';
    },
  };
}

/** Any text; its rule, if any, is where it is used. */
export function text(about: string, fallback = 'unset'): Setting<string | undefined> {
  return { fallback, about, read: (_name, raw) => given(raw) };
}

/** Any text, `value` when unset. */
export function textOr(value: string, about: string): Setting<string> {
  return { fallback: code(value), about, read: (_name, raw) => given(raw) ?? value };
}

/** A whole number from `min` to `max`, `value` when unset. */
export function whole(min: number, max: number, value: number, about: string): Setting<number> {
  return {
    fallback: code(String(value)),
    about,
    read: (name, raw) => {
      const set = given(raw);
      if (set === undefined) return value;
      const number = Number(set);
      if (!Number.isInteger(number) || number < min || number > max)
        throw wrong(name, `a whole number from ${min} to ${max}`, set);
      return number;
    },
  };
}

export const SETTINGS = {
  PUBLIC_SITE_URL: url(
    "This site's origin: canonical URLs, Open Graph and Twitter images, sitemap. Set it to the real origin (`https://buildequity.com`) for production.",
    'an absolute URL such as https://buildequity.com',
    DEFAULT_SITE_URL,
  ),
  PUBLIC_APP_URL: url(
    "The sister platform's origin. Every sign-up and buy link goes to `${PUBLIC_APP_URL}/auth?flow=express&from=build_equity&intent=purchase`.",
    'an absolute URL such as https://app.buildequity.com',
    DEFAULT_APP_URL,
  ),
  PUBLIC_NEWSLETTER_EMBED_URL: url(
    "The newsletter provider's embeddable form. When unset, a plain subscribe link stands in its place, never a broken frame.",
    'an absolute URL such as https://newsletter.example.com/embed',
  ),
  PUBLIC_NEWSLETTER_URL: url(
    'Where that plain subscribe link goes.',
    'an absolute URL such as https://newsletter.example.com/subscribe',
    'https://newsletter.example.com/subscribe',
  ),
  PUBLIC_ANALYTICS_PROVIDER: choice(
    ['none', 'plausible', 'umami'],
    'none',
    '`plausible` or `umami` to count visits and clicks there; `none` sends nothing anywhere.',
  ),
  PUBLIC_ANALYTICS_HOST: {
    ...url(
      "The provider's origin: `https://plausible.io`, `https://cloud.umami.is`, or your own instance's (an origin alone, no path).",
      "the provider's origin, such as https://plausible.io",
    ),
    fallback: "the provider's cloud",
  },
  PUBLIC_ANALYTICS_SITE_ID: text(
    "Plausible: the site's domain as added in Plausible. Umami: the website id it shows (required).",
    "this site's domain (Plausible)",
  ),
  PUBLIC_ANALYTICS_PROXY: flag(
    "`true` sends events to this site's own `/a/…` paths, which forward them to the provider (not on Cloudflare Pages).",
  ),
  HSTS_PRELOAD: flag(
    '`true` adds `preload` to HSTS, once the domain is ready for the preload list. Every host takes it from the build, the Node server too.',
  ),
  SITE_ENV: text('`production` marks a production build on a host that does not say so itself (below).'),
  EXPERIMENT_SECRET: text(
    "The split tests' key ([Split tests](#split-tests)): the Node server and the hosts' functions read it at run time (without it the Node server makes one at start, lost on restart); nginx has it written into `deploy/nginx.conf` at build (without it, one of its own).",
  ),
  EDITOR_SETUP_CODE: {
    ...text(
      "A code you make up, 20 characters or more: the hosted editor's setup page asks for it, and the editor's credentials are sealed with it ([the hosted editor](#the-hosted-editor)). The Node server makes one and prints it once when unset.",
    ),
    read: (name, raw) => {
      const set = given(raw);
      if (set !== undefined && set.length < 20)
        throw new Error(
          `${name} must be at least 20 characters: four or five words you will remember (got ${set.length}).`,
        );
      return set;
    },
  },
  KEYSTATIC_GITHUB_REPO: text('`owner/name` of the repository, e.g. `build-equity/site`'),
  KEYSTATIC_GITHUB_CLIENT_ID: text("the GitHub App's Client ID"),
  KEYSTATIC_GITHUB_CLIENT_SECRET: text("the app's client secret"),
  KEYSTATIC_SECRET: text(
    "32 or more random characters (`openssl rand -hex 32`): it encrypts the sign-in's refresh token",
  ),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: text("the app's slug (the last part of `github.com/apps/<slug>`)"),
  KEYSTATIC_PREVIEW_URL: text(
    "your host's address for a branch, with `{branch}`: Netlify `https://{branch}--<site>.netlify.app`, Cloudflare Pages `https://{branch}.<project>.pages.dev`, Vercel `https://<project>-git-{branch}-<team>.vercel.app`",
    'unset: no preview link',
  ),
  ANALYTICS_API_KEY: text(
    'Plausible: a Stats API key; Umami: an API key or a login token. Sent to the provider only, never to a browser.',
  ),
  ANALYTICS_API_URL: text(
    'The API to ask, for your own Umami when it differs from `PUBLIC_ANALYTICS_HOST`.',
    '`PUBLIC_ANALYTICS_HOST`, else `https://plausible.io` or `https://api.umami.is/v1`',
  ),
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
/** The values of `N`, as `readSettings` gives them. */
export type Settings<N extends SettingName = SettingName> = {
  [Name in N]: ReturnType<(typeof SETTINGS)[Name]['read']>;
};

/** The settings `names` from `env`, each by its rule: the first wrong one throws, naming it. */
export function readSettings<const N extends SettingName>(env: Env, names: readonly N[]): Settings<N> {
  return Object.fromEntries(names.map((name) => [name, SETTINGS[name].read(name, env[name])])) as Settings<N>;
}

/** The settings the pages read (integrations/page-settings.ts hands them over at build). */
export const PAGE_SETTINGS = [
  'PUBLIC_SITE_URL',
  'PUBLIC_APP_URL',
  'PUBLIC_NEWSLETTER_EMBED_URL',
  'PUBLIC_NEWSLETTER_URL',
  'PUBLIC_ANALYTICS_PROVIDER',
  'PUBLIC_ANALYTICS_HOST',
  'PUBLIC_ANALYTICS_SITE_ID',
  'PUBLIC_ANALYTICS_PROXY',
] as const satisfies readonly SettingName[];
