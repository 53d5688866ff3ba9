/**
 * The hosted editor's setup (editor/api/setup/), the handler every host runs, walked as the owner's
 * browser walks it against GitHub's stand-in (its App-manifest flow, harness/github-apps.ts):
 * the setup code, the manifest posted to GitHub, the return with a code, the conversion, the
 * install, and the sealed credentials committed to the repository. And every way it is refused: a
 * wrong code (tries limited), a forged, stale or replayed return, GitHub refusing the conversion,
 * the app installed on no repository or another one: each a page that says so, and nothing stored.
 * No answer carries a secret.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCredentials } from '../../editor/api/setup/credentials.ts';
import { CREDENTIALS_FILE, readCredentialsFile } from '../../runtime/editor.ts';
import { EDITOR_PERMISSIONS } from '../../editor/api/setup/manifest.ts';
import { setupApi, WRONG_TRIES } from '../../editor/api/setup/setup-api.ts';
import type { InstallChoice } from '../../harness/github-apps.ts';
import { fetchWithGitHubApi, GitHubStandIn } from '../../harness/github-stand-in.ts';
import { hsts } from '../../runtime/rules.ts';

const SITE = 'https://site.example';
const CODE = 'correct horse battery staple setup';
const REPO = { owner: 'build-equity', name: 'site' };
const REPO_NAME = `${REPO.owner}/${REPO.name}`;
let github: GitHubStandIn;
let folder: string;
/** Every answer of the setup in a test, headers and body, to look for secrets in. */
let answered: string[];
/** The credentials files handed to `stored`. */
let stored: string[];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'be-editor-setup-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', folder]);
  github = new GitHubStandIn({ repository: folder, ...REPO, clientId: 'Iv1.none', clientSecret: 'none' });
  const blob = github.git(['hash-object', '-w', '--stdin'], 'The site\n').trim();
  const tree = github.git(['mktree'], `100644 blob ${blob}\tREADME.md\n`).trim();
  github.git(['update-ref', 'refs/heads/main', github.git(['commit-tree', tree, '-m', 'The site']).trim()]);
  await github.listen(0);
  vi.stubGlobal(
    'fetch',
    fetchWithGitHubApi((url, init, send) => github.forward(url, init, send)),
  );
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await github.close();
  rmSync(folder, { recursive: true, force: true });
});

function newSetup() {
  answered = [];
  stored = [];
  const handler = setupApi({
    code: CODE,
    repo: REPO_NAME,
    setUp: false,
    hsts: hsts(false),
    stored: async (text) => void stored.push(text),
  });
  /** The browser: one cookie jar, every answer kept. */
  const jar = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = (await handler(
      new Request(new URL(path, SITE), { ...init, headers: { ...init.headers, cookie } }),
    ))!;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=') as [string, string];
      if (/Max-Age=0/.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    answered.push(`${[...response.headers].map((entry) => entry.join(': ')).join('\n')}\n${text}`);
    return { status: response.status, text, headers: response.headers };
  };
  const post = (path: string, fields: Record<string, string>) =>
    send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  return { send, post, jar };
}

/** GitHub's page at `url` (the browser following a form or a link there). */
async function atGitHub(url: string, init?: RequestInit) {
  const response = await github.forward(new URL(url), init, globalThis.fetch);
  return response.text();
}

const attribute = (html: string, pattern: RegExp) =>
  pattern.exec(html)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const linkNamed = (html: string, words: string) =>
  attribute(html, new RegExp(`<a href="([^"]+)">${words.replace(/[’]/g, '.')}</a>`));

/** From the code to GitHub's confirmation: the manifest page, what was posted, and the way back. */
async function toCreated(browser: ReturnType<typeof newSetup>) {
  const manifestPage = await browser.post('/keystatic/setup', { code: CODE, organisation: '' });
  const action = attribute(manifestPage.text, /<form method="post" action="([^"]+)"/)!;
  const manifest = attribute(manifestPage.text, /name="manifest" value="([^"]+)"/)!;
  const confirm = await atGitHub(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ manifest }).toString(),
  });
  return {
    manifestPage,
    action,
    manifest: JSON.parse(manifest) as Record<string, unknown>,
    back: linkNamed(confirm, 'Create GitHub App')!,
  };
}

/** The whole way to the install page's choice `choice`, and its answer. */
async function installedOn(browser: ReturnType<typeof newSetup>, choice: InstallChoice) {
  const { back } = await toCreated(browser);
  const installPage = await browser.send(back);
  const install = attribute(installPage.text, /<a class="button" href="([^"]+)">Install on GitHub<\/a>/)!;
  const choices = await atGitHub(install);
  const words = {
    site: 'Install on the site.s repository only',
    all: 'Install on all repositories',
    other: 'Install on another repository only',
    none: 'Install on no repository',
  }[choice];
  return browser.send(linkNamed(choices, words)!);
}

const mainHead = () => github.git(['rev-parse', 'main']).trim();
function expectNoSecretAnswered() {
  const app = github.apps.apps.at(-1);
  for (const text of answered) {
    expect(text).not.toContain(CODE);
    if (app) expect(text).not.toContain(app.clientSecret);
    expect(text).not.toMatch(/PRIVATE KEY/);
  }
}

beforeEach(() => {
  github.apps.refuseConversions = null;
  github.mainProtectedBy = null;
});

