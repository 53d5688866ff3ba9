/**
 * A stand-in for the part of GitHub the hosted editor talks to, backed by a real git repository on
 * disk (a bare one, changed only through git's own plumbing):
 *
 * - github.com: the OAuth authorize page (an "Authorize" button), the token exchange
 *   (`POST /login/oauth/access_token`, each code good once), the token's revocation, and a pull
 *   request's pages (open one from a branch, merge it into the default branch);
 * - api.github.com: GraphQL (`/graphql`: the queries and mutations Keystatic's app sends, executed
 *   by graphql-js against a schema that is the subset of GitHub's it uses), the repository with the
 *   token's `permissions`, trees (`/repos/o/n/git/trees/:sha?recursive=1`), blobs
 *   (`/repos/o/n/git/blobs/:oid`) and file contents (`/repos/o/n/contents/:path?ref=`); and for
 *   publishing, pull requests, the `gate` check, commit statuses, deployments, commits and
 *   comparisons (./github-rest.ts);
 * - raw.githubusercontent.com: a file at a commit;
 * - webhooks: every branch move is sent as GitHub's `push` event, signed with the webhook's secret,
 *   to each address added with `addWebhook` (the deploy hook of our server).
 *
 * A user signed in read-only (`issueToken(false)`, or `readOnlySignIns`) has READ permission:
 * GitHub refuses their writes. Branches only ever move forward here (`refUpdates` records each
 * move and whether it was forced, for a test to prove none was).
 *
 * Requests arrive with the host as the first path segment (`/api.github.com/graphql`): the
 * browser's through the tunnels it opens here, its proxy (./github-tunnel.ts), the server's by
 * harness/github-hosts.ts.
 * Every request is recorded (method, host, path, GraphQL operation) for the test to read.
 */
import { execFileSync, type StdioOptions } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql } from 'graphql';
import { GitHubApps } from './github-apps.ts';
import { RestRepository } from './github-rest.ts';
import { answerTunnels } from './github-tunnel.ts';

export interface StandInOptions {
  /** The bare repository. */
  repository: string;
  owner: string;
  name: string;
  clientId: string;
  clientSecret: string;
}

export interface RecordedRequest {
  method: string;
  host: string;
  path: string;
  operation?: string;
  /** The JSON body of a REST write, as sent. */
  body?: unknown;
}

/** One move of a branch: created (`before` null), moved, or deleted (`after` null). */
export interface RefUpdate {
  branch: string;
  before: string | null;
  after: string | null;
  /** Whether the move dropped commits (a force push). */
  forced: boolean;
}

/** One webhook call: the event, the pushed branch, and the status the receiver answered. */
export interface Delivery {
  event: string;
  ref: string;
  after: string;
  status: number;
}

