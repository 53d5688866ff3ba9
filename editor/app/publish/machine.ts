/**
 * Publishing as states the owner sees, one after the other: the change goes to the check (a pull
 * request into the default branch), the check runs, a green check merges it (one squashed commit),
 * then the host builds it until it is live. A red check stops it unmerged, with the check's
 * reasons. Undo is the same road for a change that takes the last publish back. Pure: the steps
 * that talk to GitHub (./run.ts) send events, and `advance` says where they lead; `wordsOf` says
 * it in words.
 */
import type { DeployVerdict } from './deploy.ts';
import type { GateVerdict, Problem } from './gate.ts';

export type Mode = 'publish' | 'undo';

/** A red stop of the editor's own check of the draft's data files (no check run of the repository's). */
export const REFUSED_BY_EDITOR = 'refused';

/** The pull request that carries the change. */
export interface PullLink {
  number: number;
  url: string;
}

interface Under {
  mode: Mode;
  /** When Publish (or Undo) was pressed, in ms. */
  startedAt: number;
}

export type PublishState =
  | { phase: 'idle' }
  /** Another tab of the editor is publishing: this one waits for it. */
  | ({ phase: 'queued' } & Under)
  /** Undo: writing the change that takes the last publish back. */
  | ({ phase: 'preparing' } & Under)
  | ({ phase: 'opening' } & Under)
  /** The check runs: `clockFrom` is when it started (or when waiting for it began). */
  | ({ phase: 'checking'; pull: PullLink; clockFrom: number; details: string | null } & Under)
  | ({ phase: 'merging'; pull: PullLink } & Under)
  | ({ phase: 'deploying'; pull: PullLink; commit: string; mergedAt: number; building: boolean } & Under)
  | ({ phase: 'live'; pull: PullLink; commit: string; address: string; took: number } & Under)
  | ({
      phase: 'red';
      pull: PullLink;
      problems: Problem[];
      details: string | null;
      conclusion: string;
    } & Under)
  | ({
      phase: 'deploy-failed';
      pull: PullLink;
      commit: string;
      details: string | null;
      /** What the build refuses in the merged data files, when they are the cause. */
      problems: Problem[];
    } & Under)
  /** Merged, but the host said nothing in the time the editor waits. */
  | ({ phase: 'unheard'; pull: PullLink; commit: string; address: string } & Under)
  | ({ phase: 'stopped'; reason: string; link: { href: string; text: string } | null } & Under)
  /** The draft holds nothing the live site lacks. */
  | ({ phase: 'nothing' } & Under);

export type Phase = PublishState['phase'];

export type PublishEvent =
  | { type: 'start'; mode: Mode; at: number }
  | { type: 'queued' }
  | { type: 'preparing' }
  | { type: 'opening' }
  | { type: 'pull'; pull: PullLink; at: number }
  | { type: 'gate'; verdict: GateVerdict }
  | { type: 'red'; problems: Problem[]; details: string | null; conclusion: string }
  | { type: 'merged'; commit: string; at: number }
  | { type: 'deploy'; verdict: DeployVerdict; address: string; at: number; problems?: Problem[] }
  | { type: 'unheard'; address: string }
  | { type: 'stopped'; reason: string; link?: { href: string; text: string } }
  | { type: 'nothing' }
  | { type: 'dismiss' };

export const IDLE: PublishState = { phase: 'idle' };

/** The phases in which a publish is under way (a second one waits). */
const UNDER_WAY = new Set<Phase>(['queued', 'preparing', 'opening', 'checking', 'merging', 'deploying']);

export const underWay = (state: PublishState): boolean => UNDER_WAY.has(state.phase);

/** The phases that end a publish, whatever their outcome: the owner may start another. */
export const finished = (state: PublishState): boolean => !underWay(state) && state.phase !== 'idle';

function withPull(state: PublishState): (Under & { pull: PullLink }) | null {
  return 'pull' in state ? state : null;
}

function onGate(state: PublishState, verdict: GateVerdict): PublishState {
  if (state.phase !== 'checking') return state;
  if (verdict.kind === 'passed')
    return { phase: 'merging', mode: state.mode, startedAt: state.startedAt, pull: state.pull };
  if (verdict.kind === 'running')
    return {
      ...state,
      clockFrom: verdict.startedAt ?? state.clockFrom,
      details: verdict.url ?? state.details,
    };
  return state;
}

function onDeploy(state: PublishState, event: Extract<PublishEvent, { type: 'deploy' }>): PublishState {
  if (state.phase !== 'deploying') return state;
  const { mode, startedAt, pull, commit } = state;
  switch (event.verdict.kind) {
    case 'live':
      return {
        phase: 'live',
        mode,
        startedAt,
        pull,
        commit,
        address: event.address,
        took: event.at - startedAt,
      };
    case 'failed':
      return {
        phase: 'deploy-failed',
        mode,
        startedAt,
        pull,
        commit,
        details: event.verdict.details,
        problems: event.problems ?? [],
      };
    default:
      return { ...state, building: event.verdict.kind === 'building' };
  }
}

