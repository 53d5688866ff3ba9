/**
 * The setup's calls to GitHub's API, with fetch and WebCrypto only (every host's runtime): the
 * manifest's conversion into an app, the app's own token (a JWT signed with its private key), an
 * installation's token and repositories, the commit of the sealed credentials, and how a branch is
 * protected.
 */
import { fromBase64Url, toBase64Url } from './seal.ts';

const API = 'https://api.github.com';
const HEADERS = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
  'user-agent': 'build-equity-editor-setup',
};

/** The app GitHub created from the manifest: what the editor keeps of it. */
export interface CreatedApp {
  id: number;
  slug: string;
  clientId: string;
  clientSecret: string;
  /** Its private key, PKCS#8 DER, base64url (what WebCrypto imports). */
  key: string;
  /** The account that owns it. */
  owner: string;
}

/** A refusal by GitHub, in its own words (its `message`), with the status it answered. */
export class GitHubRefused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(`${API}${path}`, {
    ...rest,
    headers: { ...HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers },
  });
  const text = await response.text();
  let body: (T & { message?: string }) | undefined;
  try {
    body = (text ? JSON.parse(text) : {}) as T & { message?: string };
  } catch {
    body = undefined;
  }
  if (!response.ok || !body)
    throw new GitHubRefused(
      response.status,
      body?.message ?? `it answered ${response.status} without a reason`,
    );
  return body;
}

/** DER length bytes. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

const der = (tag: number, content: Uint8Array): Uint8Array =>
  Uint8Array.from([tag, ...derLength(content.length), ...content]);

/** rsaEncryption's algorithm identifier, and version 0, as PKCS#8 begins. */
const PKCS8_HEAD = Uint8Array.from([
  0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
]);

/** A PEM private key (GitHub gives PKCS#1, "RSA PRIVATE KEY") as PKCS#8 DER, base64url. */
export function pkcs8FromPem(pem: string): string {
  const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(body), (character) => character.charCodeAt(0));
  if (!pem.includes('BEGIN RSA PRIVATE KEY')) return toBase64Url(bytes);
  const octets = der(0x04, bytes);
  return toBase64Url(der(0x30, Uint8Array.from([...PKCS8_HEAD, ...octets])));
}

/** The app's own token: a JWT good for nine minutes, signed RS256 with its private key. */
export async function appJwt(app: Pick<CreatedApp, 'id' | 'key'>, now = Date.now()): Promise<string> {
  const seconds = Math.floor(now / 1000);
  const encode = (value: object) => toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iat: seconds - 60, exp: seconds + 540, iss: String(app.id) })}`;
  const key = await crypto.subtle.importKey(
    'pkcs8',
    fromBase64Url(app.key),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(unsigned));
  return `${unsigned}.${toBase64Url(new Uint8Array(signature))}`;
}

interface Conversion {
  id: number;
  slug: string;
  client_id: string;
  client_secret: string;
  pem: string;
  owner?: { login?: string };
}

/** The manifest's `code` exchanged for the app GitHub created (good once, for an hour). */
export async function convertManifest(code: string): Promise<CreatedApp> {
  const app = await call<Conversion>(`/app-manifests/${encodeURIComponent(code)}/conversions`, {
    method: 'POST',
  });
  return {
    id: app.id,
    slug: app.slug,
    clientId: app.client_id,
    clientSecret: app.client_secret,
    key: pkcs8FromPem(app.pem),
    owner: app.owner?.login ?? '',
  };
}

/** Where an installation may act: on all the account's repositories, or on these (`owner/name`). */
export interface InstallationReach {
  token: string;
  all: boolean;
  repositories: string[];
}

/** An installation's token and the repositories it reaches. */
export async function installationReach(app: CreatedApp, installationId: string): Promise<InstallationReach> {
  const jwt = await appJwt(app);
  const { token } = await call<{ token: string }>(
    `/app/installations/${encodeURIComponent(installationId)}/access_tokens`,
    { method: 'POST', token: jwt },
  );
  const listed = await call<{ repositories: { full_name: string }[]; repository_selection?: string }>(
    '/installation/repositories?per_page=100',
    { token },
  );
  return {
    token,
    all: listed.repository_selection === 'all',
    repositories: listed.repositories.map((repo) => repo.full_name),
  };
}

/** Writes `text` at `path` on the repository's default branch, as one commit; the commit's id. */
export async function commitFile(token: string, repo: string, path: string, text: string, message: string) {
  const { default_branch: branch } = await call<{ default_branch: string }>(`/repos/${repo}`, { token });
  let sha: string | undefined;
  try {
    sha = (
      await call<{ sha: string }>(`/repos/${repo}/contents/${path}?ref=${encodeURIComponent(branch)}`, {
        token,
      })
    ).sha;
  } catch (error) {
    if (!(error instanceof GitHubRefused && error.status === 404)) throw error;
  }
  const bytes = new TextEncoder().encode(text);
  const content = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
  const answer = await call<{ commit: { sha: string } }>(`/repos/${repo}/contents/${path}`, {
    method: 'PUT',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, content, branch, ...(sha ? { sha } : {}) }),
  });
  return { branch, commit: answer.commit.sha };
}

/** The required checks protecting `branch` (branch protection's and rulesets'), or null when it is not protected. */
export async function requiredChecks(token: string, repo: string, branch: string): Promise<string[] | null> {
  try {
    const rules = await call<
      { type: string; parameters?: { required_status_checks?: { context: string }[] } }[]
    >(`/repos/${repo}/rules/branches/${encodeURIComponent(branch)}`, { token });
    const fromRules = rules.flatMap((rule) =>
      rule.type === 'required_status_checks'
        ? (rule.parameters?.required_status_checks ?? []).map((check) => check.context)
        : [],
    );
    const protection = await call<{ required_status_checks?: { contexts?: string[] } }>(
      `/repos/${repo}/branches/${encodeURIComponent(branch)}/protection`,
      { token },
    ).catch((error: unknown) => {
      if (error instanceof GitHubRefused && error.status === 404) return null;
      throw error;
    });
    if (!protection && rules.length === 0) return null;
    return [...fromRules, ...(protection?.required_status_checks?.contexts ?? [])];
  } catch (error) {
    if (error instanceof GitHubRefused && error.status === 404) return null;
    throw error;
  }
}
