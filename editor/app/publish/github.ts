/**
 * GitHub's REST API from the browser, with the signed-in user's token, the way Keystatic's own app
 * reaches GitHub: the token is Keystatic's `keystatic-gh-access-token` cookie (set at sign-in),
 * and when it is gone or refused the app asks the editor's API for a new one
 * (`POST /api/keystatic/github/refresh-token`, which sets the cookie again). The editor's policy
 * already lets the page talk to api.github.com.
 */

const API = 'https://api.github.com';
const TOKEN_COOKIE = 'keystatic-gh-access-token';
const REFRESH = '/api/keystatic/github/refresh-token';

/** GitHub said no: its status and its own message. */
export class GitHubRefusal extends Error {
  readonly status: number;
  /** The `errors[].message` of a 422, where GitHub gives one. */
  readonly detail: string | undefined;
  constructor(status: number, message: string, detail?: string) {
    super(message);
    this.status = status;
    this.detail = detail;
  }
}

function cookieToken(): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(TOKEN_COOKIE.length + 1)) : undefined;
}

let refreshing: Promise<string | undefined> | undefined;

/** A fresh token from the editor's API (one request at a time, as Keystatic's app does). */
function refreshedToken(send: typeof fetch): Promise<string | undefined> {
  refreshing ??= send(REFRESH, { method: 'POST', credentials: 'same-origin' })
    .then((answer) => (answer.ok ? cookieToken() : undefined))
    .catch(() => undefined)
    .finally(() => (refreshing = undefined));
  return refreshing;
}

export interface GitHubCall {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  accept?: string;
}

/** One repository's API, as the signed-in user. */
export class GitHub {
  readonly repo: string;
  private readonly send: typeof fetch;

  constructor(repo: string, send: typeof fetch = (input, init) => window.fetch(input, init)) {
    this.repo = repo;
    this.send = send;
  }

  private async token(): Promise<string> {
    const token = cookieToken() ?? (await refreshedToken(this.send));
    if (!token) throw new GitHubRefusal(401, 'You are signed out: sign in to the editor again.');
    return token;
  }

  private async call(path: string, { method = 'GET', body, accept }: GitHubCall, token: string) {
    return this.send(`${API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: accept ?? 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** The answer of `path` (under https://api.github.com); a refused token is refreshed once. */
  async raw(path: string, options: GitHubCall = {}): Promise<Response> {
    let answer = await this.call(path, options, await this.token());
    if (answer.status === 401) {
      const fresh = await refreshedToken(this.send);
      if (fresh) answer = await this.call(path, options, fresh);
    }
    return answer;
  }

  /** The JSON of `path`; a GitHubRefusal with GitHub's message when it says no. */
  async json<T>(path: string, options: GitHubCall = {}): Promise<T> {
    const answer = await this.raw(path, options);
    const body = (await answer.json().catch(() => ({}))) as T & {
      message?: string;
      errors?: { message?: string }[];
    };
    if (!answer.ok)
      throw new GitHubRefusal(
        answer.status,
        body.message ?? `GitHub answered ${answer.status}`,
        body.errors?.find((error) => error.message)?.message,
      );
    return body;
  }

  /** `/repos/{owner}/{name}` followed by `path`. */
  repoJson<T>(path: string, options: GitHubCall = {}): Promise<T> {
    return this.json<T>(`/repos/${this.repo}${path}`, options);
  }

  /** GitHub's GraphQL API (the mutations Keystatic's saves use). */
  async graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const body = await this.json<{ data?: T; errors?: { message: string }[] }>('/graphql', {
      method: 'POST',
      body: { query, variables },
    });
    if (body.errors?.length || !body.data)
      throw new GitHubRefusal(422, body.errors?.[0]?.message ?? 'GitHub refused the change');
    return body.data;
  }
}
