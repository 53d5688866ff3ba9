/**
 * Publish's steps against GitHub (editor/app/publish/run.ts, undo.ts), with the GitHub stand-in
 * over a real git repository on disk (harness/github-stand-in.ts): what reaches the
 * repository (one squashed commit of the checked head, never a forced move) and what the owner is
 * told, for a green check, a red one, a reader, a branch saved again during its check, a Publish
 * pressed again after a reload, a draft with nothing new, our server's word, and Undo.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../../harness/project-copy.ts';
import { draftProblems } from '../../../editor/app/publish/draft-check.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServedAnswer } from '../../../runtime/served-wire.ts';
import { GitHub } from '../../../editor/app/publish/github.ts';
import { advance, IDLE, type PublishEvent } from '../../../editor/app/publish/machine.ts';
import { NO_WRITE, publishBranch, type PublishDeps } from '../../../editor/app/publish/run.ts';
import { lastPublish, prepareUndo, TouchedSince } from '../../../editor/app/publish/undo.ts';
import { GitHubStandIn } from '../../../harness/github-stand-in.ts';

const OFFER = 'src/content/offer.yaml';
const ORIGINAL = 'kit:\n  # The one price of the kit.\n  price: 497\n';
const ADDRESS = 'https://buildequity.example/';

let work: string;
let repository: string;
let standIn: GitHubStandIn;
let events: PublishEvent[];

const git = (...args: string[]) => execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
const priced = (price: number) => ORIGINAL.replace('497', String(price));

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'be-publish-run-'));
  const source = join(work, 'source');
  mkdirSync(join(source, 'src/content'), { recursive: true });
  writeFileSync(join(source, OFFER), ORIGINAL);
  const inSource = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=owner', '-c', 'user.email=o@example.org', ...args], {
      cwd: source,
    });
  inSource('init', '-q', '-b', 'main');
  inSource('add', '-A');
  inSource('commit', '-qm', 'The site');
  repository = join(work, 'site.git');
  execFileSync('git', ['clone', '-q', '--bare', source, repository]);
  standIn = new GitHubStandIn({
    repository,
    owner: 'build-equity',
    name: 'site',
    clientId: 'c',
    clientSecret: 's',
  });
  await standIn.listen(0);
  standIn.rest.requiredChecks = ['gate'];
  standIn.rest.gate = { conclusion: 'success', seconds: 0 };
  // The workflow starts at once here: these tests are about the steps, not GitHub's delays.
  standIn.rest.workflowDelays = { queuedMs: 0, startsMs: 0 };
  // A host that reports to GitHub: a success status on each commit pushed to main.
  standIn.onPush((branch, sha) => {
    if (branch === 'main')
      standIn.rest.handle(
        'POST',
        `/statuses/${sha}`,
        new URLSearchParams(),
        { state: 'success', context: 'deploy' },
        true,
      );
  });
  vi.stubGlobal('document', { cookie: `keystatic-gh-access-token=${standIn.issueToken(true)}` });
  events = [];
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await standIn.close();
  rmSync(work, { recursive: true, force: true });
});

function deps(overrides: Partial<PublishDeps> = {}): PublishDeps {
  const github = new GitHub('build-equity/site', (input, init) =>
    standIn.forward(new URL(String(input)), init, fetch),
  );
  return {
    github,
    dispatch: (event) => events.push(event),
    address: ADDRESS,
    pollMs: 50,
    served: async () => null,
    limits: { check: 20_000, deploy: 20_000 },
    // These repositories hold a part of the offer only: the editor's own check of the data files is its own test's.
    checkDraft: async () => [],
    ...overrides,
  };
}

/** Where the events leave the owner, from the press of the button. */
const outcome = () =>
  [{ type: 'start', mode: 'publish', at: 0 } as PublishEvent, ...events].reduce(advance, IDLE);
const writes = () =>
  standIn.requests.filter((request) => request.method !== 'GET' && request.path !== '/graphql');

