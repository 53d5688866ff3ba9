/**
 * Small saves in local mode. `npm run edit`'s server (editor/node/local.ts) hands every save of
 * Keystatic's (its update request: each file base64url-encoded) through here before Keystatic's own
 * handler writes it: each data file is laid onto the file as it is on disk (the one save,
 * ../save.ts), as GitHub mode does in the page before a commit (small-commits.ts).
 */
import { keepLayout, type ReadOriginal } from './save.ts';

interface Addition {
  path: string;
  contents: string;
}

const fromBase64Url = (text: string): string =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0)),
  );
const toBase64Url = (text: string): string =>
  btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A local save's body (Keystatic's update request) with its data files laid onto the files as `read` gives them. */
export async function keepLayoutOfUpdate(body: string, read: ReadOriginal): Promise<string> {
  let update: { additions?: Addition[] };
  try {
    update = JSON.parse(body) as { additions?: Addition[] };
  } catch {
    return body; // Keystatic answers a malformed save itself.
  }
  const additions = Array.isArray(update.additions) ? update.additions : [];
  const isYaml = (addition: Addition) =>
    typeof addition.path === 'string' &&
    addition.path.endsWith('.yaml') &&
    typeof addition.contents === 'string';
  const kept = await keepLayout(
    additions
      .filter(isYaml)
      .map((addition) => ({ path: addition.path, text: fromBase64Url(addition.contents) })),
    read,
  );
  update.additions = [
    ...additions.filter((addition) => !isYaml(addition)),
    ...kept.map((file) => ({ path: file.path, contents: toBase64Url(file.text) })),
  ];
  return JSON.stringify(update);
}
