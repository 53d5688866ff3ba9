/**
 * Publishing a draft branch, step by step against GitHub, each step an event for ./machine.ts:
 *
 * 1. only a user whose token may push to the repository goes on (`permissions.push`);
 * 2. the branch's open pull request into the default branch, or a new one (a branch whose head was
 *    already merged carries on from its merge: pressing Publish again after a reload resumes);
 * 3. the gate's check run on the pull request's head, read until it ends; red stops here, unmerged,
 *    with the reasons from the failed runs' annotations;
 * 4. green: one squashed commit on the default branch (`sha` pins the head the gate passed; a
 *    branch that moved meanwhile is checked again). Nothing is ever force-pushed;
 * 5. the host's word on that commit (./deploy.ts) until it is live, failed, or the wait ends.
 */
import { SERVED_PATH, type ServedAnswer } from '../../../runtime/served-wire.ts';
import {
  combine,
  productionDeployment,
  readDeployment,
  readServed,
  readStatuses,
  servedAnswer,
  type CommitStatus,
  type Deployment,
  type DeploymentStatus,
  type DeployVerdict,
} from './deploy.ts';
import {
  failedRuns,
  problemsOf,
  readGate,
  type Annotation,
  type CheckRun,
  type GateVerdict,
  type Problem,
} from './gate.ts';
import { draftProblems } from './draft-check.ts';
import { GitHubRefusal, type GitHub } from './github.ts';
import { REFUSED_BY_EDITOR, type Mode, type PublishEvent, type PullLink } from './machine.ts';

export interface PublishDeps {
  github: GitHub;
  dispatch: (event: PublishEvent) => void;
  /** The live site's address, as the owner knows it (the editor's own origin). */
  address: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Our server's word on the commit it serves; null where the site is not on our server. */
  served?: () => Promise<ServedAnswer | null>;
  /** Between two looks at GitHub: often enough to feel live, far under GitHub's hourly allowance. */
  pollMs?: number;
  /** The longest waits: for the check to end, and for the host to say the change is live. */
  limits?: { check: number; deploy: number };
  /** What the build would refuse in the data files at a commit (./draft-check.ts). */
  checkDraft?: (ref: string) => Promise<Problem[]>;
}

interface Pull {
  number: number;
  html_url: string;
  title: string;
  state: string;
  merged?: boolean;
  merged_at: string | null;
  merge_commit_sha: string | null;
  head: { ref: string; sha: string };
}

type Context = Required<PublishDeps>;

const MINUTE = 60_000;

/** Our server's word, from the editor's own origin; null where nothing of ours answers it. */
export async function servedFromSite(): Promise<ServedAnswer | null> {
  try {
    const answer = await fetch(SERVED_PATH, { credentials: 'same-origin', cache: 'no-store' });
    return answer.ok ? servedAnswer(await answer.json()) : null;
  } catch {
    return null;
  }
}

function contextOf(deps: PublishDeps): Context {
  return {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    served: servedFromSite,
    pollMs: 4000,
    limits: { check: 60 * MINUTE, deploy: 20 * MINUTE },
    checkDraft: (ref) => draftProblems(deps.github, ref),
    ...deps,
  };
}

const linkOf = (pull: Pull): PullLink => ({ number: pull.number, url: pull.html_url });
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The draft's files could not be read for the editor's own check. */
class DraftUnread extends Error {}

/** The words of a refusal or a broken connection, for the owner. */
export function reasonOf(error: unknown): string {
  if (error instanceof DraftUnread)
    return `The editor could not read this draft’s files to check them (${error.message}). Press Publish again: it carries on where it stopped.`;
  if (error instanceof GitHubRefusal) {
    if (error.status === 401) return 'You are signed out: sign in to the editor again, then press Publish.';
    if (error.status === 403 || error.status === 404)
      return 'GitHub refused: your account may not change this site’s repository.';
    return `GitHub refused: ${error.detail ?? error.message}.`;
  }
  return 'GitHub could not be reached. Check the connection and press Publish again: it carries on where it stopped.';
}

/** Publishes `branch` (a draft of the editor, or an undo's branch): every step, until live or stopped. */
export async function publishBranch(branch: string, mode: Mode, deps: PublishDeps): Promise<void> {
  const context = contextOf(deps);
  try {
    const repository = await context.github.repoJson<{
      default_branch: string;
      permissions?: { push?: boolean };
    }>('');
    if (repository.permissions?.push !== true) {
      context.dispatch({ type: 'stopped', reason: NO_WRITE });
      return;
    }
    const opened = await openPull(context, branch, repository.default_branch, mode);
    if (!opened) return;
    const commit = opened.merged ?? (await checkAndMerge(context, opened.pull));
    if (commit) await followDeploy(context, commit);
  } catch (error) {
    context.dispatch({ type: 'stopped', reason: reasonOf(error) });
  }
}

