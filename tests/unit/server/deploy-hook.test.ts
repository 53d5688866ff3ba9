/**
 * The deploy hook on the Node server, over real HTTP against the fixture's small build: GitHub's
 * signature is required (401 without it, with the site's security headers), a ping and a push to
 * another branch change nothing, a push to the published branch builds and swaps in the new build
 * (the next request gets it), a failed build leaves the site as it was, and pushes during a build
 * ask for one more build, not one each. Beside the hosted editor it says which commit it serves,
 * and which one failed, for the editor's Publish to tell when a change is live.
 */
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer, type SiteServer } from '../../../server/app.ts';
import { Publisher, type Built } from '../../../server/publisher.ts';
import { deployHookSettings } from '../../../server/settings.ts';
import { editorHeaders, hostedEditorSettings } from '../../../runtime/editor.ts';
import { SERVED_PATH, type ServedAnswer } from '../../../runtime/served-wire.ts';
import { DEPLOY_HOOK_PATH, pushedBranch, signatureOf, signatureValid } from '../../../runtime/deploy-hook.ts';
import { sampleBuild, SAMPLE_WORDS, type SampleBuild } from '../../support/site-facts.ts';
import { expectSecurityHeaders, raw } from '../../support/server-client.ts';

const SECRET = 'a-webhook-secret-of-the-test-0123';
const push = (branch: string) => JSON.stringify({ ref: `refs/heads/${branch}`, after: 'f'.repeat(40) });

/** A call as GitHub makes it: the event, JSON, and the body's signature (or the one given). */
function hook(base: string, body: string, { event = 'push', signature = signatureOf(SECRET, body) } = {}) {
  return raw(base, DEPLOY_HOOK_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    body,
  });
}

let cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** The hosted editor's settings, for a server that serves it beside the hook. */
const EDITOR = hostedEditorSettings({
  KEYSTATIC_GITHUB_REPO: 'build-equity/site',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.deployhooktest01',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-test',
  KEYSTATIC_SECRET: 'a-secret-of-at-least-thirty-two-characters-for-the-test',
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'build-equity-site-editor',
});

