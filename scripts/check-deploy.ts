/**
 * Checks a live deploy against deploy/: statuses, the redirect, and the headers every response
 * must carry. Usage: npm run check:deploy -- https://buildequity.com
 */
import { cacheControl, findRedirect, PERMISSIONS_POLICY } from '../deploy/rules.ts';

interface Check {
  path: string;
  status: number;
  location?: string;
  cache?: string;
}

const CHECKS: Check[] = [
  { path: '/', status: 200, cache: cacheControl.html },
  { path: '/community', status: 200, cache: cacheControl.html },
  { path: '/community/', status: 200 },
  { path: '/oh-shit-kit', status: findRedirect('/oh-shit-kit')!.status, location: '/' },
  { path: '/oh-shit-kit/', status: 301, location: '/' },
  { path: '/this-page-does-not-exist', status: 404 },
];

const REQUIRED: Record<string, (value: string) => boolean> = {
  'content-security-policy': (v) =>
    v.includes("default-src 'self'") &&
    v.includes("frame-ancestors 'none'") &&
    !/unsafe-(inline|eval)/.test(v),
  'strict-transport-security': (v) => /max-age=63072000; includeSubDomains/.test(v),
  'x-content-type-options': (v) => v === 'nosniff',
  'referrer-policy': (v) => v === 'strict-origin-when-cross-origin',
  'permissions-policy': (v) => v.replace(/\s/g, '') === PERMISSIONS_POLICY.replace(/\s/g, ''),
  'cross-origin-resource-policy': (v) => v === 'same-origin',
  'x-frame-options': (v) => v.toUpperCase() === 'DENY',
};

export async function checkDeploy(
  origin: string,
  log: (line: string) => void = console.log,
  /** Sent with every request, e.g. `X-Forwarded-Proto: https` to check the Node server as a TLS proxy reaches it. */
  headers: Record<string, string> = {},
): Promise<number> {
  let failures = 0;
  let hstsMissing = false;
  const fail = (line: string) => {
    failures += 1;
    log(`  ✗ ${line}`);
  };
  for (const check of CHECKS) {
    const response = await fetch(new URL(check.path, origin), { redirect: 'manual', headers });
    log(`${response.status} ${check.path}`);
    if (response.status !== check.status) fail(`expected status ${check.status}`);
    if (check.location) {
      const location = response.headers.get('location') ?? '';
      if (new URL(location, origin).pathname !== check.location)
        fail(`expected Location ${check.location}, got "${location}"`);
    }
    if (check.cache && response.headers.get('cache-control') !== check.cache) {
      fail(`expected Cache-Control "${check.cache}", got "${response.headers.get('cache-control')}"`);
    }
    for (const [name, ok] of Object.entries(REQUIRED)) {
      const value = response.headers.get(name);
      if (value === null || !ok(value)) fail(`${name}: ${value ?? 'missing'}`);
      if (name === 'strict-transport-security' && value === null) hstsMissing = true;
    }
    if (check.path === '/') {
      const asset = /\/_astro\/[^"']+\.(?:js|css)/.exec(await response.text())?.[0];
      if (asset) {
        const assetResponse = await fetch(new URL(asset, origin), { headers });
        if (assetResponse.headers.get('cache-control') !== cacheControl.immutable) {
          fail(`${asset}: Cache-Control "${assetResponse.headers.get('cache-control')}"`);
        }
      }
    }
  }
  if (failures > 0 && hstsMissing)
    log(
      '  (no HSTS: the Node server sends it only behind TLS, when a trusted proxy says X-Forwarded-Proto: https; see TRUST_PROXY)',
    );
  log(failures === 0 ? 'deploy check: all good' : `deploy check: ${failures} problem(s)`);
  return failures;
}

if (import.meta.main) {
  const origin = process.argv[2];
  if (!origin || !/^https?:\/\//.test(origin)) {
    console.error('Usage: npm run check:deploy -- https://your-site.example');
    process.exit(2);
  }
  process.exit((await checkDeploy(origin)) === 0 ? 0 : 1);
}
