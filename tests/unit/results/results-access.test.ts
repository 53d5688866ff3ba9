/**
 * Only the owner sees the results: through the editor's API (editor/api/editor-api.ts, the handler
 * the Node server and every host's function run), a signed-out visitor and a signed-in user whose
 * GitHub token may not write to the repository get the refusal and no figure; the owner gets them.
 * GitHub is the stand-in (harness/github-stand-in.ts), asked as the real one would be.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { editorApi } from '../../../editor/api/editor-api.ts';
import { analyticsSource, RESULTS_SETTINGS } from '../../../editor/api/results/results-api.ts';
import { hsts } from '../../../runtime/rules.ts';
import { readSettings } from '../../../runtime/settings.ts';
import { loopbackOnly } from '../../../editor/api/results/access.ts';
import { askedTest, testParam } from '../../../editor/api/results/verdict-words.ts';
import { SAMPLE_EXPERIMENT } from '../../../harness/sample-experiment.ts';
import { fetchWithGitHubApi, GitHubStandIn } from '../../../harness/github-stand-in.ts';
import type { AnalyticsApi } from '../../support/analytics-api.ts';
import { sampleAnalyticsApi } from '../../support/analytics-log.ts';

const KEY = 'stand-in-secret-key-b41e';
const REPO = { owner: 'build-equity', name: 'site' };
let github: GitHubStandIn;
let analytics: AnalyticsApi;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'be-results-access-'));
  execFileSync('git', ['init', '-q', '--bare', folder]);
  github = new GitHubStandIn({
    repository: folder,
    ...REPO,
    clientId: 'Iv1.results',
    clientSecret: 'secret',
  });
  await github.listen(0);
  analytics = await sampleAnalyticsApi(KEY);
  // The API's requests to GitHub go to the stand-in, host first in the path, as the server's are in the browser tests.
  vi.stubGlobal(
    'fetch',
    fetchWithGitHubApi((url, init, send) => github.forward(url, init, send)),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await github.close();
  await analytics.close();
  rmSync(folder, { recursive: true, force: true });
});

const api = () =>
  editorApi(
    {
      repo: `${REPO.owner}/${REPO.name}`,
      clientId: 'Iv1.results',
      clientSecret: 'secret',
      secret: 'x'.repeat(40),
      appSlug: 'editor',
      previewUrl: undefined,
    },
    {
      results: analyticsSource(
        readSettings(
          {
            PUBLIC_ANALYTICS_PROVIDER: 'plausible',
            PUBLIC_ANALYTICS_SITE_ID: 'buildequity.com',
            ANALYTICS_API_KEY: KEY,
            ANALYTICS_API_URL: analytics.origin,
          },
          RESULTS_SETTINGS,
        ),
      ),
      hsts: hsts(false),
    },
  );
const results = (token?: string) =>
  api()(
    new Request(
      `https://site.example/api/keystatic/results?days=28&test=${encodeURIComponent(testParam(askedTest(SAMPLE_EXPERIMENT)))}`,
      {
        headers: token ? { cookie: `keystatic-gh-access-token=${token}` } : {},
      },
    ),
  );

describe('who sees the results', () => {
  it('a signed-out visitor: 401, asked to sign in, no figure', async () => {
    const answer = await results();
    expect(answer.status).toBe(401);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(body).toEqual({ state: 'signed-out', message: expect.stringMatching(/Sign in/) });
  });

  it('a signed-in user who may only read the repository: 403, no figure', async () => {
    const answer = await results(github.issueToken(false));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      state: 'no-access',
      message: expect.stringMatching(/Only the site’s owner/),
    });
  });

  it('a token GitHub does not know: 401', async () => {
    expect((await results('ghu_not-a-token')).status).toBe(401);
  });

  it('the owner (may write): the figures, never stored by the browser, without the key', async () => {
    const answer = await results(github.issueToken(true));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();
    expect(JSON.parse(text)).toMatchObject({ state: 'ready', tests: [{ id: SAMPLE_EXPERIMENT.id }] });
    expect(text).not.toContain(KEY);
    const asked = github.requests.filter((request) => request.path === `/repos/${REPO.owner}/${REPO.name}`);
    expect(asked.length).toBeGreaterThan(0);
  });
});

describe('local mode (npm run edit)', () => {
  it('answers loopback only, named by a loopback host', () => {
    expect(loopbackOnly('127.0.0.1', '127.0.0.1:5231')).toBe(true);
    expect(loopbackOnly('::1', 'localhost:5231')).toBe(true);
    expect(loopbackOnly('192.168.1.20', '127.0.0.1:5231')).toBe(false);
    expect(loopbackOnly('127.0.0.1', 'attacker.example:5231')).toBe(false);
  });
});