const SCHEMA = buildSchema(`
  scalar GitObjectID
  scalar Base64String
  enum RepositoryPermission { ADMIN MAINTAIN WRITE TRIAGE READ }
  enum RepositoryAffiliation { OWNER COLLABORATOR ORGANIZATION_MEMBER }
  enum PullRequestState { OPEN CLOSED MERGED }
  interface Node { id: ID! }
  interface GitObject { id: ID! oid: GitObjectID! }
  type Tree implements Node & GitObject { id: ID! oid: GitObjectID! }
  type Commit implements Node & GitObject { id: ID! oid: GitObjectID! tree: Tree! }
  type PullRequest implements Node { id: ID! number: Int! }
  type PullRequestConnection { nodes: [PullRequest] }
  type Ref implements Node {
    id: ID!
    name: String!
    target: GitObject
    associatedPullRequests(states: [PullRequestState!], first: Int): PullRequestConnection!
  }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type RefConnection { nodes: [Ref] pageInfo: PageInfo! }
  type User implements Node { id: ID! login: String! name: String avatarUrl: String! databaseId: Int }
  type RepositoryConnection { nodes: [Repository] }
  type Repository implements Node {
    id: ID!
    isPrivate: Boolean!
    owner: User!
    name: String!
    defaultBranchRef: Ref
    refs(refPrefix: String!, first: Int, after: String): RefConnection
    viewerPermission: RepositoryPermission
    forks(affiliations: [RepositoryAffiliation], first: Int): RepositoryConnection!
    ref(qualifiedName: String!): Ref
  }
  type Query {
    repository(owner: String!, name: String!): Repository
    viewer: User!
    node(id: ID!): Node
  }
  input CommittableBranch { repositoryNameWithOwner: String, branchName: String, id: ID }
  input CommitMessage { headline: String!, body: String }
  input FileAddition { path: String!, contents: Base64String! }
  input FileDeletion { path: String! }
  input FileChanges { additions: [FileAddition!], deletions: [FileDeletion!] }
  input CreateCommitOnBranchInput {
    branch: CommittableBranch!
    message: CommitMessage!
    expectedHeadOid: GitObjectID!
    fileChanges: FileChanges
    clientMutationId: String
  }
  type CreateCommitOnBranchPayload { ref: Ref, commit: Commit }
  input CreateRefInput { name: String!, oid: GitObjectID!, repositoryId: ID!, clientMutationId: String }
  type CreateRefPayload { ref: Ref }
  input DeleteRefInput { refId: ID!, clientMutationId: String }
  type DeleteRefPayload { clientMutationId: String }
  type Mutation {
    createCommitOnBranch(input: CreateCommitOnBranchInput!): CreateCommitOnBranchPayload
    createRef(input: CreateRefInput!): CreateRefPayload
    deleteRef(input: DeleteRefInput!): DeleteRefPayload
  }
`);

