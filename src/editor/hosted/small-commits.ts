/**
 * Small commits. Keystatic writes a whole data file anew at each save, in its own YAML style; in
 * local mode the editor's server lays each save onto the file as it was (src/editor/yaml-edit.ts).
 * In GitHub mode the browser commits straight to GitHub, with no server of ours in between, so the
 * same is done here, in the page: each data file of Keystatic's commit is laid onto the file as it
 * is at the commit the save builds on, read from GitHub, before the commit leaves. A one-field edit
 * is then a one-line commit, which a reviewer can read and GitHub's revert undoes cleanly.
 */
import { promoteOnSave } from '../promote-on-save.ts';
import { applyEdit, tidySave } from '../yaml-edit.ts';

const GRAPHQL = 'https://api.github.com/graphql';
const DATA_FILE = /^src\/content\/[\w-]+\.yaml$/;
const EXPERIMENTS = 'src/content/experiments.yaml';

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

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** From now on, a commit Keystatic sends changes each data file only where the owner did. */
export function keepLayoutOfCommits(repo: string): void {
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (urlOf(input) !== GRAPHQL || init?.method !== 'POST' || typeof init.body !== 'string')
      return send(input, init);
    const request = JSON.parse(init.body) as CommitRequest;
    const commit = request.variables?.input;
    if (request.operationName !== 'CreateCommit' || !commit?.expectedHeadOid) return send(input, init);
    const authorization = new Headers(init.headers).get('authorization');
    const read = async (path: string) => {
      const file = await send(
        `https://api.github.com/repos/${repo}/contents/${path}?ref=${commit.expectedHeadOid}`,
        { headers: { accept: 'application/vnd.github.raw+json', ...(authorization && { authorization }) } },
      );
      return file.ok ? file.text() : undefined;
    };
    const additions = commit.fileChanges?.additions ?? [];
    for (const addition of [...additions]) {
      if (!addition.path.endsWith('.yaml')) continue;
      const decoded = fromBase64(addition.contents);
      const tidy = tidySave(addition.path, decoded);
      if (tidy !== decoded) addition.contents = toBase64(tidy);
      if (!DATA_FILE.test(addition.path)) continue;
      let saved = fromBase64(addition.contents);
      if (addition.path === EXPERIMENTS) {
        // A variant ticked Promote: its words go into its page's file, in the same commit.
        const promoted = await promoteOnSave(saved, read);
        saved = promoted.experiments;
        if (promoted.page)
          additions.push({ path: promoted.page.path, contents: toBase64(promoted.page.contents) });
      }
      const original = await read(addition.path);
      // A new file, or GitHub unreachable for a moment: the save's own text goes as it is.
      addition.contents = toBase64(original === undefined ? saved : applyEdit(original, saved));
    }
    return send(input, { ...init, body: JSON.stringify(request) });
  };
}
