/**
 * What a request meets first, before any answer is chosen: the checks of its URL, Host, body and
 * Accept, and which peers' forwarding headers are believed.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { BoundedCache } from './bounded-cache.ts';

/** A request line longer than this gets 414, as nginx does. */
export const MAX_URL_LENGTH = 8 * 1024;

/** The decoded path of a request URL, or null when it cannot be decoded or is hostile. */
export function requestPath(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return null;
  return path;
}

/** A hostname, IPv4 or [IPv6] literal, with an optional port. */
const HOST_PATTERN =
  /^(?:\[[0-9a-f:.]{2,45}\]|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?)(?::[0-9]{1,5})?$/i;

/** Whether a Host header is well formed and, with an allow-list, one of the allowed names. */
export function hostAllowed(host: string, allowed: readonly string[] = []): boolean {
  if (host.length > 261 || !HOST_PATTERN.test(host)) return false;
  if (allowed.length === 0) return true;
  const name = (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, ''))
    .toLowerCase()
    .replace(/\.$/, '');
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith('*.') ? name.endsWith(rule.slice(1)) : name === rule;
  });
}

/**
 * The Host check of a request: HTTP/1.1 needs one, well formed and (with ALLOWED_HOSTS) allowed.
 * Hosts already found good are remembered, so the check is one lookup for the usual request.
 */
export function hostChecker(allowedHosts: readonly string[]): (request: IncomingMessage) => boolean {
  const goodHosts = new BoundedCache<true>(64);
  return (request) => {
    const host = request.headers.host;
    if (host === undefined) return request.httpVersion !== '1.1';
    if (goodHosts.has(host)) return true;
    if (!hostAllowed(host, allowedHosts)) return false;
    goodHosts.set(host, true);
    return true;
  };
}

/** Whether a request announces a body (GET and HEAD never take one here). */
export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Whether a client takes HTML: no Accept at all, or one naming text/html, text/* or * / *. */
export function acceptsHtml(accept: string | undefined): boolean {
  return accept === undefined || /text\/html|text\/\*|\*\/\*/i.test(accept);
}

/** Which peers' X-Forwarded-* headers are believed: TRUST_PROXY as a proxy-addr rule (addresses, CIDRs, names). */
export function trustProxyFn(trustProxy: boolean | string): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  const list =
    trustProxy === false
      ? []
      : trustProxy
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
  if (list.length === 0) return () => false;
  const trust = proxyAddr.compile(list);
  return (address) => address !== undefined && trust(address, 0);
}
