/**
 * The deploy hook of a self-hosted site (`npm start`): GitHub calls it after every push (a webhook
 * signed with a shared secret), and the Node server pulls, builds and serves the new build
 * (server/deploy-hook.ts). Turned on by DEPLOY_HOOK_SECRET, the webhook's secret; without it the
 * path is answered as any other (405 to a POST). DEPLOY_BRANCH (main) is the branch that is
 * published: pushes to any other, such as the editor's drafts, are acknowledged and left alone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export { DEPLOY_HOOK_PATH } from './function-paths.ts';
/** GitHub's push payloads are a few kilobytes; a larger body is refused unread. */
export const DEPLOY_HOOK_BODY_LIMIT = 1024 * 1024;
/** GitHub's header with the HMAC-SHA256 of the body, `sha256=<hex>`. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';
/** GitHub's header naming the event: `push`, or `ping` when the webhook is created. */
export const EVENT_HEADER = 'x-github-event';

/** The hook's settings (DEPLOY_HOOK_SECRET, DEPLOY_BRANCH: server/settings.ts). */
export interface DeployHookSettings {
  secret: string;
  branch: string;
}

/** The signature GitHub sends for `body` with `secret`. */
export function signatureOf(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `signature` (the X-Hub-Signature-256 header) is the body's, compared in constant time. */
export function signatureValid(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^sha256=[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const given = Buffer.from(signature.trim().slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The branch a push payload names (`ref: refs/heads/<branch>`), whether the webhook sends JSON or
 * GitHub's form encoding (`payload=<json>`); null for a tag or a payload that names none.
 */
export function pushedBranch(body: Buffer, contentType: string | undefined): string | null {
  try {
    const text = body.toString('utf8');
    const json = /application\/x-www-form-urlencoded/i.test(contentType ?? '')
      ? (new URLSearchParams(text).get('payload') ?? '')
      : text;
    const ref = (JSON.parse(json) as { ref?: unknown }).ref;
    return typeof ref === 'string' && ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null;
  } catch {
    return null;
  }
}
