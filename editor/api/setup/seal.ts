/**
 * Sealing with the setup code: the hosted editor's app credentials (and anything else the setup
 * keeps) are encrypted with a key derived from the code the owner chose (EDITOR_SETUP_CODE), so
 * they can sit in the repository, a cookie or a function's bundle and be read only where the code
 * is known, as Rails keeps encrypted credentials beside one master key. WebCrypto only (PBKDF2 and
 * AES-256-GCM), so every host's function runtime opens what the Node server sealed, and the other
 * way round. The iterations are Cloudflare Workers' ceiling for PBKDF2; the code's length carries
 * the rest of the strength.
 */

/** PBKDF2-SHA-256 rounds: the most Cloudflare Workers computes. */
const ITERATIONS = 100_000;

/** What a sealed value looks like at rest: base64url of salt (16 bytes), nonce (12) and ciphertext, dot-joined, `v1` first. */
const PREFIX = 'v1';

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** The AES key for `code` and `salt`. `purpose` keeps keys for different uses apart (a cookie's never opens the file). */
async function keyFor(code: string, salt: Uint8Array<ArrayBuffer>, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`${purpose}\n${code}`),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** `value` (any JSON) sealed with `code` for `purpose`: text safe in a file, a cookie or a URL. */
export async function seal(value: unknown, code: string, purpose: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const key = await keyFor(code, salt, purpose);
  const data = encoder.encode(JSON.stringify(value));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, data));
  return [PREFIX, toBase64Url(salt), toBase64Url(nonce), toBase64Url(sealed)].join('.');
}

/** What `seal` sealed, or null when `text` was not sealed with this code for this purpose (or was changed). */
export async function unseal<T>(text: string, code: string, purpose: string): Promise<T | null> {
  const [prefix, salt, nonce, sealed, ...rest] = text.trim().split('.');
  if (prefix !== PREFIX || !salt || !nonce || !sealed || rest.length > 0) return null;
  try {
    const key = await keyFor(code, fromBase64Url(salt), purpose);
    const data = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64Url(nonce) },
      key,
      fromBase64Url(sealed),
    );
    return JSON.parse(new TextDecoder().decode(data)) as T;
  } catch {
    return null;
  }
}

/** Whether `given` is `expected`, in a time that does not depend on where they differ (both hashed first). */
export async function sameCode(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all(
    [given, expected].map(
      async (text) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))),
    ),
  );
  let difference = 0;
  for (let index = 0; index < a!.length; index++) difference |= a![index]! ^ b![index]!;
  return difference === 0;
}

/** A random text of `bytes` bytes, base64url (a state, a session secret, a generated setup code). */
export const randomText = (bytes: number): string =>
  toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

export { fromBase64Url, toBase64Url };