export const NO_WRITE =
  'You may read this site’s repository but not change it, so you cannot publish. Ask its owner to give your GitHub account write access.';

/** The branch's pull request into `base`: the open one, a merged one of this very head, or a new one. */
async function openPull(
  context: Context,
  branch: string,
  base: string,
  mode: Mode,
): Promise<{ pull: Pull; merged: string | null } | null> {
  const { github, dispatch, now } = context;
  const head = `${github.repo.split('/')[0]}:${branch}`;
  const [open] = await github.repoJson<Pull[]>(`/pulls?${query({ state: 'open', head, base })}`);
  if (open) {
    dispatch({ type: 'pull', pull: linkOf(open), at: now() });
    return { pull: open, merged: null };
  }
  const merged = (
    await github.repoJson<Pull[]>(
      `/pulls?${query({ state: 'closed', head, base, sort: 'updated', direction: 'desc' })}`,
    )
  ).filter((pull) => pull.merged_at && pull.merge_commit_sha);
  // Published before: is the branch still where it was then (nothing saved since)?
  const branchHead =
    merged.length > 0
      ? (await github.repoJson<{ sha: string }>(`/commits/${encodeURIComponent(branch)}`)).sha
      : null;
  const done = merged.find((pull) => pull.head.sha === branchHead);
  if (done) {
    dispatch({ type: 'pull', pull: linkOf(done), at: now() });
    dispatch({ type: 'merged', commit: done.merge_commit_sha!, at: now() });
    return { pull: done, merged: done.merge_commit_sha };
  }
  const name = branch.replace(/^edit-/, '');
  try {
    const pull = await github.repoJson<Pull>('/pulls', {
      method: 'POST',
      body: {
        title: mode === 'undo' ? `Undo the last publish (${name})` : `Publish ${name}`,
        head: branch,
        base,
        body: 'Opened by Publish in the site editor: merged once the check passes.',
      },
    });
    dispatch({ type: 'pull', pull: linkOf(pull), at: now() });
    return { pull, merged: null };
  } catch (error) {
    if (
      error instanceof GitHubRefusal &&
      error.status === 422 &&
      /No commits between/i.test(error.detail ?? '')
    ) {
      dispatch({ type: 'nothing' });
      return null;
    }
    throw error;
  }
}

/** Reads the gate until it ends; merges on green. The merged commit, or null when it stopped. */
async function checkAndMerge(context: Context, opened: Pull): Promise<string | null> {
  const { github, dispatch, now, sleep, pollMs, limits } = context;
  const deadline = now() + limits.check;
  let headChecked = opened.head.sha;
  let draftChecked: string | null = null;
  for (;;) {
    const pull = await github.repoJson<Pull>(`/pulls/${opened.number}`);
    if (pull.merged && pull.merge_commit_sha) {
      dispatch({ type: 'merged', commit: pull.merge_commit_sha, at: now() });
      return pull.merge_commit_sha;
    }
    if (pull.state !== 'open') {
      dispatch({
        type: 'stopped',
        reason: 'Its pull request was closed on GitHub. Press Publish to open it again.',
      });
      return null;
    }
    // A save since the last look: the check starts over on the new head.
    if (pull.head.sha !== headChecked) dispatch({ type: 'pull', pull: linkOf(pull), at: now() });
    headChecked = pull.head.sha;
    // The editor's own check of the very head that would be merged, whatever the gate says.
    if (draftChecked !== pull.head.sha) {
      const problems = await context.checkDraft(pull.head.sha).catch((error: unknown) => {
        if (error instanceof GitHubRefusal) throw error;
        throw new DraftUnread(error instanceof Error ? error.message : String(error));
      });
      if (problems.length > 0) {
        dispatch({ type: 'red', problems, details: null, conclusion: REFUSED_BY_EDITOR });
        return null;
      }
      draftChecked = pull.head.sha;
    }
    const { check_runs: runs } = await github.repoJson<{ check_runs: CheckRun[] }>(
      `/commits/${pull.head.sha}/check-runs?per_page=100`,
    );
    const verdict = readGate(runs);
    dispatch({ type: 'gate', verdict });
    if (verdict.kind === 'failed') {
      await reportRed(context, runs, verdict);
      return null;
    }
    if (verdict.kind === 'passed') {
      const merged = await merge(context, pull);
      if (merged !== 'again') return merged;
      dispatch({ type: 'pull', pull: linkOf(pull), at: now() });
    }
    if (now() > deadline) {
      dispatch({
        type: 'stopped',
        reason: waitedTooLong(verdict),
        link: { href: pull.html_url, text: 'its pull request' },
      });
      return null;
    }
    await sleep(pollMs);
  }
}

