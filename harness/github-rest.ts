/**
 * The stand-in's REST side for publishing (./github-stand-in.ts routes api.github.com's REST paths
 * here), over the same bare repository, answering as GitHub's REST API documents it:
 *
 * - pull requests: list (`state`, `head=owner:branch`, `base`, `sort`, `direction`), create (201;
 *   422 when one is open for the branch or the branch has no commits past the base), get, and
 *   merge (`PUT …/merge`: `merge` or `squash`; 200 `{ sha, merged, message }`, 405 "Pull Request is
 *   not mergeable" on a conflict or an unmet required check, 409 when `sha` is not the head);
 * - checks: a check run `gate` (the Tests workflow's job) on each commit pushed to a branch, whose
 *   outcome the test sets (`gate`): queued, in progress, then completed with its output and
 *   annotations; `GET …/commits/{ref}/check-runs`, `…/check-runs/{id}`, `…/check-runs/{id}/annotations`;
 * - commit statuses (`POST …/statuses/{sha}`, `GET …/commits/{ref}/status` combined,
 *   `…/commits/{ref}/statuses`), deployments and their statuses (`POST`/`GET …/deployments`,
 *   `…/deployments/{id}/statuses`), as a host posts them;
 * - a commit with its files (`GET …/commits/{sha}`) and a comparison (`GET …/compare/{base}...{head}`).
 *
 * Writes need a token that may push (403 "Resource not accessible by integration" otherwise, as
 * GitHub answers a GitHub App's user token without the permission). Every branch move is reported
 * to `moved` (the stand-in's webhooks and the gate's runs); a merge never rewrites history.
 */
export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  title?: string;
  message: string;
  raw_details?: string;
}

/** What the gate does with the next commits pushed: how long it takes, how it ends, what it says. */
export interface GatePlan {
  conclusion: 'success' | 'failure' | 'cancelled' | 'timed_out';
  /** Seconds from the run's start to its end. */
  seconds: number;
  title?: string;
  summary?: string;
  annotations?: Annotation[];
}

export interface PullRecord {
  number: number;
  branch: string;
  base: string;
  title: string;
  body: string;
  merged: boolean;
  state: 'open' | 'closed';
  createdAt: string;
  updatedAt: string;
  mergedAt: string | null;
  mergeCommit: string | null;
}

interface CheckRun {
  id: number;
  suite: number;
  name: string;
  headSha: string;
  /** When the push was (ms): the run shows up a moment later, starts, then ends after the plan's seconds. */
  pushedAt: number;
  plan: GatePlan;
}

interface Status {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  target_url: string | null;
  created_at: string;
  updated_at: string;
}

interface Deployment {
  id: number;
  sha: string;
  ref: string;
  environment: string;
  production_environment: boolean;
  description: string | null;
  created_at: string;
  statuses: {
    id: number;
    state: string;
    environment_url: string;
    log_url: string;
    description: string;
    created_at: string;
  }[];
}

/** A REST answer: a status and a JSON body (or none). */
export interface RestAnswer {
  status: number;
  body?: unknown;
}

export interface RestContext {
  owner: string;
  name: string;
  git: (args: string[]) => string;
  branchOid: (branch: string) => string | null;
  /** Moves a branch from `before` (null: creates it) to `after`, refusing if it moved meanwhile. */
  moveBranch: (branch: string, before: string | null, after: string) => void;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const notFound: RestAnswer = { status: 404, body: { message: 'Not Found' } };
const forbidden: RestAnswer = { status: 403, body: { message: 'Resource not accessible by integration' } };

export class RestRepository {
  readonly pulls = new Map<number, PullRecord>();
  /** What the gate does with commits pushed from now on; undefined: no workflow runs (no check at all). */
  gate: GatePlan | undefined;
  /** Which checks main's protection requires before a merge. */
  requiredChecks: string[] = [];
  /** A check run shows up this long after the push (the workflow being queued), then starts. */
  workflowDelays = { queuedMs: 300, startsMs: 1000 };
  private readonly runs: CheckRun[] = [];
  private readonly statuses: Status[] = [];
  private readonly deployments: Deployment[] = [];
  private lastId = 1000;
  private readonly context: RestContext;

  constructor(context: RestContext) {
    this.context = context;
  }

  private get repoPath() {
    return `${this.context.owner}/${this.context.name}`;
  }

  private id() {
    return (this.lastId += 1);
  }

