/**
 * The content security policy, made at build. Astro writes each page's policy as a <meta> with
 * the hashes of the scripts and styles it emitted (its directives: `cspDirectives`, handed to Astro
 * by integrations/csp.ts); the HTTP header (which alone can carry frame-ancestors and
 * upgrade-insecure-requests) is one policy for the whole site: these directives plus the union
 * of every page's hashes (build-output.ts), so any host can send the same header on every path.
 */

/**
 * Directives besides script-src and style-src (which Astro owns), for integrations/csp.ts. Only
 * directives every engine implements: one an engine does not know is logged as an error on every
 * page (WebKit: "Unrecognized Content-Security-Policy directive 'manifest-src'"), so a fetch kind
 * that default-src already covers (manifest-src, prefetch-src, ...) is not named.
 */
export function cspDirectives({
  frameOrigins,
  connectOrigins = [],
}: {
  frameOrigins: readonly string[];
  /** Besides our own origin: the analytics provider's, when the build sends events straight to it. */
  connectOrigins?: readonly string[];
}): string[] {
  // Images, fonts and media come from our own origin only, as default-src says: a directive that
  // repeats it would cost every response its bytes for nothing.
  return [
    "default-src 'self'",
    `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}`,
    ...(connectOrigins.length > 0 ? [["connect-src 'self'", ...connectOrigins].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "worker-src 'none'",
  ];
}

/** Directives only a header can carry. */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'", 'upgrade-insecure-requests'];

/** The CSP in a page's <meta http-equiv="content-security-policy">, or null. */
export function metaPolicy(html: string): string | null {
  const tag = /<meta\s+http-equiv=["']content-security-policy["'][^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const content = /content=(["'])([\s\S]*?)\1/i.exec(tag)?.[2];
  return content
    ? content
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}

/** Parses a policy into ordered directives: name → sources. */
export function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** One policy that allows what each page's policy allows: sources are unioned per directive. */
export function unionPolicy(policies: readonly string[]): string {
  const merged = new Map<string, string[]>();
  for (const policy of policies) {
    for (const [name, sources] of parsePolicy(policy)) {
      const list = merged.get(name) ?? [];
      for (const source of sources) if (!list.includes(source)) list.push(source);
      merged.set(name, list);
    }
  }
  for (const directive of HEADER_ONLY_DIRECTIVES) {
    const [name, ...sources] = directive.split(' ');
    merged.set(name!, sources);
  }
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