/** A server of the small build whose builds are `build` (each resolving to a folder to serve); with `editor`, the hosted editor too. */
async function serverWith(
  build: () => Promise<Built>,
  { editor = false } = {},
): Promise<{ app: SiteServer; base: string; site: SampleBuild }> {
  const site = await sampleBuild({ editor });
  const app = await buildServer({
    root: site.root,
    deployHook: { secret: SECRET, branch: 'main', build },
    ...(editor ? { editor: EDITOR } : {}),
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  cleanup.push(site.remove, () => app.close());
  return { app, base, site };
}

/** A copy of the small build whose kit page says `words`. */
async function changedBuild(words: string): Promise<string> {
  const next = await sampleBuild();
  cleanup.push(next.remove);
  await writeFile(`${next.root}/index.html`, `<!doctype html><title>Kit</title><h1>${words}</h1>`);
  return next.root;
}

describe('the deploy hook', () => {
  it('is on only with a secret long enough, and follows main unless told another branch', () => {
    expect(deployHookSettings({})).toBeNull();
    expect(() => deployHookSettings({ DEPLOY_HOOK_SECRET: 'short' })).toThrow(/at least 16/);
    expect(deployHookSettings({ DEPLOY_HOOK_SECRET: SECRET })).toEqual({ secret: SECRET, branch: 'main' });
    expect(deployHookSettings({ DEPLOY_HOOK_SECRET: SECRET, DEPLOY_BRANCH: 'live' })?.branch).toBe('live');
  });

  it("checks GitHub's signature of the exact bytes, and reads the pushed branch as JSON or form", () => {
    const body = Buffer.from(push('main'));
    expect(signatureValid(SECRET, body, signatureOf(SECRET, body))).toBe(true);
    expect(signatureValid(SECRET, Buffer.from(`${push('main')} `), signatureOf(SECRET, body))).toBe(false);
    expect(signatureValid('another-secret-0123456', body, signatureOf(SECRET, body))).toBe(false);
    for (const bad of [undefined, '', 'sha1=abc', `sha256=${'0'.repeat(63)}`, 'sha256=zz'])
      expect(signatureValid(SECRET, body, bad), String(bad)).toBe(false);
    expect(pushedBranch(body, 'application/json')).toBe('main');
    const form = Buffer.from(new URLSearchParams({ payload: push('edit-price') }).toString());
    expect(pushedBranch(form, 'application/x-www-form-urlencoded')).toBe('edit-price');
    expect(pushedBranch(Buffer.from('{"ref":"refs/tags/v1"}'), 'application/json')).toBeNull();
    expect(pushedBranch(Buffer.from('not json'), 'application/json')).toBeNull();
  });

  it('refuses a call without a valid signature with 401 and the site’s headers, building nothing', async () => {
    let builds = 0;
    const { app, base } = await serverWith(async () => {
      builds += 1;
      return { folder: '', commit: null };
    });
    for (const signature of ['', signatureOf('another-secret-0123456', push('main'))]) {
      const answer = await hook(base, push('main'), { signature });
      expect(answer.status).toBe(401);
      expect(answer.body.toString()).toContain("check the webhook's secret");
      expectSecurityHeaders(answer, app.site, 'http');
    }
    expect(builds).toBe(0);
    // Only POST: a GET of the hook is the not-found page, like any path the site does not have.
    expect((await raw(base, DEPLOY_HOOK_PATH)).status).toBe(404);
  });

  it('answers a ping, and leaves pushes to other branches and other events alone', async () => {
    let builds = 0;
    const { base } = await serverWith(async () => {
      builds += 1;
      return { folder: '', commit: null };
    });
    expect((await hook(base, '{"zen":"Keep it simple."}', { event: 'ping' })).status).toBe(200);
    const draft = await hook(base, push('edit-price'));
    expect(draft.status).toBe(202);
    expect(draft.body.toString()).toContain('the site follows main');
    expect((await hook(base, '{}', { event: 'issues' })).status).toBe(202);
    expect(builds).toBe(0);
  });

  it('a push to main builds and serves the new build from the next request; a failed build changes nothing', async () => {
    const next = await changedBuild('The new words');
    let fail = false;
    const { app, base } = await serverWith(async () => {
      if (fail) throw new Error('astro build failed: src/content/offer.yaml: price must be a number');
      return { folder: next, commit: 'a'.repeat(40) };
    });
    expect((await raw(base, '/')).body.toString()).toContain(SAMPLE_WORDS['/index.html']);
    const answer = await hook(base, push('main'));
    expect(answer.status).toBe(202);
    await app.publisher!.idle();
    expect((await raw(base, '/')).body.toString()).toContain('The new words');

    // The same build again, broken this time: the site stays the last good one.
    fail = true;
    const errors: string[] = [];
    const log = app.log.error.bind(app.log);
    app.log.error = ((message: unknown) => errors.push(String(message))) as typeof app.log.error;
    expect((await hook(base, push('main'))).status).toBe(202);
    await app.publisher!.idle();
    app.log.error = log;
    expect((await raw(base, '/')).body.toString()).toContain('The new words');
    expect(errors.join('\n')).toMatch(
      /failed; the site as it was keeps being served[\s\S]*price must be a number/,
    );
  });

  it('pushes during a build ask for one more build, not one each', async () => {
    let release!: () => void;
    let builds = 0;
    const folder = await changedBuild('Built');
    const publisher = new Publisher(
      async () => {
        builds += 1;
        if (builds === 1) await new Promise<void>((resolve) => (release = resolve));
        return { folder, commit: null };
      },
      async () => {},
      { info: () => {}, error: () => {} },
    );
    expect(publisher.publish()).toBe('started');
    for (let push = 0; push < 10; push += 1) expect(publisher.publish()).toBe('queued');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await publisher.idle();
    expect(builds).toBe(2);
  });

  it('beside the hosted editor, says which commit it serves and which build failed, under the editor’s headers', async () => {
    const next = await changedBuild('The new words');
    const good = 'b'.repeat(40);
    const broken = 'c'.repeat(40);
    let commit = good;
    const { app, base } = await serverWith(
      async () => {
        if (commit === broken)
          throw Object.assign(new Error('astro build failed: price must be a number'), { commit });
        return { folder: next, commit };
      },
      { editor: true },
    );
    const served = async () => {
      const answer = await raw(base, SERVED_PATH);
      expect(answer.status).toBe(200);
      for (const [name, value] of Object.entries(editorHeaders(SERVED_PATH, 'http')))
        expect(answer.headers[name.toLowerCase()], name).toBe(value);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      return JSON.parse(answer.body.toString()) as ServedAnswer;
    };
    // Before its first publish the server does not know which commit its build came from.
    expect(await served()).toEqual({ branch: 'main', served: null, building: false, failed: null });
    await hook(base, push('main'));
    await app.publisher!.idle();
    expect(await served()).toEqual({ branch: 'main', served: good, building: false, failed: null });

    commit = broken;
    app.log.error = (() => {}) as typeof app.log.error;
    await hook(base, push('main'));
    await app.publisher!.idle();
    expect(await served()).toEqual({ branch: 'main', served: good, building: false, failed: broken });
    expect((await raw(base, '/')).body.toString()).toContain('The new words');
  });

  it('without the hosted editor, tells nothing of what it serves', async () => {
    const { base } = await serverWith(async () => ({ folder: '', commit: null }));
    expect((await raw(base, SERVED_PATH)).status).toBe(404);
  });

  it('without a secret, the path is like any other: POST gets 405', async () => {
    const site = await sampleBuild();
    const app = await buildServer({ root: site.root });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    cleanup.push(site.remove, () => app.close());
    expect((await hook(base, push('main'))).status).toBe(405);
    expect(app.publisher).toBeNull();
  });
});