  /** A commit was pushed to a branch: the workflow's gate runs on it, once per commit. */
  pushed(sha: string): void {
    if (!this.gate || this.runs.some((run) => run.headSha === sha)) return;
    this.runs.push({
      id: this.id(),
      suite: this.id(),
      name: 'gate',
      headSha: sha,
      pushedAt: Date.now(),
      plan: this.gate,
    });
  }

  /**
   * Ends every run still going now, as its plan says it ends (a test that has seen it run); a run
   * still queued ends as it starts.
   */
  finishRuns(): void {
    for (const run of this.runs) {
      const state = this.runState(run);
      if (state?.status === 'in_progress')
        run.plan = { ...run.plan, seconds: (Date.now() - state.started!) / 1000 };
      else if (state === null || state.status === 'queued') run.plan = { ...run.plan, seconds: 0 };
    }
  }

  private resolve(ref: string): string | null {
    try {
      return this.context.git(['rev-parse', '--verify', '-q', `${ref}^{commit}`]);
    } catch {
      return null;
    }
  }

  private pullJson(pull: PullRecord, withMerged: boolean) {
    const head = this.context.branchOid(pull.branch);
    const base = this.context.branchOid(pull.base);
    return {
      url: `https://api.github.com/repos/${this.repoPath}/pulls/${pull.number}`,
      html_url: `https://github.com/${this.repoPath}/pull/${pull.number}`,
      number: pull.number,
      state: pull.state,
      title: pull.title,
      body: pull.body,
      draft: false,
      user: { login: 'site-owner' },
      head: { ref: pull.branch, label: `${this.context.owner}:${pull.branch}`, sha: head },
      base: { ref: pull.base, label: `${this.context.owner}:${pull.base}`, sha: base },
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.mergedAt,
      merged_at: pull.mergedAt,
      merge_commit_sha: pull.mergeCommit,
      ...(withMerged ? { merged: pull.merged } : {}),
    };
  }

  private listPulls(query: URLSearchParams): RestAnswer {
    const state = query.get('state') ?? 'open';
    const head = query.get('head');
    const base = query.get('base');
    const byUpdate = query.get('sort') === 'updated';
    const ascending = query.get('direction') === 'asc';
    const perPage = Math.min(Number(query.get('per_page') ?? 30) || 30, 100);
    const list = [...this.pulls.values()]
      .filter((pull) => state === 'all' || pull.state === state)
      .filter((pull) => !head || head === `${this.context.owner}:${pull.branch}`)
      .filter((pull) => !base || pull.base === base)
      .sort((a, b) => {
        const order = byUpdate
          ? a.updatedAt.localeCompare(b.updatedAt) || a.number - b.number
          : a.number - b.number;
        return ascending ? order : -order;
      })
      .slice(0, perPage);
    return { status: 200, body: list.map((pull) => this.pullJson(pull, false)) };
  }

  private createPull(input: { title?: string; head?: string; base?: string; body?: string }): RestAnswer {
    const branch = (input.head ?? '').replace(`${this.context.owner}:`, '');
    const base = input.base ?? '';
    const invalid = (field: string) => ({
      status: 422,
      body: { message: 'Validation Failed', errors: [{ resource: 'PullRequest', field, code: 'invalid' }] },
    });
    if (!this.context.branchOid(base)) return invalid('base');
    if (!this.context.branchOid(branch)) return invalid('head');
    const custom = (message: string) => ({
      status: 422,
      body: { message: 'Validation Failed', errors: [{ resource: 'PullRequest', code: 'custom', message }] },
    });
    if ([...this.pulls.values()].some((pull) => pull.branch === branch && pull.state === 'open'))
      return custom(`A pull request already exists for ${this.context.owner}:${branch}.`);
    if (this.context.git(['rev-list', '--count', `${base}..${branch}`]) === '0')
      return custom(`No commits between ${base} and ${branch}`);
    const now = iso(Date.now());
    const pull: PullRecord = {
      number: this.pulls.size + 1,
      branch,
      base,
      title: input.title ?? branch,
      body: input.body ?? '',
      merged: false,
      state: 'open',
      createdAt: now,
      updatedAt: now,
      mergedAt: null,
      mergeCommit: null,
    };
    this.pulls.set(pull.number, pull);
    return { status: 201, body: this.pullJson(pull, true) };
  }

  /** Opens a pull request as GitHub's page does (the stand-in's HTML route): its number. */
  openFromPage(branch: string): number {
    const answer = this.createPull({ head: branch, base: 'main', title: branch });
    return (answer.body as { number: number }).number;
  }