// Each test is a few dozen git commands and requests: seconds on a quiet machine, more on a busy one.
describe('Publish', { timeout: 90_000 }, () => {
  it('opens one pull request, waits for the check, merges one squashed commit of the checked head, and follows the host to live', async () => {
    const before = git('rev-parse', 'main');
    standIn.commitFiles('edit-price', { [OFFER]: priced(598) }, 'Update src/content/offer');
    const head = git('rev-parse', 'edit-price');
    await publishBranch('edit-price', 'publish', deps());

    expect(outcome()).toMatchObject({ phase: 'live', address: ADDRESS, pull: { number: 1 } });
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['pull', 'gate', 'merged', 'deploy']),
    );
    expect(git('show', `main:${OFFER}`)).toBe(priced(598).trim());
    expect(git('rev-list', '--parents', '-n', '1', 'main').split(' ')).toEqual([
      git('rev-parse', 'main'),
      before,
    ]);
    expect(git('log', '-1', '--format=%s', 'main')).toBe('Publish price (#1)');
    expect(writes().map((request) => [request.method, request.path])).toEqual([
      ['POST', '/repos/build-equity/site/pulls'],
      ['PUT', '/repos/build-equity/site/pulls/1/merge'],
    ]);
    expect(writes()[1]!.body).toMatchObject({ merge_method: 'squash', sha: head });
    expect(standIn.refUpdates.filter((update) => update.forced)).toEqual([]);
  });

  it('stops at a red check, unmerged, with the reasons the check annotated', async () => {
    standIn.rest.gate = {
      conclusion: 'failure',
      seconds: 0,
      annotations: [
        {
          path: OFFER,
          start_line: 3,
          end_line: 3,
          annotation_level: 'failure',
          message: 'Price (kit.price): Expected number',
        },
      ],
    };
    const before = git('rev-parse', 'main');
    standIn.commitFiles('edit-broken', { [OFFER]: priced(598).replace('598', 'lots') }, 'Update');
    await publishBranch('edit-broken', 'publish', deps());
    expect(outcome()).toMatchObject({
      phase: 'red',
      problems: [{ file: OFFER, text: 'Price (kit.price): Expected number' }],
      details: expect.stringMatching(/^https:\/\/github\.com\/build-equity\/site\/actions\/runs\//),
    });
    expect(git('rev-parse', 'main')).toBe(before);
    expect(writes().filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('lets only a user who may push go on: a reader is told so before anything is written', async () => {
    vi.stubGlobal('document', { cookie: `keystatic-gh-access-token=${standIn.issueToken(false)}` });
    standIn.commitFiles('edit-price', { [OFFER]: priced(598) }, 'Update');
    await publishBranch('edit-price', 'publish', deps());
    expect(outcome()).toMatchObject({ phase: 'stopped', reason: NO_WRITE });
    expect(writes()).toEqual([]);
  });

  it('checks again a branch saved after its check passed, and merges the new head; nothing is forced', async () => {
    standIn.commitFiles('edit-price', { [OFFER]: priced(598) }, 'Update');
    let saved = false;
    const base = deps();
    // The owner saves once more just as the merge is asked for: GitHub answers 409.
    const github = new GitHub('build-equity/site', (input, init) => {
      if (init?.method === 'PUT' && !saved) {
        saved = true;
        standIn.commitFiles('edit-price', { [OFFER]: priced(599) }, 'Update again');
      }
      return standIn.forward(new URL(String(input)), init, fetch);
    });
    await publishBranch('edit-price', 'publish', { ...base, github });
    expect(outcome().phase).toBe('live');
    expect(git('show', `main:${OFFER}`)).toBe(priced(599).trim());
    const merges = writes().filter((request) => request.method === 'PUT');
    expect(merges).toHaveLength(2);
    expect(merges[1]!.body).toMatchObject({ sha: git('rev-parse', 'edit-price') });
    expect(standIn.refUpdates.filter((update) => update.forced)).toEqual([]);
  });

  it('pressed again after a reload, carries on: a branch already merged only follows the host', async () => {
    standIn.commitFiles('edit-price', { [OFFER]: priced(598) }, 'Update');
    await publishBranch('edit-price', 'publish', deps());
    events = [];
    await publishBranch('edit-price', 'publish', deps());
    expect(outcome().phase).toBe('live');
    expect(writes().filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('says there is nothing to publish on a draft with no saved change', async () => {
    git('update-ref', 'refs/heads/edit-empty', 'main');
    await publishBranch('edit-empty', 'publish', deps());
    expect(outcome().phase).toBe('nothing');
  });

  it('on our server, is live once the server serves the merged commit (or a later one), and says when its build failed', async () => {
    const before = git('rev-parse', 'main');
    let looks = 0;
    const served = async (): Promise<ServedAnswer> => {
      looks += 1;
      // The first looks: the old build, then a build running; then the merged commit is served.
      return looks < 3
        ? { branch: 'main', served: before, building: looks === 2, failed: null }
        : { branch: 'main', served: git('rev-parse', 'main'), building: false, failed: null };
    };
    standIn.commitFiles('edit-price', { [OFFER]: priced(598) }, 'Update');
    await publishBranch('edit-price', 'publish', deps({ served }));
    expect(outcome().phase).toBe('live');
    expect(events.filter((event) => event.type === 'deploy').map((event) => event.verdict.kind)).toContain(
      'building',
    );

    events = [];
    standIn.commitFiles('edit-broken', { [OFFER]: priced(600) }, 'Update');
    const failed = async (): Promise<ServedAnswer> => ({
      branch: 'main',
      served: before,
      building: false,
      failed: git('rev-parse', 'main'),
    });
    await publishBranch('edit-broken', 'publish', deps({ served: failed }));
    expect(outcome().phase).toBe('deploy-failed');
  });

  it('refuses a draft the build would refuse, with the check green, naming the file and the field; nothing is merged', async () => {
    const before = git('rev-parse', 'main');
    const offer = readFileSync(join(PROJECT_ROOT, OFFER), 'utf8');
    const price = (parse(offer) as { kit: { price: number } }).kit.price;
    standIn.commitFiles(
      'edit-words',
      { ...projectDataFiles(), [OFFER]: offer.replace(`price: ${price}\n`, 'price: four ninety-seven\n') },
      'Update',
    );
    const { checkDraft: _none, ...withTheEditorsCheck } = deps();
    await publishBranch('edit-words', 'publish', withTheEditorsCheck);
    const state = outcome();
    expect(state.phase).toBe('red');
    expect(state.phase === 'red' && state.problems).toEqual([
      { file: OFFER, text: expect.stringContaining('(kit.price)') as unknown as string },
    ]);
    expect(git('rev-parse', 'main')).toBe(before);
    expect(writes().map((request) => request.path)).not.toContain('/repos/build-equity/site/pulls/1/merge');
  });

  it('after a merge whose build failed, names the data file and field the build refuses', async () => {
    const before = git('rev-parse', 'main');
    const offer = readFileSync(join(PROJECT_ROOT, OFFER), 'utf8');
    const price = (parse(offer) as { kit: { price: number } }).kit.price;
    const bad = {
      ...projectDataFiles(),
      [OFFER]: offer.replace(`price: ${price}\n`, 'price: four ninety-seven\n'),
    };
    standIn.commitFiles('edit-words', bad, 'Update');
    const served = async (): Promise<ServedAnswer> => ({
      branch: 'main',
      served: before,
      building: false,
      failed: git('rev-parse', 'main'),
    });
    // A draft that passed the editor's check (an older editor's), and a build that failed on it.
    let checked = 0;
    const { github } = deps();
    const checkDraft = async (ref: string) => {
      checked += 1;
      return checked === 1 ? [] : draftProblems(github, ref);
    };
    await publishBranch('edit-words', 'publish', deps({ served, checkDraft }));
    const state = outcome();
    expect(state.phase).toBe('deploy-failed');
    expect(state.phase === 'deploy-failed' && state.problems.map((problem) => problem.file)).toEqual([OFFER]);
  });
});

/** Every data file of the project (src/content/*.yaml), by its path: a draft the build reads whole. */
function projectDataFiles(): Record<string, string> {
  return Object.fromEntries(
    readdirSync(join(PROJECT_ROOT, 'src/content'))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => [`src/content/${name}`, readFileSync(join(PROJECT_ROOT, 'src/content', name), 'utf8')]),
  );
}

describe('Undo', { timeout: 90_000 }, () => {
  it('writes the revert of the last publish on an edit-undo- branch, and refuses when a later change touched its files', async () => {
    const before = git('rev-parse', 'main');
    const added = 'src/content/campaigns/podcast.yaml';
    standIn.commitFiles('edit-price', { [OFFER]: priced(598), [added]: 'page: /\n' }, 'Update');
    await publishBranch('edit-price', 'publish', deps());
    const { github } = deps();

    const last = (await lastPublish(github, 'main'))!;
    expect(last).toMatchObject({ number: 1, title: 'Publish price', commit: git('rev-parse', 'main') });
    const branch = await prepareUndo(github, last, 'main');
    expect(branch).toBe('edit-undo-1');
    // Every file as it was before the publish; the file it added is gone.
    expect(git('diff', '--stat', before, branch)).toBe('');
    expect(git('log', '-1', '--format=%B', branch)).toContain(`This reverts commit ${last.commit}.`);
    expect(git('rev-parse', `${branch}~1`)).toBe(git('rev-parse', 'main'));

    // A later publish touched the same file: the first one cannot be taken back alone.
    standIn.commitFiles('edit-later', { [OFFER]: priced(650) }, 'Update');
    await publishBranch('edit-later', 'publish', deps());
    const error = await prepareUndo(github, { ...last, number: 99 }, 'main').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TouchedSince);
    expect((error as TouchedSince).files).toEqual([OFFER]);
    expect(git('branch', '--list', 'edit-undo-99')).toBe('');
  });
});
