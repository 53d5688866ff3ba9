/**
 * Promote in GitHub mode, the way a save goes there: from the browser, with the signed-in owner's
 * token (Keystatic's cookie), one commit on the editor's branch (the branch the editor is on, or a
 * new `edit-` branch when it is on the default branch, which only a pull request changes). The
 * two files are read at the branch's head and promoted by the same code as the terminal's
 * (promote.ts), so the commit holds just the changed lines; GitHub refuses it if the branch moved
 * meanwhile (expectedHeadOid). The owner then opens or updates the branch's pull request.
 */
import { contentPath } from '../../../src/content/schemas.ts';
import { EDITOR_BRANCH_PREFIX } from '../../../runtime/editor.ts';
import { planPromotion, promoteTexts, type PromotionPlan } from './promote.ts';

const API = 'https://api.github.com';
const TOKEN_COOKIE = 'keystatic-gh-access-token';

function token(): string {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  if (!pair) throw new Error('You are signed out: sign in to the editor again, then promote.');
  return decodeURIComponent(pair.slice(TOKEN_COOKIE.length + 1));
}

async function graphql<T>(auth: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await fetch(`${API}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await answer.json()) as { data?: T; errors?: { message: string }[] };
  if (!answer.ok || body.errors?.length || !body.data)
    throw new Error(
      `GitHub did not take the promotion: ${body.errors?.[0]?.message ?? answer.status}. Nothing was changed.`,
    );
  return body.data;
}

async function fileAt(auth: string, repo: string, path: string, oid: string): Promise<string> {
  const answer = await fetch(`${API}/repos/${repo}/contents/${path}?ref=${oid}`, {
    headers: { authorization: `Bearer ${auth}`, accept: 'application/vnd.github.raw+json' },
  });
  if (!answer.ok) throw new Error(`GitHub could not read ${path} (${answer.status}). Nothing was changed.`);
  return answer.text();
}

const toBase64 = (text: string) =>
  btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));

interface RepositoryHeads {
  repository: {
    id: string;
    defaultBranchRef: { name: string; target: { oid: string } };
    ref: { target: { oid: string } } | null;
  };
}

/** The branch the editor is on (its address: /keystatic/branch/<name>/…), if any. */
export function editorBranch(pathname: string): string | undefined {
  const match = /\/branch\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * The branch the promotion commits to, and its head: the editor's own branch, or a new `edit-`
 * branch from the default one (which only a pull request changes).
 */
async function promotionBranch(
  auth: string,
  repo: string,
  experiment: string,
  variant: string,
): Promise<{ branch: string; head: string }> {
  const [owner, name] = repo.split('/') as [string, string];
  const current = editorBranch(location.pathname);
  const { repository } = await graphql<RepositoryHeads>(
    auth,
    `
      query PromoteHeads($owner: String!, $name: String!, $ref: String!) {
        repository(owner: $owner, name: $name) {
          id
          defaultBranchRef {
            name
            target {
              oid
            }
          }
          ref(qualifiedName: $ref) {
            target {
              oid
            }
          }
        }
      }
    `,
    { owner, name, ref: `refs/heads/${current ?? ''}` },
  );
  const onBranch = current && current !== repository.defaultBranchRef.name ? current : undefined;
  const branchHead = onBranch ? repository.ref?.target.oid : undefined;
  if (onBranch && branchHead) return { branch: onBranch, head: branchHead };
  const branch = `${EDITOR_BRANCH_PREFIX}promote-${experiment}-${variant}`.slice(0, 80);
  const head = repository.defaultBranchRef.target.oid;
  await graphql(
    auth,
    `
      mutation PromoteBranch($input: CreateRefInput!) {
        createRef(input: $input) {
          ref {
            id
          }
        }
      }
    `,
    { input: { repositoryId: repository.id, name: `refs/heads/${branch}`, oid: head } },
  );
  return { branch, head };
}

export async function promoteOnGitHub(
  repo: string,
  experiment: string,
  variant: string,
): Promise<PromotionPlan & { branch: string; pullUrl: string }> {
  const auth = token();
  const { branch, head } = await promotionBranch(auth, repo, experiment, variant);
  const experimentsFile = contentPath('experiments');
  const experiments = await fileAt(auth, repo, experimentsFile, head);
  // The page's file (or the campaign page's) the promotion writes, at the branch's head.
  const { pageFile } = planPromotion(experiments, experiment, variant).plan;
  const pageText = await fileAt(auth, repo, pageFile, head);
  const result = promoteTexts({ experiments, page: () => pageText }, experiment, variant);
  await graphql(
    auth,
    `
      mutation PromoteWinner($input: CreateCommitOnBranchInput!) {
        createCommitOnBranch(input: $input) {
          commit {
            oid
          }
        }
      }
    `,
    {
      input: {
        branch: { repositoryNameWithOwner: repo, branchName: branch },
        expectedHeadOid: head,
        message: { headline: `Promote ${variant}: its words on the page, ${experiment} ended` },
        fileChanges: {
          additions: [
            { path: result.pageFile, contents: toBase64(result.pageText) },
            { path: experimentsFile, contents: toBase64(result.experimentsText) },
          ],
        },
      },
    },
  );
  return {
    pageFile: result.pageFile,
    written: result.written,
    branch,
    pullUrl: `https://github.com/${repo}/pull/new/${encodeURIComponent(branch)}`,
  };
}
