/**
 * The gate: the one check GitHub must see green before a change is published (the job `gate` of
 * the repository's `Tests` workflow, which `main`'s protection requires). Read from the check runs
 * GitHub lists for a commit; when it fails, what went wrong is read from the failed runs'
 * annotations (a file and the field's words, as the content check writes them) or their output.
 */

/** The gate's check run, by name: the only place it is written. */
export const GATE_CHECK = 'gate';

export interface CheckRun {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  html_url: string | null;
  details_url?: string | null;
  check_suite?: { id: number } | null;
  output?: { title: string | null; summary: string | null; annotations_count: number } | null;
}

export interface Annotation {
  path: string;
  annotation_level: string;
  title?: string | null;
  message: string;
}

export type GateVerdict =
  /** No gate run yet: the workflow has not started (or does not run here). */
  | { kind: 'waiting' }
  | { kind: 'running'; startedAt: number | null; url: string | null }
  | { kind: 'passed' }
  | { kind: 'failed'; conclusion: string; url: string | null };

/** The latest gate run of each check suite (a re-run replaces the run before it). */
function latestGates(runs: readonly CheckRun[]): CheckRun[] {
  const bySuite = new Map<number | string, CheckRun>();
  for (const run of runs) {
    if (run.name !== GATE_CHECK) continue;
    const key = run.check_suite?.id ?? `run-${run.id}`;
    const known = bySuite.get(key);
    if (!known || known.id < run.id) bySuite.set(key, run);
  }
  return [...bySuite.values()];
}

/** What the gate says of a commit, from the check runs GitHub lists for it. */
export function readGate(runs: readonly CheckRun[]): GateVerdict {
  const gates = latestGates(runs);
  if (gates.length === 0) return { kind: 'waiting' };
  const unfinished = gates.filter((run) => run.status !== 'completed');
  if (unfinished.length > 0) {
    const starts = unfinished.flatMap((run) => (run.started_at ? [Date.parse(run.started_at)] : []));
    return {
      kind: 'running',
      startedAt: starts.length > 0 ? Math.min(...starts) : null,
      url: unfinished[0]!.html_url,
    };
  }
  const failed = gates.find((run) => run.conclusion !== 'success');
  return failed
    ? {
        kind: 'failed',
        conclusion: failed.conclusion ?? 'failure',
        url: failed.html_url ?? failed.details_url ?? null,
      }
    : { kind: 'passed' };
}

/** A reason the check gave: the file it names, if any, and its words. */
export interface Problem {
  file: string | null;
  text: string;
}

/** The runs that did not pass (the gate and the jobs behind it), whose annotations say why. */
export function failedRuns(runs: readonly CheckRun[]): CheckRun[] {
  return runs.filter(
    (run) =>
      run.status === 'completed' &&
      run.conclusion !== 'success' &&
      run.conclusion !== 'skipped' &&
      run.conclusion !== 'neutral',
  );
}

/** GitHub Actions' own note on every failed step ("Process completed with exit code 1."): no reason of ours. */
const RUNNER_NOTE = /^Process completed with exit code \d+\.?$/;

const textOf = (annotation: Annotation) =>
  annotation.title && !annotation.message.includes(annotation.title)
    ? `${annotation.title}: ${annotation.message}`
    : annotation.message;

/**
 * Why the check failed, in its own words: each failure annotation (the file and the field's
 * words), then warnings; without any, the failed runs' output titles and summaries.
 */
export function problemsOf(annotations: readonly Annotation[], runs: readonly CheckRun[]): Problem[] {
  const rank = (level: string) => (level === 'failure' ? 0 : level === 'warning' ? 1 : 2);
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const annotation of [...annotations].sort(
    (a, b) => rank(a.annotation_level) - rank(b.annotation_level),
  )) {
    if (annotation.annotation_level === 'notice' || RUNNER_NOTE.test(annotation.message.trim())) continue;
    const file = annotation.path && !annotation.path.startsWith('.github') ? annotation.path : null;
    const problem = { file, text: textOf(annotation).trim() };
    const key = `${problem.file} ${problem.text}`;
    if (!seen.has(key)) problems.push(problem);
    seen.add(key);
  }
  if (problems.length > 0) return problems;
  return failedRuns(runs).flatMap((run) => {
    const words = [run.output?.title, run.output?.summary].filter(Boolean).join(': ').trim();
    return words ? [{ file: null, text: words }] : [];
  });
}