/** Where an event leads from a state; an event that does not belong to the state changes nothing. */
export function advance(state: PublishState, event: PublishEvent): PublishState {
  if (event.type === 'dismiss') return underWay(state) ? state : IDLE;
  if (event.type === 'start')
    return underWay(state) ? state : { phase: 'opening', mode: event.mode, startedAt: event.at };
  if (!underWay(state) || state.phase === 'idle') return state;
  const { mode, startedAt } = state;
  const pulled = withPull(state);
  switch (event.type) {
    case 'queued':
    case 'preparing':
    case 'opening':
      return { phase: event.type, mode, startedAt };
    case 'pull':
      return { phase: 'checking', mode, startedAt, pull: event.pull, clockFrom: event.at, details: null };
    case 'gate':
      return onGate(state, event.verdict);
    case 'red':
      return pulled && state.phase === 'checking'
        ? {
            phase: 'red',
            mode,
            startedAt,
            pull: pulled.pull,
            problems: event.problems,
            details: event.details,
            conclusion: event.conclusion,
          }
        : state;
    case 'merged':
      return pulled && (state.phase === 'merging' || state.phase === 'checking')
        ? {
            phase: 'deploying',
            mode,
            startedAt,
            pull: pulled.pull,
            commit: event.commit,
            mergedAt: event.at,
            building: false,
          }
        : state;
    case 'deploy':
      return onDeploy(state, event);
    case 'unheard':
      return state.phase === 'deploying'
        ? {
            phase: 'unheard',
            mode,
            startedAt,
            pull: state.pull,
            commit: state.commit,
            address: event.address,
          }
        : state;
    case 'stopped':
      return { phase: 'stopped', mode, startedAt, reason: event.reason, link: event.link ?? null };
    case 'nothing':
      return { phase: 'nothing', mode, startedAt };
  }
}

/** `1:12`: minutes and seconds, for a clock that runs. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** `2 min 41 s`, or `41 s`: how long something took. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

export type Tone = 'working' | 'done' | 'problem';

export interface Words {
  /** The sentence a screen reader announces when the phase changes. */
  headline: string;
  /** A clock that runs beside it (not announced each second). */
  clock: string | null;
  tone: Tone;
}

const CHANGE: Record<Mode, string> = { publish: 'your change', undo: 'the undo' };

/** What the owner reads (and a screen reader announces) for a state, at `now`. */
export function wordsOf(state: PublishState, now: number): Words {
  const working = (headline: string, from: number | null = null): Words => ({
    headline,
    clock: from === null ? null : clock(now - from),
    tone: 'working',
  });
  switch (state.phase) {
    case 'idle':
      return { headline: '', clock: null, tone: 'done' };
    case 'queued':
      return working('Another tab of the editor is publishing: this one starts when it is done.');
    case 'preparing':
      return working('Writing the change that takes the last publish back…');
    case 'opening':
      return working(`Sending ${CHANGE[state.mode]} to the check…`);
    case 'checking':
      return working(state.mode === 'undo' ? 'Checking the undo…' : 'Checking your change…', state.clockFrom);
    case 'merging':
      return working('The check passed. Publishing…');
    case 'deploying':
      return working(
        state.building
          ? 'Published. The site is being rebuilt…'
          : 'Published. Waiting for the site to update…',
        state.mergedAt,
      );
    case 'live':
      return {
        headline:
          state.mode === 'undo'
            ? `Undone: the site is as it was before that publish, live at ${state.address} (took ${duration(state.took)}).`
            : `Live at ${state.address}: published in ${duration(state.took)}.`,
        clock: null,
        tone: 'done',
      };
    default:
      return problemWords(state);
  }
}

function problemWords(state: PublishState): Words {
  const problem = (headline: string): Words => ({ headline, clock: null, tone: 'problem' });
  switch (state.phase) {
    case 'red':
      return problem(
        state.conclusion === REFUSED_BY_EDITOR
          ? `Not published: the site would refuse ${state.problems.length === 1 ? 'a value' : 'values'} in this draft (named below). Fix ${state.problems.length === 1 ? 'it' : 'them'} in the editor, save, and press Publish again.`
          : state.conclusion === 'cancelled'
            ? 'Not published: the check was cancelled before it finished. Press Publish to try again.'
            : state.conclusion === 'timed_out'
              ? 'Not published: the check took too long and was stopped. Press Publish to try again.'
              : `Not published: the check found ${state.problems.length === 1 ? 'a problem' : 'problems'}. Fix ${state.problems.length === 1 ? 'it' : 'them'} in the editor, save, and press Publish again.`,
      );
    case 'deploy-failed':
      return problem(
        state.problems.length > 0
          ? 'Published, but the site could not be rebuilt: it refuses a value named below, and visitors still see the version before it. Undo the last publish, or fix the value in the editor and publish again.'
          : 'Published, but the site could not be rebuilt: visitors still see the version before it. Undo the last publish, or see the host’s log.',
      );
    case 'unheard':
      return problem(
        `Published. The host has not said when it is live: look at ${state.address} in a few minutes.`,
      );
    case 'stopped':
      return problem(state.reason);
    case 'nothing':
      return {
        headline: 'Nothing to publish: this draft holds no saved change that the live site lacks.',
        clock: null,
        tone: 'done',
      };
    default:
      return { headline: '', clock: null, tone: 'done' };
  }
}