  /** The latest run of each required check on `sha` that has not passed, in GitHub's words. */
  private unmetCheck(sha: string): string | null {
    for (const name of this.requiredChecks) {
      const run = this.runs.filter((each) => each.headSha === sha && each.name === name).at(-1);
      const state = run && this.runState(run);
      if (!state || state.status !== 'completed') return `Required status check "${name}" is expected.`;
      if (state.conclusion !== 'success') return `Required status check "${name}" is failing.`;
    }
    return null;
  }

  /** `PUT …/pulls/{n}/merge`: a merge commit or one squashed commit on the base, never a rewrite. */
  merge(
    number: number,
    input: { merge_method?: string; sha?: string; commit_title?: string; commit_message?: string },
  ): RestAnswer {
    const pull = this.pulls.get(number);
    if (!pull) return notFound;
    const method = input.merge_method ?? 'merge';
    if (method !== 'merge' && method !== 'squash')
      return { status: 405, body: { message: `${method} merges are not allowed on this repository.` } };
    const head = this.context.branchOid(pull.branch)!;
    const base = this.context.branchOid(pull.base)!;
    if (pull.state !== 'open') return { status: 405, body: { message: 'Pull Request is not mergeable' } };
    if (input.sha && input.sha !== head)
      return { status: 409, body: { message: 'Head branch was modified. Review and try the merge again.' } };
    const unmet = this.unmetCheck(head);
    if (unmet) return { status: 405, body: { message: unmet } };
    let tree: string;
    try {
      tree = this.context.git(['merge-tree', '--write-tree', base, head]).split('\n')[0]!;
    } catch {
      return { status: 405, body: { message: 'Pull Request is not mergeable' } };
    }
    const squash = method === 'squash';
    const title =
      input.commit_title ??
      (squash
        ? `${pull.title} (#${number})`
        : `Merge pull request #${number} from ${this.repoPath.split('/')[0]}/${pull.branch}`);
    const message = [title, input.commit_message].filter(Boolean).join('\n\n');
    const parents = squash ? ['-p', base] : ['-p', base, '-p', head];
    const commit = this.context.git(['commit-tree', tree, ...parents, '-m', message]);
    this.context.moveBranch(pull.base, base, commit);
    const now = iso(Date.now());
    Object.assign(pull, {
      merged: true,
      state: 'closed',
      mergedAt: now,
      updatedAt: now,
      mergeCommit: commit,
    });
    return { status: 200, body: { sha: commit, merged: true, message: 'Pull Request successfully merged' } };
  }

  private runState(run: CheckRun) {
    const age = Date.now() - run.pushedAt;
    const { queuedMs, startsMs } = this.workflowDelays;
    if (age < queuedMs) return null;
    const started = run.pushedAt + startsMs;
    const completed = started + run.plan.seconds * 1000;
    if (age < startsMs) return { status: 'queued', conclusion: null, started: null, completed: null };
    if (Date.now() < completed) return { status: 'in_progress', conclusion: null, started, completed: null };
    return { status: 'completed', conclusion: run.plan.conclusion, started, completed };
  }

  private runJson(run: CheckRun) {
    const state = this.runState(run)!;
    const done = state.status === 'completed';
    const url = `https://github.com/${this.repoPath}/actions/runs/${run.suite}/job/${run.id}`;
    return {
      id: run.id,
      name: run.name,
      head_sha: run.headSha,
      status: state.status,
      conclusion: state.conclusion,
      started_at: state.started === null ? null : iso(state.started),
      completed_at: state.completed === null ? null : iso(state.completed),
      html_url: url,
      details_url: url,
      url: `https://api.github.com/repos/${this.repoPath}/check-runs/${run.id}`,
      check_suite: { id: run.suite },
      app: { slug: 'github-actions', name: 'GitHub Actions' },
      output: {
        title: done ? (run.plan.title ?? null) : null,
        summary: done ? (run.plan.summary ?? null) : null,
        text: null,
        annotations_count: done ? (run.plan.annotations?.length ?? 0) : 0,
        annotations_url: `https://api.github.com/repos/${this.repoPath}/check-runs/${run.id}/annotations`,
      },
    };
  }

  private checkRuns(ref: string, query: URLSearchParams): RestAnswer {
    const sha = this.resolve(ref);
    if (!sha) return { status: 422, body: { message: `No commit found for SHA: ${ref}` } };
    const name = query.get('check_name');
    const status = query.get('status');
    const runs = this.runs
      .filter((run) => run.headSha === sha && (!name || run.name === name) && this.runState(run))
      .map((run) => this.runJson(run))
      .filter((run) => !status || run.status === status)
      .reverse();
    return { status: 200, body: { total_count: runs.length, check_runs: runs } };
  }

