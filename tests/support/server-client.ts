/**
 * Talking to the production server in the unit tests: a server over the fixture's small build
 * (tests/support/site-facts.ts), and the check that an answer carries the security headers of runtime/rules.ts.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildServer, type ServerOptions, type SiteServer } from '../../server/app.ts';
import type { SitePolicy } from '../../runtime/rules.ts';
import type { Answer } from './raw-http.ts';
import { expectedSecurity, sampleBuild, type SampleBuild } from './site-facts.ts';

export { exchange, parse, raw, type Answer } from './raw-http.ts';

/** A file beside the build (outside it) that no request may ever reach. */
export const SECRET_FILE = 'be-secret.txt';

export interface Served {
  build: SampleBuild;
  app: SiteServer;
  base: string;
}

/** The fixture's build, served for the test file's tests (on a free loopback port), removed after. */
export function useServer(options: Partial<ServerOptions> = {}): Served {
  const served = {} as Served;
  beforeAll(async () => {
    served.build = await sampleBuild();
    await writeFile(join(served.build.root, '..', SECRET_FILE), 'secret');
    served.app = await buildServer({ root: served.build.root, ...options });
    served.base = await served.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await served.app?.close();
    await served.build?.remove();
  });
  return served;
}

/** A server of the same build with short time limits (or other options), for the slow-client tests. */
export async function quickServer(root: string, options: Partial<ServerOptions> = {}) {
  const server = await buildServer({
    root,
    timeouts: { idle: 400, headers: 300, request: 600, keepAlive: 300 },
    ...options,
  });
  const origin = await server.listen({ host: '127.0.0.1', port: 0 });
  const connections = () =>
    new Promise<number>((resolve) => server.server.getConnections((_error, count) => resolve(count)));
  return { server, origin, connections };
}

/**
 * The security headers of runtime/rules.ts, each with its value, over plain HTTP (`http`) or behind
 * TLS (`https`); over plain HTTP, the ones sent only behind TLS (HSTS) are absent.
 */
export function expectSecurityHeaders(
  answer: Answer,
  policy: SitePolicy,
  transport: 'http' | 'https',
  label = '',
) {
  const expected = expectedSecurity(policy, transport);
  for (const [name, value] of Object.entries(expected))
    expect(answer.headers[name], `${label} ${name}`).toBe(value);
  for (const name of Object.keys(expectedSecurity(policy, 'https')).filter((name) => !(name in expected)))
    expect(answer.headers[name], `${label} ${name}`).toBeUndefined();
}
