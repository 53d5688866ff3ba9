/**
 * The owner's saved files, read the way the editor itself reads them, so the preview starts from
 * what a Save last wrote: in local mode (`npm run edit`) from Keystatic's local API on this
 * computer (its tree, then each file by its hash); in GitHub mode from the draft branch on GitHub,
 * with the signed-in owner's own token (the cookie Keystatic keeps it in), never a key of ours.
 */
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';

/** The data files the pages are made from: src/content/*.yaml and the campaign pages' files. */
export const isDataFile = (path: string): boolean =>
  /^src\/content\/[\w-]+\.yaml$/.test(path) ||
  (path.startsWith(`${CAMPAIGN_FOLDER}/`) && /^[\w-]+\.yaml$/.test(path.slice(CAMPAIGN_FOLDER.length + 1)));

export interface SavedFiles {
  /** Every data file's text, by its path from the project root. */
  texts(): Promise<Map<string, string>>;
  /** A saved file's bytes (an uploaded picture), or undefined when there is none. */
  bytes(path: string): Promise<Uint8Array | undefined>;
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Keystatic's local API (`npm run edit`): the tree of the project's files, then each by its hash. */
export function localFiles(origin = location.origin): SavedFiles {
  // Keystatic's guard against cross-site reads: its API answers only requests that carry it.
  const headers = { 'no-cors': '1' };
  let tree: Promise<Map<string, string>> | undefined;
  const shas = () =>
    (tree ??= fetch(`${origin}/api/keystatic/tree`, { headers })
      .then(async (answer) => {
        if (!answer.ok) throw new Error(`the editor's files could not be listed (${answer.status})`);
        const entries = (await answer.json()) as { path: string; sha: string; type?: string }[];
        return new Map(
          entries.filter((entry) => entry.type !== 'tree').map((entry) => [entry.path, entry.sha]),
        );
      })
      .catch((error: unknown) => {
        tree = undefined;
        throw error;
      }));
  const bytes = async (path: string) => {
    const sha = (await shas()).get(path);
    if (!sha) return undefined;
    const answer = await fetch(`${origin}/api/keystatic/blob/${sha}/${path}`, { headers });
    return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
  };
  return {
    async texts() {
      tree = undefined; // a save since the last reading changed the tree
      const paths = [...(await shas()).keys()].filter(isDataFile);
      const read = await Promise.all(paths.map(async (path) => [path, await bytes(path)] as const));
      return new Map(read.flatMap(([path, file]) => (file ? [[path, decode(file)] as const] : [])));
    },
    bytes,
  };
}

/** The GitHub token of the signed-in owner, as Keystatic keeps it (refreshed by the editor's API when it expired). */
async function gitHubToken(): Promise<string> {
  const fromCookie = () =>
    document.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith('keystatic-gh-access-token='))
      ?.slice('keystatic-gh-access-token='.length);
  const token = fromCookie();
  if (token) return decodeURIComponent(token);
  await fetch('/api/keystatic/github/refresh-token', { method: 'POST' });
  const refreshed = fromCookie();
  if (!refreshed) throw new Error('you are signed out of GitHub: sign in to the editor again');
  return decodeURIComponent(refreshed);
}

/** A branch of the repository on GitHub (the hosted editor's draft branch). */
export function gitHubFiles(repo: string, branch: string, api = 'https://api.github.com'): SavedFiles {
  const get = async (path: string, accept: string) =>
    fetch(`${api}/repos/${repo}/contents/${path}?ref=${encodeURIComponent(branch)}`, {
      headers: { accept, authorization: `Bearer ${await gitHubToken()}` },
    });
  const bytes = async (path: string) => {
    const answer = await get(path, 'application/vnd.github.raw+json');
    return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
  };
  const list = async (folder: string): Promise<string[]> => {
    const answer = await get(folder, 'application/vnd.github+json');
    if (answer.status === 404) return [];
    if (!answer.ok) throw new Error(`GitHub answered ${answer.status} for ${folder} on ${branch}`);
    return ((await answer.json()) as { path: string; type: string }[])
      .filter((entry) => entry.type === 'file')
      .map((entry) => entry.path);
  };
  return {
    async texts() {
      const paths = (await Promise.all([list('src/content'), list(CAMPAIGN_FOLDER)]))
        .flat()
        .filter(isDataFile);
      const read = await Promise.all(paths.map(async (path) => [path, await bytes(path)] as const));
      return new Map(read.flatMap(([path, file]) => (file ? [[path, decode(file)] as const] : [])));
    },
    bytes,
  };
}