  private annotations(id: number): RestAnswer {
    const run = this.runs.find((each) => each.id === id);
    if (!run || !this.runState(run)) return notFound;
    return {
      status: 200,
      body: this.runState(run)!.status === 'completed' ? (run.plan.annotations ?? []) : [],
    };
  }

  private addStatus(sha: string, input: Partial<Status>): RestAnswer {
    if (!this.resolve(sha)) return { status: 422, body: { message: `No commit found for SHA: ${sha}` } };
    if (!['error', 'failure', 'pending', 'success'].includes(String(input.state)))
      return { status: 422, body: { message: 'Validation Failed' } };
    const now = iso(Date.now());
    const status: Status = {
      id: this.id(),
      sha,
      state: input.state!,
      context: input.context ?? 'default',
      description: input.description ?? null,
      target_url: input.target_url ?? null,
      created_at: now,
      updated_at: now,
    };
    this.statuses.push(status);
    return { status: 201, body: status };
  }

  /** GitHub's combined status: the latest of each context; failure if any failed, pending if any pends or none. */
  private combined(ref: string): RestAnswer {
    const sha = this.resolve(ref);
    if (!sha) return { status: 422, body: { message: `No commit found for SHA: ${ref}` } };
    const latest = new Map<string, Status>();
    for (const status of this.statuses.filter((each) => each.sha === sha)) latest.set(status.context, status);
    const statuses = [...latest.values()];
    const state = statuses.some((each) => each.state === 'failure' || each.state === 'error')
      ? 'failure'
      : statuses.length === 0 || statuses.some((each) => each.state === 'pending')
        ? 'pending'
        : 'success';
    return { status: 200, body: { state, sha, total_count: statuses.length, statuses } };
  }

  private addDeployment(input: Partial<Deployment> & { ref?: string }): RestAnswer {
    const sha = this.resolve(input.sha ?? input.ref ?? '');
    if (!sha) return { status: 422, body: { message: 'Validation Failed' } };
    const environment = input.environment ?? 'production';
    const deployment: Deployment = {
      id: this.id(),
      sha,
      ref: input.ref ?? sha,
      environment,
      production_environment: input.production_environment ?? environment === 'production',
      description: input.description ?? null,
      created_at: iso(Date.now()),
      statuses: [],
    };
    this.deployments.push(deployment);
    return { status: 201, body: this.deploymentJson(deployment) };
  }

  private deploymentJson({ statuses: _statuses, ...deployment }: Deployment) {
    return {
      ...deployment,
      statuses_url: `https://api.github.com/repos/${this.repoPath}/deployments/${deployment.id}/statuses`,
    };
  }

  private addDeploymentStatus(id: number, input: Record<string, string>): RestAnswer {
    const deployment = this.deployments.find((each) => each.id === id);
    if (!deployment) return notFound;
    const status = {
      id: this.id(),
      state: input['state'] ?? 'pending',
      environment_url: input['environment_url'] ?? '',
      log_url: input['log_url'] ?? '',
      description: input['description'] ?? '',
      created_at: iso(Date.now()),
    };
    deployment.statuses.push(status);
    return { status: 201, body: status };
  }

  private listDeployments(query: URLSearchParams): RestAnswer {
    const list = this.deployments
      .filter((each) => !query.get('sha') || each.sha === query.get('sha'))
      .filter((each) => !query.get('ref') || each.ref === query.get('ref'))
      .filter((each) => !query.get('environment') || each.environment === query.get('environment'))
      .reverse();
    return { status: 200, body: list.map((each) => this.deploymentJson(each)) };
  }

