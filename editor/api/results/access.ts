/**
 * Who may see the results: in GitHub mode only a signed-in user whose GitHub token may write to
 * the editor's repository, asked of GitHub itself (`GET /repos/{owner}/{name}`, whose
 * `permissions.push` says so), as the editor's own reads and commits are. The token is Keystatic's
 * (its `keystatic-gh-access-token` cookie, set at sign-in). An answer is kept a few minutes per
 * token, so a refresh costs GitHub nothing.
 */

export type AccessVerdict = 'ok' | 'signed-out' | 'no-access' | 'unverified';
export type Access = (request: Request) => Promise<AccessVerdict>;

/** Keystatic's cookie holding the signed-in user's GitHub token (GitHub mode). */
export const TOKEN_COOKIE = 'keystatic-gh-access-token';
const KEEP_MS = 5 * 60_000;

export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The owner's check in GitHub mode, for the repository `repo` (owner/name). */
export function githubWriteAccess(repo: string, send: typeof fetch = (...args) => fetch(...args)): Access {
  const known = new Map<string, { verdict: AccessVerdict; until: number }>();
  return async (request) => {
    const token = cookieValue(request, TOKEN_COOKIE);
    if (!token) return 'signed-out';
    const kept = known.get(token);
    if (kept && kept.until > Date.now()) return kept.verdict;
    let verdict: AccessVerdict;
    try {
      const answer = await send(`https://api.github.com/repos/${repo}`, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.github+json',
          'user-agent': 'build-equity-editor',
        },
      });
      if (answer.status === 401) verdict = 'signed-out';
      else if (!answer.ok)
        verdict = answer.status === 403 || answer.status === 404 ? 'no-access' : 'unverified';
      else {
        const body = (await answer.json()) as { permissions?: { push?: boolean } };
        verdict = body.permissions?.push === true ? 'ok' : 'no-access';
      }
    } catch {
      verdict = 'unverified';
    }
    if (verdict !== 'unverified') {
      if (known.size > 100) known.clear();
      known.set(token, { verdict, until: Date.now() + KEEP_MS });
    }
    return verdict;
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/**
 * Local mode (`npm run edit`): the request came over loopback and names a loopback host (a page
 * of another site that resolves its own name to 127.0.0.1 is not this editor).
 */
export function loopbackOnly(remoteAddress: string | undefined, host: string | undefined): boolean {
  return LOOPBACK.test(remoteAddress ?? '') && LOOPBACK_HOST.test(host ?? '');
}
