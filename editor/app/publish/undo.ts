/**
 * Undo the last publish: the change that takes it back, as `git revert` would make it (each file
 * the publish changed goes back to what it was before it), one commit on a new `edit-undo-…`
 * branch from the default branch's head. It then goes through Publish's own road (./run.ts): the
 * same pull request, gate and progress. Refused, changing nothing, when a later change touched the
 * same files (taking the publish back would take that one back too).
 */
import { EDITOR_BRANCH_PREFIX } from '../../../runtime/editor.ts';
import { GitHubRefusal, type GitHub } from './github.ts';

/** The last change published from the editor: a merged pull request from one of its branches. */
export interface LastPublish {
  number: number;
  title: string;
  url: string;
  mergedAt: string;
  commit: string;
}

interface ClosedPull {
  number: number;
  title: string;
  html_url: string;
  merged_at: string | null;
  merge_commit_sha: string | null;
  head: { ref: string };
}

/** The editor's last publish into the default branch, or null when there has been none. */
export async function lastPublish(github: GitHub, base: string): Promise<LastPublish | null> {
  const pulls = await github.repoJson<ClosedPull[]>(
    `/pulls?${new URLSearchParams({ state: 'closed', base, sort: 'updated', direction: 'desc', per_page: '30' })}`,
  );
  const published = pulls
    .filter(
      (pull) => pull.merged_at && pull.merge_commit_sha && pull.head.ref.startsWith(EDITOR_BRANCH_PREFIX),
    )
    .sort((a, b) => b.merged_at!.localeCompare(a.merged_at!));
  const last = published[0];
  return last
    ? {
        number: last.number,
        title: last.title,
        url: last.html_url,
        mergedAt: last.merged_at!,
        commit: last.merge_commit_sha!,
      }
    : null;
}

interface ChangedFile {
  filename: string;
  status: string;
  previous_filename?: string;
}

interface Commit {
  sha: string;
  parents: { sha: string }[];
  files?: ChangedFile[];
}

/** A later change touched these files too: the publish cannot be taken back alone. */
export class TouchedSince extends Error {
  readonly files: string[];
  constructor(files: string[]) {
    super(
      `A change published after it touched the same ${files.length === 1 ? 'file' : 'files'} (${files.join(', ')}): taking it back would take that one back too. Change the words back in the editor instead.`,
    );
    this.files = files;
  }
}

const toBase64 = (bytes: ArrayBuffer) => {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text);
};

/** A file's bytes at a commit, base64 (pictures included). */
async function fileAt(github: GitHub, path: string, commit: string): Promise<string> {
  const answer = await github.raw(
    `/repos/${github.repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${commit}`,
    { accept: 'application/vnd.github.raw+json' },
  );
  if (!answer.ok) throw new GitHubRefusal(answer.status, `GitHub could not read ${path}`);
  return toBase64(await answer.arrayBuffer());
}

/** What reverting `commit` writes: each changed file as it was before, files it added removed. */
async function revertChanges(github: GitHub, commit: Commit) {
  const parent = commit.parents[0]?.sha;
  if (!parent) throw new GitHubRefusal(422, 'That publish has no change before it to go back to');
  const additions: { path: string; contents: string }[] = [];
  const deletions: { path: string }[] = [];
  for (const file of commit.files ?? []) {
    if (file.status === 'added') deletions.push({ path: file.filename });
    else if (file.status === 'renamed' && file.previous_filename) {
      deletions.push({ path: file.filename });
      additions.push({
        path: file.previous_filename,
        contents: await fileAt(github, file.previous_filename, parent),
      });
    } else additions.push({ path: file.filename, contents: await fileAt(github, file.filename, parent) });
  }
  return { additions, deletions };
}

interface Heads {
  repository: { id: string; ref: { target: { oid: string } } | null; undo: { name: string } | null };
}

/**
 * Writes the undo of `last` on a new branch from `base`'s head and says which. A branch of an undo
 * begun before (its pull request still open) is carried on instead of a second one.
 */
export async function prepareUndo(github: GitHub, last: LastPublish, base: string): Promise<string> {
  const branch = `${EDITOR_BRANCH_PREFIX}undo-${last.number}`;
  const [owner, name] = github.repo.split('/') as [string, string];
  const { repository } = await github.graphql<Heads>(
    `query UndoHeads($owner: String!, $name: String!, $base: String!, $undo: String!) {
      repository(owner: $owner, name: $name) {
        id
        ref(qualifiedName: $base) { target { oid } }
        undo: ref(qualifiedName: $undo) { name }
      }
    }`,
    { owner, name, base: `refs/heads/${base}`, undo: `refs/heads/${branch}` },
  );
  if (repository.undo) return branch;
  const head = repository.ref!.target.oid;
  const since = await github.repoJson<{ files?: ChangedFile[] }>(`/compare/${last.commit}...${head}`);
  const commit = await github.repoJson<Commit>(`/commits/${last.commit}`);
  const published = new Set(
    (commit.files ?? []).flatMap((file) => [file.filename, file.previous_filename ?? '']),
  );
  const touched = (since.files ?? []).map((file) => file.filename).filter((file) => published.has(file));
  if (touched.length > 0) throw new TouchedSince(touched);
  const changes = await revertChanges(github, commit);
  await github.graphql(
    `mutation UndoBranch($input: CreateRefInput!) { createRef(input: $input) { ref { id } } }`,
    { input: { repositoryId: repository.id, name: `refs/heads/${branch}`, oid: head } },
  );
  await github.graphql(
    `mutation UndoPublish($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }`,
    {
      input: {
        branch: { repositoryNameWithOwner: github.repo, branchName: branch },
        expectedHeadOid: head,
        message: {
          headline: `Undo "${last.title}" (#${last.number})`,
          body: `This reverts commit ${last.commit}.`,
        },
        fileChanges: changes,
      },
    },
  );
  return branch;
}