  /** Files changed from `from` to `to`, as GitHub lists them (renames with their old name). */
  private files(from: string, to: string) {
    const statusOf: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', R: 'renamed' };
    return this.context
      .git(['diff', '--name-status', '-M', from, to])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [code, first, second] = line.split('\t') as [string, string, string | undefined];
        const status = statusOf[code[0]!] ?? 'changed';
        return status === 'renamed'
          ? { filename: second!, previous_filename: first, status }
          : { filename: first, status };
      });
  }

  private commit(ref: string): RestAnswer {
    const sha = this.resolve(ref);
    if (!sha) return { status: 422, body: { message: `No commit found for SHA: ${ref}` } };
    const parents = this.context.git(['rev-list', '--parents', '-n', '1', sha]).split(' ').slice(1);
    const [tree, message] = [
      this.context.git(['rev-parse', `${sha}^{tree}`]),
      this.context.git(['log', '-1', '--format=%B', sha]),
    ];
    return {
      status: 200,
      body: {
        sha,
        html_url: `https://github.com/${this.repoPath}/commit/${sha}`,
        commit: { message, tree: { sha: tree } },
        parents: parents.map((parent) => ({ sha: parent })),
        files: parents[0] ? this.files(parents[0], sha) : [],
      },
    };
  }

  private compare(spec: string): RestAnswer {
    const [baseRef, headRef] = spec.split('...') as [string, string | undefined];
    const base = this.resolve(baseRef);
    const head = headRef ? this.resolve(headRef) : null;
    if (!base || !head) return notFound;
    const mergeBase = this.context.git(['merge-base', base, head]);
    const ahead = Number(this.context.git(['rev-list', '--count', `${base}..${head}`]));
    const behind = Number(this.context.git(['rev-list', '--count', `${head}..${base}`]));
    const status =
      ahead === 0 && behind === 0
        ? 'identical'
        : behind === 0
          ? 'ahead'
          : ahead === 0
            ? 'behind'
            : 'diverged';
    return {
      status: 200,
      body: {
        status,
        ahead_by: ahead,
        behind_by: behind,
        total_commits: ahead,
        merge_base_commit: { sha: mergeBase },
        files: this.files(mergeBase, head),
      },
    };
  }

  /** A REST request under /repos/{owner}/{name}; null when the path is not one of these. */
  handle(
    method: string,
    rest: string,
    query: URLSearchParams,
    body: unknown,
    mayWrite: boolean,
  ): RestAnswer | null {
    const input = (body ?? {}) as Record<string, string>;
    const write = method !== 'GET';
    const route = (pattern: RegExp, verb: string) => (method === verb ? pattern.exec(rest) : null);
    const answer = (): RestAnswer | null => {
      let match: RegExpExecArray | null;
      if (route(/^\/pulls$/, 'GET')) return this.listPulls(query);
      if (route(/^\/pulls$/, 'POST')) return this.createPull(input);
      if ((match = route(/^\/pulls\/(\d+)$/, 'GET'))) {
        const pull = this.pulls.get(Number(match[1]));
        return pull ? { status: 200, body: this.pullJson(pull, true) } : notFound;
      }
      if ((match = route(/^\/pulls\/(\d+)\/merge$/, 'PUT'))) return this.merge(Number(match[1]), input);
      if ((match = route(/^\/commits\/([^/]+)\/check-runs$/, 'GET')))
        return this.checkRuns(decodeURIComponent(match[1]!), query);
      if ((match = route(/^\/check-runs\/(\d+)\/annotations$/, 'GET')))
        return this.annotations(Number(match[1]));
      if ((match = route(/^\/check-runs\/(\d+)$/, 'GET'))) {
        const run = this.runs.find((each) => each.id === Number(match![1]));
        return run && this.runState(run) ? { status: 200, body: this.runJson(run) } : notFound;
      }
      if ((match = route(/^\/statuses\/([0-9a-f]{40})$/, 'POST')))
        return this.addStatus(match[1]!, input as Partial<Status>);
      if ((match = route(/^\/commits\/([^/]+)\/status$/, 'GET')))
        return this.combined(decodeURIComponent(match[1]!));
      if ((match = route(/^\/commits\/([^/]+)\/statuses$/, 'GET'))) {
        const sha = this.resolve(decodeURIComponent(match[1]!));
        return { status: 200, body: this.statuses.filter((each) => each.sha === sha).reverse() };
      }
      if (route(/^\/deployments$/, 'GET')) return this.listDeployments(query);
      if (route(/^\/deployments$/, 'POST')) return this.addDeployment(input as Partial<Deployment>);
      if ((match = route(/^\/deployments\/(\d+)\/statuses$/, 'GET'))) {
        const deployment = this.deployments.find((each) => each.id === Number(match![1]));
        return deployment ? { status: 200, body: [...deployment.statuses].reverse() } : notFound;
      }
      if ((match = route(/^\/deployments\/(\d+)\/statuses$/, 'POST')))
        return this.addDeploymentStatus(Number(match[1]), input);
      if ((match = route(/^\/commits\/([^/]+)$/, 'GET'))) return this.commit(decodeURIComponent(match[1]!));
      if ((match = route(/^\/compare\/(.+)$/, 'GET'))) return this.compare(decodeURIComponent(match[1]!));
      return null;
    };
    // GitHub refuses a write without the permission before doing anything.
    if (write && !mayWrite) return forbidden;
    return answer();
  }
}
