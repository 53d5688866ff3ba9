/**
 * Whether a published commit is live, from what the host says of it:
 *
 * - Netlify and Cloudflare Pages post **commit statuses** on the commit they build (pending, then
 *   success or failure or error), read as GitHub's combined status;
 * - Vercel makes a **deployment** of the commit, whose **deployment statuses** end in success
 *   (with the deployment's address) or failure or error;
 * - our own Node server with the deploy hook **says which commit it serves** (and whether a build
 *   runs or failed: runtime/served-wire.ts); it serves the change once that commit is the published
 *   one or comes after it.
 */
import type { ServedAnswer } from '../../../runtime/served-wire.ts';

export type DeployVerdict =
  /** The host has said nothing of this commit yet. */
  | { kind: 'waiting' }
  | { kind: 'building' }
  | { kind: 'live'; details: string | null }
  | { kind: 'failed'; details: string | null };

export interface CommitStatus {
  state: string;
  context: string;
  target_url?: string | null;
}

export interface Deployment {
  id: number;
  environment: string;
  production_environment?: boolean;
}

export interface DeploymentStatus {
  state: string;
  environment_url?: string | null;
  log_url?: string | null;
  target_url?: string | null;
}

/** Commit statuses (the latest of each context): live once one says success, failed once all that spoke failed. */
export function readStatuses(statuses: readonly CommitStatus[]): DeployVerdict {
  if (statuses.length === 0) return { kind: 'waiting' };
  const done = statuses.find((status) => status.state === 'success');
  if (done) return { kind: 'live', details: done.target_url ?? null };
  if (statuses.every((status) => status.state === 'failure' || status.state === 'error'))
    return { kind: 'failed', details: statuses[0]!.target_url ?? null };
  return { kind: 'building' };
}

/** The deployment that puts a commit on the live site: the production one, where the host says which. */
export function productionDeployment(deployments: readonly Deployment[]): Deployment | undefined {
  return (
    deployments.find((deployment) => deployment.production_environment === true) ??
    deployments.find((deployment) => /^production$/i.test(deployment.environment)) ??
    (deployments.length === 1 ? deployments[0] : undefined)
  );
}

/** A deployment's statuses, newest first (as GitHub lists them). */
export function readDeployment(statuses: readonly DeploymentStatus[]): DeployVerdict {
  const latest = statuses[0];
  if (!latest) return { kind: 'building' };
  const details = latest.environment_url || latest.log_url || latest.target_url || null;
  if (latest.state === 'success') return { kind: 'live', details };
  if (latest.state === 'failure' || latest.state === 'error') return { kind: 'failed', details };
  return { kind: 'building' };
}

/**
 * Our server's word: `servesIt` and `failedIt` say whether the served and the failed commit are the
 * published one or come after it (GitHub's comparison, asked by the caller).
 */
export function readServed(
  answer: ServedAnswer,
  { servesIt, failedIt }: { servesIt: boolean; failedIt: boolean },
): DeployVerdict {
  if (servesIt) return { kind: 'live', details: null };
  if (answer.building) return { kind: 'building' };
  if (failedIt) return { kind: 'failed', details: null };
  return { kind: 'waiting' };
}

/** Several hosts' words: live if any says so, then building, then failed. */
export function combine(verdicts: readonly DeployVerdict[]): DeployVerdict {
  for (const kind of ['live', 'building', 'failed'] as const) {
    const found = verdicts.find((verdict) => verdict.kind === kind);
    if (found) return found;
  }
  return { kind: 'waiting' };
}

/** Reads our server's answer, or null where the site is not on our server (or its hook is off). */
export function servedAnswer(value: unknown): ServedAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const answer = value as Partial<ServedAnswer>;
  const shaOrNull = (sha: unknown) => sha === null || (typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha));
  return typeof answer.branch === 'string' &&
    shaOrNull(answer.served) &&
    shaOrNull(answer.failed) &&
    typeof answer.building === 'boolean'
    ? (answer as ServedAnswer)
    : null;
}