describe('the setup page', () => {
  it('asks for the setup code, from a page that names the repository and works without script', async () => {
    const { send } = newSetup();
    const page = await send('/keystatic/setup');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="code">Setup code</label>');
    expect(page.text).toContain(REPO_NAME);
    expect(page.text).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://github.com");
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a wrong code with a page that says so, sets no cookie, and stops taking codes after too many', async () => {
    const { post, jar } = newSetup();
    const wrong = await post('/keystatic/setup', { code: 'not the code at all, no' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That is not this site’s setup code');
    expect(wrong.text).toContain('Nothing was stored.');
    expect(jar.size).toBe(0);
    for (let index = 1; index < WRONG_TRIES; index++)
      await post('/keystatic/setup', { code: `wrong ${index}` });
    const locked = await post('/keystatic/setup', { code: CODE });
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many wrong setup codes');
  });

  it('sends GitHub a manifest with only the editor’s permissions, the site’s own addresses and no webhook', async () => {
    const browser = newSetup();
    const { action, manifest } = await toCreated(browser);
    expect(new URL(action).origin + new URL(action).pathname).toBe('https://github.com/settings/apps/new');
    expect(manifest['default_permissions']).toEqual(EDITOR_PERMISSIONS);
    expect(manifest['callback_urls']).toEqual([`${SITE}/api/keystatic/github/oauth/callback`]);
    expect(manifest['redirect_url']).toBe(`${SITE}/keystatic/setup/created`);
    expect(manifest['setup_url']).toBe(`${SITE}/keystatic/setup/installed`);
    expect(manifest['hook_attributes']).toMatchObject({ active: false });
    expect(manifest['public']).toBe(false);
    const posted = github.apps.manifests.at(-1)!;
    expect(posted.state).toBe(new URL(action).searchParams.get('state'));
  });

  it('posts to an organisation’s page when one is named', async () => {
    const { post } = newSetup();
    const page = await post('/keystatic/setup', { code: CODE, organisation: 'build-equity' });
    expect(attribute(page.text, /<form method="post" action="([^"]+)"/)).toMatch(
      /^https:\/\/github\.com\/organizations\/build-equity\/settings\/apps\/new\?state=/,
    );
  });

  it('creates the app, installs it on the site’s repository and commits its credentials sealed with the code', async () => {
    const browser = newSetup();
    const before = mainHead();
    github.mainProtectedBy = ['gate'];
    const done = await installedOn(browser, 'site');
    expect(done.status).toBe(200);
    expect(done.text).toContain('The editor is set up');
    expect(done.text).toContain('class="done">The app reaches');
    expect(done.text).toMatch(/class="done"><code>main<\/code> is protected/);
    expect(mainHead()).not.toBe(before);
    const committed = github.git(['show', `main:${CREDENTIALS_FILE}`]);
    expect(stored.map((text) => text.trim())).toEqual([committed.trim()]);
    const file = readCredentialsFile(committed)!;
    const app = github.apps.apps.at(-1)!;
    expect(file).toMatchObject({ repo: REPO_NAME, appSlug: app.slug });
    expect(committed).not.toContain(app.clientSecret);
    const secrets = await openCredentials(file, CODE);
    expect(secrets).toMatchObject({ appId: app.id, clientId: app.clientId, clientSecret: app.clientSecret });
    expect(secrets!.secret.length).toBeGreaterThanOrEqual(32);
    expect(await openCredentials(file, `${CODE}!`)).toBeNull();
    expect(browser.jar.size).toBe(0);
    expectNoSecretAnswered();
  });

  it('says what to do when main is not protected by the gate, and when the app reaches every repository', async () => {
    const done = await installedOn(newSetup(), 'all');
    expect(done.status).toBe(200);
    expect(done.text).toMatch(/class="todo">The app can change every repository/);
    expect(done.text).toMatch(/class="todo"><code>main<\/code> is not protected/);
    expect(done.text).toContain(`https://github.com/${REPO_NAME}/settings/branches`);
  });

  it('refuses an app installed on no repository, or on another one, and stores nothing', async () => {
    for (const [choice, title] of [
      ['none', 'The app was installed on no repository'],
      ['other', 'The app was installed on another repository'],
    ] as const) {
      const before = mainHead();
      const refused = await installedOn(newSetup(), choice);
      expect(refused.status).toBe(409);
      expect(refused.text).toContain(title);
      expect(refused.text).toContain('Nothing was stored.');
      expect(mainHead()).toBe(before);
      expect(stored).toEqual([]);
      expectNoSecretAnswered();
    }
  });

  it('says so when GitHub refuses the conversion, and stores nothing', async () => {
    const browser = newSetup();
    github.apps.refuseConversions = 'The manifest code has expired';
    const { back } = await toCreated(browser);
    const refused = await browser.send(back);
    expect(refused.status).toBe(502);
    expect(refused.text).toContain('GitHub did not create the app');
    expect(refused.text).toContain('The manifest code has expired');
    expect(browser.jar.size).toBe(0);
  });

  it('refuses a return with another state, one from another browser, and one replayed', async () => {
    const browser = newSetup();
    const { back } = await toCreated(browser);
    const forged = new URL(back, SITE);
    forged.searchParams.set('state', 'forged');
    expect((await browser.send(forged.pathname + forged.search)).text).toContain(
      'This return from GitHub is not valid here',
    );
    const stranger = newSetup();
    const { back: again } = await toCreated(browser);
    expect((await stranger.send(again)).status).toBe(400);
    expect((await browser.send(again)).status).toBe(200);
    const replayed = await browser.send(again);
    expect(replayed.status).toBe(400);
    expect(replayed.text).toContain('it was already used');
  });
});
