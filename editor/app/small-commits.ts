/**
 * Small commits. In GitHub mode the browser commits straight to GitHub, with no server of ours in
 * between, so the editor's one save (editor/app/save.ts, which `npm run edit`'s server runs too)
 * is done here, in the page: each data file of Keystatic's commit is laid onto the file as it is
 * at the commit the save builds on, read from GitHub, before the commit leaves (the page's one
 * request interceptor, page.ts, hands it each commit). A one-field edit is then a one-line commit,
 * which a reviewer can read and GitHub's revert undoes cleanly.
 */
import { keepLayout } from './save.ts';

interface CommitRequest {
  operationName?: string;
  variables?: {
    input?: {
      expectedHeadOid?: string;
      fileChanges?: { additions?: { path: string; contents: string }[] };
    };
  };
}

const fromBase64 = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text), (character) => character.charCodeAt(0)));
const toBase64 = (text: string) =>
  btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));

/** A request to GitHub's GraphQL API laid out afresh; the originals read with `send`. */
export type LayCommit = (init: RequestInit, send: typeof window.fetch) => Promise<RequestInit>;

/** A commit Keystatic sends to `repo`, changing each data file only where the owner did. */
export function layCommits(repo: string): LayCommit {
  return async (init, send) => {
    if (typeof init.body !== 'string') return init;
    const request = JSON.parse(init.body) as CommitRequest;
    const commit = request.variables?.input;
    if (request.operationName !== 'CreateCommit' || !commit?.expectedHeadOid) return init;
    const authorization = new Headers(init.headers).get('authorization');
    const read = async (path: string) => {
      const file = await send(
        `https://api.github.com/repos/${repo}/contents/${path}?ref=${commit.expectedHeadOid}`,
        { headers: { accept: 'application/vnd.github.raw+json', ...(authorization && { authorization }) } },
      );
      return file.ok ? file.text() : undefined;
    };
    const changes = commit.fileChanges;
    const additions = changes?.additions ?? [];
    const isYaml = (addition: { path: string }) => addition.path.endsWith('.yaml');
    const kept = await keepLayout(
      additions
        .filter(isYaml)
        .map((addition) => ({ path: addition.path, text: fromBase64(addition.contents) })),
      read,
    );
    if (changes)
      changes.additions = [
        ...additions.filter((addition) => !isYaml(addition)),
        ...kept.map((file) => ({ path: file.path, contents: toBase64(file.text) })),
      ];
    return { ...init, body: JSON.stringify(request) };
  };
}