/** A GraphQL error GitHub would send, with its `type` (Keystatic reads STALE_DATA). */
class GitHubError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept, X-GitHub-Api-Version',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE',
  'access-control-expose-headers': 'ETag, Link, X-GitHub-Request-Id',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class GitHubStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly refUpdates: RefUpdate[] = [];
  readonly deliveries: Delivery[] = [];
  /** Pull requests, checks, statuses and deployments (./github-rest.ts): `rest.gate` sets the check's outcome. */
  readonly rest: RestRepository;
  /** The App-manifest flow and installations (./github-apps.ts): the setup page's side of GitHub. */
  readonly apps: GitHubApps;
  /** The checks `main`'s protection requires, or null when it is not protected. */
  mainProtectedBy: string[] | null = null;
  /** Sign-ins from now on give read-only tokens (a user who may read the repository, not write). */
  readOnlySignIns = false;
  private readonly webhooks: { url: string; secret: string }[] = [];
  private readonly pushListeners: ((branch: string, sha: string) => void)[] = [];
  private readonly codes = new Set<string>();
  private readonly tokens = new Set<string>();
  /** Tokens of users who may read the repository but not write to it. */
  private readonly readOnly = new Set<string>();
  private readonly options: StandInOptions;
  private server: Server | undefined;
  private closeTunnels = () => {};
  private readonly viewer = {
    __typename: 'User',
    id: 'U_owner',
    login: 'site-owner',
    name: 'Site Owner',
    avatarUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    databaseId: 1,
  };

  constructor(options: StandInOptions) {
    this.options = options;
    this.rest = new RestRepository({
      owner: options.owner,
      name: options.name,
      git: (args) => this.git(args),
      branchOid: (branch) => this.branchOid(branch),
      moveBranch: (branch, before, after) => this.moveBranch(branch, before, after),
    });
    this.apps = new GitHubApps({
      repo: `${options.owner}/${options.name}`,
      escapeHtml,
      issueToken: () => this.issueToken(true),
      useClient: (clientId, clientSecret) => Object.assign(this.options, { clientId, clientSecret }),
    });
  }

  /** Pull requests opened here, by number. */
  get pulls() {
    return this.rest.pulls;
  }

  /** GitHub's push webhook: every branch move is posted to `url`, signed with `secret`. */
  addWebhook(url: string, secret: string): void {
    this.webhooks.push({ url, secret });
  }

  /** Called after every push to a branch (a host building main, in a test). */
  onPush(listener: (branch: string, sha: string) => void): void {
    this.pushListeners.push(listener);
  }

  /** Moves a branch with git's compare-and-swap (refused if it moved meanwhile), then tells whoever listens. */
  private moveBranch(branch: string, before: string | null, after: string | null): void {
    const ref = `refs/heads/${branch}`;
    if (after === null) this.git(['update-ref', '-d', ref, ...(before ? [before] : [])]);
    else this.git(['update-ref', ref, after, before ?? '0'.repeat(40)]);
    const forced = before !== null && after !== null && !this.isAncestor(before, after);
    this.refUpdates.push({ branch, before, after, forced });
    if (after === null) return;
    this.rest.pushed(after);
    for (const listener of this.pushListeners) listener(branch, after);
    for (const hook of this.webhooks) void this.deliver(hook, branch, before, after);
  }

  private isAncestor(ancestor: string, of: string): boolean {
    try {
      this.git(['merge-base', '--is-ancestor', ancestor, of]);
      return true;
    } catch {
      return false;
    }
  }

  /** GitHub's push event, as its webhooks send it: JSON, signed with HMAC-SHA256 of the exact bytes. */
  private async deliver(
    hook: { url: string; secret: string },
    branch: string,
    before: string | null,
    after: string,
  ) {
    const body = JSON.stringify({
      ref: `refs/heads/${branch}`,
      before: before ?? '0'.repeat(40),
      after,
      created: before === null,
      deleted: false,
      forced: false,
      repository: {
        name: this.options.name,
        full_name: `${this.options.owner}/${this.options.name}`,
        default_branch: 'main',
      },
      pusher: { name: this.viewer.login },
      head_commit: { id: after, message: this.git(['log', '-1', '--format=%s', after]) },
    });
    const signature = createHmac('sha256', hook.secret).update(body).digest('hex');
    const delivery: Delivery = { event: 'push', ref: `refs/heads/${branch}`, after, status: 0 };
    this.deliveries.push(delivery);
    try {
      const answer = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'GitHub-Hookshot/stand-in',
          'x-github-event': 'push',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': `sha256=${signature}`,
        },
        body,
      });
      delivery.status = answer.status;
    } catch {
      delivery.status = -1;
    }
  }

  /** Git in the bare repository. */
  git(args: string[], input?: string | Buffer): string {
    return execFileSync('git', args, {
      cwd: this.options.repository,
      input,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: this.viewer.name,
        GIT_AUTHOR_EMAIL: 'owner@example.org',
        GIT_COMMITTER_NAME: 'GitHub',
        GIT_COMMITTER_EMAIL: 'noreply@github.com',
      },
      maxBuffer: 64 * 1024 * 1024,
    }).trim();
  }

  private branchOid(branch: string): string | null {
    try {
      return this.git(['rev-parse', '--verify', '-q', `refs/heads/${branch}^{commit}`]);
    } catch {
      return null;
    }
  }

  private ref(branch: string) {
    const oid = this.branchOid(branch);
    if (!oid) return null;
    const tree = this.git(['rev-parse', `${oid}^{tree}`]);
    return {
      __typename: 'Ref',
      id: `REF_${Buffer.from(branch).toString('base64url')}`,
      name: branch,
      target: {
        __typename: 'Commit',
        id: `C_${oid}`,
        oid,
        tree: { __typename: 'Tree', id: `T_${tree}`, oid: tree },
      },
      associatedPullRequests: () => ({
        nodes: [...this.pulls]
          .filter(([, pull]) => pull.branch === branch && !pull.merged)
          .slice(0, 1)
          .map(([number]) => ({ __typename: 'PullRequest', id: `PR_${number}`, number })),
      }),
    };
  }

  private branches(): string[] {
    return this.git(['for-each-ref', '--format=%(refname:short)', 'refs/heads/']).split('\n').filter(Boolean);
  }

  private repositoryObject(write: boolean) {
    const repository = {
      __typename: 'Repository',
      id: 'R_site',
      isPrivate: true,
      // The repository's owner (an organisation here) is not the signed-in user: its own id.
      owner: { __typename: 'User', id: `O_${this.options.owner}`, login: this.options.owner, avatarUrl: '' },
      name: this.options.name,
      defaultBranchRef: () => this.ref('main'),
      refs: () => ({
        nodes: this.branches().map((branch) => this.ref(branch)),
        pageInfo: { hasNextPage: false, endCursor: null },
      }),
      viewerPermission: write ? 'ADMIN' : 'READ',
      forks: () => ({ nodes: [] }),
      ref: ({ qualifiedName }: { qualifiedName: string }) =>
        this.ref(qualifiedName.replace(/^refs\/heads\//, '')),
    };
    return repository;
  }

  private rootValue(write: boolean) {
    const mayWrite = () => {
      if (!write) throw new GitHubError('FORBIDDEN', 'Resource not accessible by integration');
    };
    return {
      repository: ({ owner, name }: { owner: string; name: string }) =>
        owner === this.options.owner && name === this.options.name ? this.repositoryObject(write) : null,
      viewer: () => this.viewer,
      node: ({ id }: { id: string }) =>
        id.startsWith('REF_') ? this.ref(Buffer.from(id.slice(4), 'base64url').toString()) : null,
      createRef: ({ input }: { input: { name: string; oid: string } }) => {
        mayWrite();
        const branch = input.name.replace(/^refs\/heads\//, '');
        this.moveBranch(branch, null, input.oid);
        return { ref: this.ref(branch) };
      },
      deleteRef: ({ input }: { input: { refId: string } }) => {
        mayWrite();
        const branch = Buffer.from(input.refId.slice(4), 'base64url').toString();
        this.moveBranch(branch, this.branchOid(branch), null);
        return { clientMutationId: null };
      },
      createCommitOnBranch: ({ input }: { input: CommitInput }) => {
        mayWrite();
        return this.createCommit(input);
      },
    };
  }

  /** GitHub's createCommitOnBranch: the branch must be at expectedHeadOid; the commit is made from the changes. */
  private createCommit(input: CommitInput) {
    const branch = input.branch.branchName;
    const head = this.branchOid(branch);
    if (!head) throw new GitHubError('NOT_FOUND', `Branch ${branch} not found`);
    if (head !== input.expectedHeadOid)
      throw new GitHubError(
        'STALE_DATA',
        `Expected branch to point to "${input.expectedHeadOid}" but it did not`,
      );
    const index = `${this.options.repository}/index-${randomBytes(6).toString('hex')}`;
    const withIndex = (args: string[], stdin?: string | Buffer) => {
      const saved = process.env['GIT_INDEX_FILE'];
      process.env['GIT_INDEX_FILE'] = index;
      try {
        return this.git(args, stdin);
      } finally {
        if (saved === undefined) delete process.env['GIT_INDEX_FILE'];
        else process.env['GIT_INDEX_FILE'] = saved;
      }
    };
    withIndex(['read-tree', head]);
    for (const addition of input.fileChanges?.additions ?? []) {
      const blob = withIndex(['hash-object', '-w', '--stdin'], Buffer.from(addition.contents, 'base64'));
      withIndex(['update-index', '--add', '--cacheinfo', `100644,${blob},${addition.path}`]);
    }
    // A bare repository has no work tree for `--force-remove`: a mode-0 entry removes the path.
    for (const deletion of input.fileChanges?.deletions ?? [])
      withIndex(['update-index', '--index-info'], `0 ${'0'.repeat(40)}\t${deletion.path}\n`);
    const tree = withIndex(['write-tree']);
    execFileSync('rm', ['-f', index]);
    const message = [input.message.headline, input.message.body].filter(Boolean).join('\n\n');
    const commit = this.git(['commit-tree', tree, '-p', head, '-m', message]);
    this.moveBranch(branch, head, commit);
    return { ref: this.ref(branch), commit: { __typename: 'Commit', id: `C_${commit}`, oid: commit } };
  }

  /**
   * A save as the hosted editor makes it (GitHub's createCommitOnBranch): `files` written on
   * `branch`, which is made from main first when it is new. The new commit's id.
   */
  commitFiles(branch: string, files: Record<string, string>, headline: string): string {
    if (!this.branchOid(branch)) this.moveBranch(branch, null, this.branchOid('main')!);
    const { commit } = this.createCommit({
      branch: { branchName: branch },
      message: { headline },
      expectedHeadOid: this.branchOid(branch)!,
      fileChanges: {
        additions: Object.entries(files).map(([path, text]) => ({
          path,
          contents: Buffer.from(text).toString('base64'),
        })),
      },
    });
    return commit.oid;
  }

  /** Stops sending webhooks (a test of another host's deploys). */
  removeWebhooks(): void {
    this.webhooks.length = 0;
  }

  /** A signed-in user's token, as the token exchange would give it: with write access or read only. */
  issueToken(write: boolean): string {
    const token = `ghu_${randomBytes(16).toString('hex')}`;
    this.tokens.add(token);
    if (!write) this.readOnly.add(token);
    return token;
  }

  private mayWrite(request: IncomingMessage): boolean {
    return !this.readOnly.has(this.tokenOf(request));
  }

  private tokenOf(request: IncomingMessage): string {
    return (request.headers.authorization ?? '').replace(/^(Bearer|token)\s+/i, '');
  }

  private authorized(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    return this.tokens.has(header.replace(/^(Bearer|token)\s+/i, ''));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [, host = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
    });
    const recorded: RecordedRequest = { method: request.method ?? 'GET', host, path: `${path}${url.search}` };
    if (request.method !== 'OPTIONS') this.requests.push(recorded);
    const send = (
      status: number,
      content: string | Buffer,
      type: string,
      extra: Record<string, string> = {},
    ) => {
      response.writeHead(status, { 'content-type': type, ...(host === 'github.com' ? {} : CORS), ...extra });
      response.end(content);
    };
    const json = (status: number, value: unknown) =>
      send(status, JSON.stringify(value), 'application/json; charset=utf-8');
    const html = (status: number, title: string, inner: string) =>
      send(
        status,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${inner}</main></body></html>`,
        'text/html; charset=utf-8',
      );
    const repoPath = `/${this.options.owner}/${this.options.name}`;

    if (request.method === 'OPTIONS') return send(204, '', 'text/plain');

    const method = request.method ?? 'GET';
    if (host === 'github.com') {
      const appPage = this.apps.page(method, path, url.searchParams, body.toString('utf8'));
      if (appPage?.html) return html(appPage.status, appPage.html.title, appPage.html.inner);
      if (path === '/login/oauth/authorize') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        if (url.searchParams.get('client_id') !== this.options.clientId)
          return html(404, 'Unknown application', '');
        const code = randomBytes(10).toString('hex');
        this.codes.add(code);
        redirect.searchParams.set('code', code);
        const state = url.searchParams.get('state');
        if (state) redirect.searchParams.set('state', state);
        return html(
          200,
          'Authorize the site editor',
          `<p>The site editor wants to act on your behalf in ${escapeHtml(this.options.owner)}/${escapeHtml(this.options.name)}.</p><p><a href="${escapeHtml(redirect.toString())}">Authorize</a></p>`,
        );
      }
      if (path === '/login/oauth/access_token' && request.method === 'POST') {
        const { searchParams } = url;
        const code = searchParams.get('code') ?? '';
        if (
          searchParams.get('client_id') !== this.options.clientId ||
          searchParams.get('client_secret') !== this.options.clientSecret
        )
          return json(200, { error: 'incorrect_client_credentials' });
        // GitHub answers 200 with an error for a used or unknown code; Keystatic's schema then refuses it.
        if (searchParams.get('grant_type') !== 'refresh_token' && !this.codes.delete(code))
          return json(200, {
            error: 'bad_verification_code',
            error_description: 'The code passed is incorrect or expired.',
          });
        const token = this.issueToken(!this.readOnlySignIns);
        return json(200, {
          access_token: token,
          expires_in: 28800,
          refresh_token: `ghr_${randomBytes(16).toString('hex')}`,
          refresh_token_expires_in: 15811200,
          scope: '',
          token_type: 'bearer',
        });
      }
      if (request.method === 'DELETE' && path.startsWith('/applications/'))
        return send(204, '', 'text/plain');
      const pullNew = new RegExp(`^${repoPath}/pull/new/(.+)$`).exec(path);
      if (pullNew) {
        const branch = decodeURIComponent(pullNew[1]!);
        if (request.method === 'POST') {
          const number = this.rest.openFromPage(branch);
          response.writeHead(303, { location: `https://github.com${repoPath}/pull/${number}` });
          return response.end();
        }
        return html(
          200,
          `Open a pull request: ${branch} into main`,
          `<form method="post"><button>Create pull request</button></form>`,
        );
      }
      const pull = new RegExp(`^${repoPath}/pull/(\\d+)(/merge)?$`).exec(path);
      if (pull && this.pulls.has(Number(pull[1]))) {
        const number = Number(pull[1]);
        if (pull[2] && request.method === 'POST') {
          this.rest.merge(number, { merge_method: 'merge' });
          response.writeHead(303, { location: `https://github.com${repoPath}/pull/${number}` });
          return response.end();
        }
        const state = this.pulls.get(number)!;
        return html(
          200,
          `Pull request #${number}: ${state.branch}`,
          state.merged
            ? '<p>Pull request successfully merged and closed</p>'
            : `<form method="post" action="${repoPath}/pull/${number}/merge"><button>Merge pull request</button></form>`,
        );
      }
      return html(404, 'Not Found', '');
    }

    if (host === 'api.github.com') {
      const appAnswer = this.apps.api(method, path, request.headers.authorization ?? '');
      if (appAnswer) return json(appAnswer.status, appAnswer.json);
      if (!this.authorized(request)) return json(401, { message: 'Bad credentials' });
      const setupAnswer = this.setupAnswer(request, path, url, body);
      if (setupAnswer) return json(setupAnswer.status, setupAnswer.json);
      if (path === '/graphql' && request.method === 'POST') {
        const { query, variables, operationName } = JSON.parse(body.toString('utf8')) as {
          query: string;
          variables?: Record<string, unknown>;
          operationName?: string;
        };
        recorded.operation = operationName ?? /(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
        const result = await graphql({
          schema: SCHEMA,
          source: query,
          rootValue: this.rootValue(this.mayWrite(request)),
          variableValues: variables ?? {},
        });
        const errors = result.errors?.map((error) => ({
          message: error.message,
          ...(error.originalError instanceof GitHubError ? { type: error.originalError.type } : {}),
          path: error.path,
        }));
        return json(200, { data: result.data ?? null, ...(errors ? { errors } : {}) });
      }
      // The repository, with what this user may do in it (GitHub's `permissions`, for a signed-in user).
      if (path === `/repos${repoPath}` && request.method === 'GET') {
        const write = this.mayWrite(request);
        return json(200, {
          full_name: repoPath.slice(1),
          html_url: `https://github.com${repoPath}`,
          default_branch: 'main',
          allow_squash_merge: true,
          allow_merge_commit: true,
          permissions: { admin: false, maintain: false, push: write, triage: write, pull: true },
        });
      }
      if (
        path.startsWith(`/repos${repoPath}/`) &&
        !/^\/(git|contents)\//.test(path.slice(`/repos${repoPath}`.length))
      ) {
        const input = body.length > 0 ? (JSON.parse(body.toString('utf8')) as unknown) : undefined;
        if (input !== undefined) recorded.body = input;
        const answer = this.rest.handle(
          request.method ?? 'GET',
          path.slice(`/repos${repoPath}`.length),
          url.searchParams,
          input,
          this.mayWrite(request),
        );
        if (answer)
          return answer.body === undefined
            ? send(answer.status, '', 'text/plain')
            : json(answer.status, answer.body);
      }
      const tree = new RegExp(`^/repos${repoPath}/git/trees/([0-9a-f]{40})$`).exec(path);
      if (tree) {
        const entries = this.git(['ls-tree', '-r', '-t', '-l', '--full-tree', tree[1]!])
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const [info, entryPath] = line.split('\t') as [string, string];
            const [mode, type, sha, size] = info.split(/\s+/) as [string, string, string, string];
            return {
              path: entryPath,
              mode,
              type,
              sha,
              ...(type === 'blob' ? { size: Number(size) } : {}),
              url: '',
            };
          });
        return json(200, { sha: tree[1], url: '', tree: entries, truncated: false });
      }
      const blob = new RegExp(`^/repos${repoPath}/git/blobs/([0-9a-f]{40})$`).exec(path);
      if (blob)
        return send(
          200,
          execFileSync('git', ['cat-file', 'blob', blob[1]!], { cwd: this.options.repository }),
          'application/vnd.github.raw',
        );
      const contents = new RegExp(`^/repos${repoPath}/contents/(.+)$`).exec(path);
      if (contents) {
        const at = `${url.searchParams.get('ref') ?? 'main'}:${contents[1]}`;
        const quiet: { cwd: string; stdio: StdioOptions } = {
          cwd: this.options.repository,
          stdio: ['ignore', 'pipe', 'ignore'],
        };
        try {
          // A folder: GitHub lists its entries as JSON, whatever the Accept header asks.
          if (execFileSync('git', ['cat-file', '-t', at], { ...quiet, encoding: 'utf8' }).trim() === 'tree') {
            const listing = execFileSync('git', ['ls-tree', '-l', at], { ...quiet, encoding: 'utf8' });
            return json(200, folderEntries(listing, contents[1]!));
          }
          return send(200, execFileSync('git', ['show', at], quiet), 'application/vnd.github.raw');
        } catch {
          return json(404, { message: 'Not Found' });
        }
      }
      return json(404, { message: 'Not Found' });
    }

    if (host === 'raw.githubusercontent.com') {
      const raw = new RegExp(`^${repoPath}/([0-9a-f]{40})/(.+)$`).exec(path);
      if (raw)
        return send(
          200,
          execFileSync('git', ['show', `${raw[1]}:${raw[2]}`], { cwd: this.options.repository }),
          'text/plain; charset=utf-8',
        );
    }
    return send(404, 'Not Found', 'text/plain');
  }

  /**
   * What the setup reads and writes with an installation's token: how `main` is protected (branch
   * protection, rulesets), a file's sha (GitHub's JSON answer) and a file written on a branch.
   */
  private setupAnswer(request: IncomingMessage, path: string, url: URL, body: Buffer) {
    const repoPath = `/repos/${this.options.owner}/${this.options.name}`;
    if (request.method === 'GET' && path === `${repoPath}/rules/branches/main`)
      return { status: 200, json: [] };
    if (request.method === 'GET' && path === `${repoPath}/branches/main/protection`)
      return this.mainProtectedBy
        ? { status: 200, json: { required_status_checks: { contexts: this.mainProtectedBy } } }
        : { status: 404, json: { message: 'Branch not protected' } };
    const file = new RegExp(`^${repoPath}/contents/(.+)$`).exec(path);
    if (!file) return null;
    const filePath = decodeURIComponent(file[1]!);
    if (request.method === 'PUT') {
      if (!this.mayWrite(request))
        return { status: 403, json: { message: 'Resource not accessible by integration' } };
      const input = JSON.parse(body.toString('utf8')) as {
        message: string;
        content: string;
        branch?: string;
      };
      const branch = input.branch ?? 'main';
      const sha = this.commitFiles(
        branch,
        { [filePath]: Buffer.from(input.content, 'base64').toString('utf8') },
        input.message,
      );
      return { status: 201, json: { content: { path: filePath }, commit: { sha } } };
    }
    // GitHub's JSON answer for a file (the setup asks for it); Keystatic's reads take the raw one
    // below, and so does a folder's listing (the live preview's and Publish's).
    if (request.method !== 'GET' || request.headers.accept !== 'application/vnd.github+json') return null;
    try {
      const at = `${url.searchParams.get('ref') ?? 'main'}:${filePath}`;
      const kind = execFileSync('git', ['cat-file', '-t', at], {
        cwd: this.options.repository,
        stdio: ['ignore', 'pipe', 'ignore'],
        encoding: 'utf8',
      });
      if (kind.trim() !== 'blob') return null;
      const sha = execFileSync('git', ['rev-parse', at], {
        cwd: this.options.repository,
        stdio: ['ignore', 'pipe', 'ignore'],
        encoding: 'utf8',
      });
      return { status: 200, json: { path: filePath, sha: sha.trim() } };
    } catch {
      return { status: 404, json: { message: 'Not Found' } };
    }
  }

  async listen(port: number): Promise<void> {
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain', ...CORS });
        response.end(String((error as Error).stack ?? error));
      });
    };
    this.server = createServer(listener);
    // The browser's proxy: its tunnels to GitHub's hosts end here (./github-tunnel.ts).
    this.closeTunnels = answerTunnels(this.server, listener);
    // An idle connection is kept a minute, as GitHub's are: with Node's default of 5 s, a browser's
    // request on a connection the server is closing meanwhile is reset (a busy machine hits that).
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    this.closeTunnels();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A request meant for GitHub (`url`), sent to the stand-in instead, host first in the path. */
  forward(url: URL, init: RequestInit | undefined, send: typeof fetch): Promise<Response> {
    const { port } = this.server!.address() as AddressInfo;
    return send(`http://127.0.0.1:${port}/${url.hostname}${url.pathname}${url.search}`, init);
  }
}

/** A folder's entries as GitHub's contents API lists them, from `git ls-tree -l` of it. */
function folderEntries(listing: string, folder: string) {
  return listing
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [info, name] = line.split('\t') as [string, string];
      const [, type, sha, size] = info.split(/\s+/) as [string, string, string, string];
      return {
        type: type === 'tree' ? 'dir' : 'file',
        name,
        path: `${folder.replace(/\/$/, '')}/${name}`,
        sha,
        size: type === 'tree' ? 0 : Number(size),
      };
    });
}

/**
 * A fetch for the code under test (vitest's `vi.stubGlobal`) whose requests to GitHub's API get
 * `answer`'s Response (given the real fetch, to forward them); every other request goes out.
 */
export function fetchWithGitHubApi(
  answer: (url: URL, init: RequestInit | undefined, send: typeof fetch) => Promise<Response>,
): typeof fetch {
  const realFetch = globalThis.fetch;
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    return url.hostname === 'api.github.com' ? answer(url, init, realFetch) : realFetch(input, init);
  };
}

interface CommitInput {
  branch: { branchName: string; repositoryNameWithOwner?: string };
  message: { headline: string; body?: string };
  expectedHeadOid: string;
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
}
