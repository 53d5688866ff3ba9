/**
 * The build's hashes, in one place: the digest a content security policy names an inline script
 * or style by, and the stamp a file is named by after its content.
 */
import { createHash } from 'node:crypto';

/** A CSP hash source's digest of an inline script or style. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** The hash source itself, quoted as a policy writes it. */
export const cspSource = (text: string) => `'sha256-${sha256(text)}'`;

/** The first `length` hex digits of the content's SHA-256: a file named by it changes name when it changes. */
export const contentStamp = (content: string | Uint8Array, length: number) =>
  createHash('sha256').update(content).digest('hex').slice(0, length);

/**
 * A page after an edit, with the CSP hash of each inline <style> the edit changed replaced by the
 * new one. Throws when a changed style's old hash is not in the page's policy (the policy would
 * then block the new one). Styles are matched in order, so an edit may change but not add or drop one.
 */
export function withStyleHashes(before: string, after: string): string {
  if (!/http-equiv="content-security-policy"/i.test(after)) return after;
  const styles = (html: string) => [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  const old = styles(before);
  const changed = styles(after);
  let out = after;
  old.forEach((style, index) => {
    if (style === changed[index]) return;
    const oldHash = cspSource(style);
    if (!out.includes(oldHash)) throw new Error(`no CSP hash for an inline style (${oldHash})`);
    out = out.replace(oldHash, cspSource(changed[index] ?? ''));
  });
  return out;
}
