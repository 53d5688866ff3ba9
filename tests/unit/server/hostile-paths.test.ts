/** Hostile paths (the fixture's list): each answered 400 or 404 with the not-found page, never a file outside the build. */
import { describe, expect, it } from 'vitest';
import { requestPath } from '../../../server/request-checks.ts';
import { hostilePaths, SAMPLE_WORDS } from '../../support/site-facts.ts';
import { raw, SECRET_FILE, useServer } from '../../support/server-client.ts';
import { notFoundPage } from '../../../runtime/rules.ts';

const served = useServer();
const HOSTILE = hostilePaths(SECRET_FILE);

describe('hostile paths', () => {
  it('requestPath refuses what cannot be decoded or carries a null byte or backslash', () => {
    expect(requestPath('/%E0%A4%A')).toBeNull();
    expect(requestPath('/a%00b')).toBeNull();
    expect(requestPath('/a%5cb')).toBeNull();
    expect(requestPath('/community?x=1')).toBe('/community');
  });

  it.each(HOSTILE)('%s gets 400 or 404 and nothing outside the build', async (path) => {
    const answer = await raw(served.base, path);
    expect([400, 404, 414, 431]).toContain(answer.status);
    const body = answer.body.toString();
    expect(body).not.toContain('secret');
    expect(body).not.toContain('"name"');
    if (answer.status === 400 || answer.status === 404) expect(body).toContain(SAMPLE_WORDS[notFoundPage]);
  });

  it('is alive and answering after all of them', async () => {
    await Promise.all(HOSTILE.map((path) => raw(served.base, path)));
    const answer = await raw(served.base, '/');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain(SAMPLE_WORDS['/index.html']);
  });
});