function waitedTooLong(verdict: GateVerdict): string {
  return verdict.kind === 'waiting'
    ? 'No check has started for this change: the site’s tests may not run on this repository. Ask your developer.'
    : 'The check is still running after an hour. Press Publish later: it carries on where it stopped.';
}

/** The reasons of a red gate, from the failed runs' annotations (a file and a field) or their output. */
async function reportRed(
  context: Context,
  runs: CheckRun[],
  verdict: Extract<GateVerdict, { kind: 'failed' }>,
) {
  const annotated = failedRuns(runs)
    .filter((run) => (run.output?.annotations_count ?? 0) > 0)
    .slice(0, 5);
  const annotations: Annotation[] = [];
  for (const run of annotated)
    annotations.push(
      ...(await context.github.repoJson<Annotation[]>(`/check-runs/${run.id}/annotations?per_page=50`)),
    );
  context.dispatch({
    type: 'red',
    problems: problemsOf(annotations, runs),
    details: verdict.url,
    conclusion: verdict.conclusion,
  });
}

/** One squashed commit on the default branch, of exactly the head the gate passed. */
async function merge(context: Context, pull: Pull): Promise<string | null | 'again'> {
  const { github, dispatch, now } = context;
  try {
    const merged = await github.repoJson<{ sha: string }>(`/pulls/${pull.number}/merge`, {
      method: 'PUT',
      body: {
        merge_method: 'squash',
        sha: pull.head.sha,
        commit_title: `${pull.title} (#${pull.number})`,
        commit_message: 'Published from the site editor.',
      },
    });
    dispatch({ type: 'merged', commit: merged.sha, at: now() });
    return merged.sha;
  } catch (error) {
    if (!(error instanceof GitHubRefusal)) throw error;
    // The branch moved since the check (409), or the protection has not seen the check yet: look again.
    if (error.status === 409 || (error.status === 405 && /required status check/i.test(error.message)))
      return 'again';
    if (error.status !== 405) throw error;
    dispatch({
      type: 'stopped',
      reason: /not mergeable/i.test(error.message)
        ? 'GitHub cannot merge it: it conflicts with a change published since. Make the change again on a new draft.'
        : `GitHub would not merge it: ${error.message}`,
      link: { href: pull.html_url, text: 'its pull request' },
    });
    return null;
  }
}

/** Follows the host until the merged commit is live, failed, or the wait is over. */
async function followDeploy(context: Context, commit: string): Promise<void> {
  const { dispatch, now, sleep, pollMs, limits, address } = context;
  const deadline = now() + limits.deploy;
  const onOurServer = (await context.served()) !== null;
  const contains = containment(context);
  for (;;) {
    const verdict = onOurServer
      ? await serverVerdict(context, commit, contains)
      : await hostVerdict(context, commit);
    // A failed build: the merged files say why, where a data file is the cause.
    const problems = verdict.kind === 'failed' ? await context.checkDraft(commit).catch(() => []) : [];
    dispatch({ type: 'deploy', verdict, address, at: now(), problems });
    if (verdict.kind === 'live' || verdict.kind === 'failed') return;
    if (now() > deadline) {
      dispatch({ type: 'unheard', address });
      return;
    }
    await sleep(pollMs);
  }
}

/** Whether `later` is `commit` or comes after it on GitHub (answers kept: a commit's past never changes). */
function containment(context: Context) {
  const known = new Map<string, boolean>();
  return async (commit: string, later: string | null): Promise<boolean> => {
    if (!later) return false;
    if (later === commit) return true;
    if (!known.has(later)) {
      const { status } = await context.github.repoJson<{ status: string }>(`/compare/${commit}...${later}`);
      known.set(later, status === 'ahead' || status === 'identical');
    }
    return known.get(later)!;
  };
}

async function serverVerdict(
  context: Context,
  commit: string,
  contains: ReturnType<typeof containment>,
): Promise<DeployVerdict> {
  const answer = await context.served();
  if (!answer) return { kind: 'waiting' };
  const servesIt = await contains(commit, answer.served);
  const failedIt = !servesIt && (await contains(commit, answer.failed));
  return readServed(answer, { servesIt, failedIt });
}

/** The hosts that report to GitHub: commit statuses, and the production deployment's statuses. */
async function hostVerdict(context: Context, commit: string): Promise<DeployVerdict> {
  const { github } = context;
  const combined = await github.repoJson<{ statuses: CommitStatus[] }>(`/commits/${commit}/status`);
  const deployments = await github.repoJson<Deployment[]>(`/deployments?${query({ sha: commit })}`);
  const production = productionDeployment(deployments);
  const verdicts = [readStatuses(combined.statuses)];
  if (production)
    verdicts.push(
      readDeployment(await github.repoJson<DeploymentStatus[]>(`/deployments/${production.id}/statuses`)),
    );
  return combine(verdicts);
}
