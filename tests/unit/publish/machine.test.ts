/**
 * Publishing's states as the owner reads them (editor/app/publish/machine.ts): a publish goes from
 * the check to the merge to the host until live, a red check stops it with its reasons, an undo
 * speaks of itself, and an event that does not belong where the publish is changes nothing (a
 * second Publish while one runs, a late answer after it ended).
 */
import { describe, expect, it } from 'vitest';
import {
  advance,
  clock,
  duration,
  finished,
  IDLE,
  underWay,
  wordsOf,
  type PublishEvent,
  type PublishState,
} from '../../../editor/app/publish/machine.ts';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const PULL = { number: 7, url: 'https://github.com/o/n/pull/7' };
const run = (events: PublishEvent[], from: PublishState = IDLE) => events.reduce(advance, from);

describe('publishing, step by step', () => {
  it('goes from the check to the merge to the host until live, saying each step with a clock', () => {
    let state = run([{ type: 'start', mode: 'publish', at: T0 }, { type: 'opening' }]);
    expect(state.phase).toBe('opening');
    expect(wordsOf(state, T0).headline).toBe('Sending your change to the check…');

    state = run([{ type: 'pull', pull: PULL, at: T0 + 2000 }], state);
    expect(wordsOf(state, T0 + 5000)).toEqual({
      headline: 'Checking your change…',
      clock: '0:03',
      tone: 'working',
    });
    // The clock runs from the check's own start once GitHub says when that was.
    state = run([{ type: 'gate', verdict: { kind: 'running', startedAt: T0 + 3000, url: null } }], state);
    expect(wordsOf(state, T0 + 3000 + 72_000).clock).toBe('1:12');

    state = run([{ type: 'gate', verdict: { kind: 'passed' } }], state);
    expect(wordsOf(state, T0).headline).toBe('The check passed. Publishing…');
    state = run([{ type: 'merged', commit: 'c'.repeat(40), at: T0 + 100_000 }], state);
    expect(wordsOf(state, T0 + 105_000)).toEqual({
      headline: 'Published. Waiting for the site to update…',
      clock: '0:05',
      tone: 'working',
    });
    const deploy = (kind: 'building' | 'live') =>
      ({
        type: 'deploy',
        verdict: kind === 'live' ? { kind, details: null } : { kind },
        address: 'https://buildequity.com/',
        at: T0 + 161_000,
      }) as const;
    state = run([deploy('building')], state);
    expect(wordsOf(state, T0 + 110_000).headline).toBe('Published. The site is being rebuilt…');
    state = run([deploy('live')], state);
    expect(state.phase).toBe('live');
    expect(wordsOf(state, T0 + 200_000)).toEqual({
      headline: 'Live at https://buildequity.com/: published in 2 min 41 s.',
      clock: null,
      tone: 'done',
    });
    expect(finished(state)).toBe(true);
  });

  it('stops at a red check with its reasons, unmerged, and says what to do', () => {
    const problems = [{ file: 'src/content/offer.yaml', text: 'Price (kit.price): Expected number' }];
    const state = run([
      { type: 'start', mode: 'publish', at: T0 },
      { type: 'pull', pull: PULL, at: T0 },
      { type: 'gate', verdict: { kind: 'failed', conclusion: 'failure', url: 'https://github.com/x' } },
      { type: 'red', problems, details: 'https://github.com/x', conclusion: 'failure' },
      // A merge that would arrive late does not move a red check on.
      { type: 'merged', commit: 'c'.repeat(40), at: T0 },
    ]);
    expect(state).toMatchObject({ phase: 'red', problems, details: 'https://github.com/x' });
    expect(wordsOf(state, T0)).toEqual({
      headline:
        'Not published: the check found a problem. Fix it in the editor, save, and press Publish again.',
      clock: null,
      tone: 'problem',
    });
    const cancelled = run([
      { type: 'start', mode: 'publish', at: T0 },
      { type: 'pull', pull: PULL, at: T0 },
      { type: 'red', problems: [], details: null, conclusion: 'cancelled' },
    ]);
    expect(wordsOf(cancelled, T0).headline).toMatch(/the check was cancelled/);
  });

  it('a second Publish while one is under way changes nothing; Dismiss only clears an ended one', () => {
    const checking = run([
      { type: 'start', mode: 'publish', at: T0 },
      { type: 'pull', pull: PULL, at: T0 },
    ]);
    expect(underWay(checking)).toBe(true);
    expect(advance(checking, { type: 'start', mode: 'undo', at: T0 + 1 })).toBe(checking);
    expect(advance(checking, { type: 'dismiss' })).toBe(checking);
    const stopped = advance(checking, { type: 'stopped', reason: 'GitHub refused: no.' });
    expect(wordsOf(stopped, T0)).toMatchObject({ headline: 'GitHub refused: no.', tone: 'problem' });
    expect(advance(stopped, { type: 'dismiss' })).toBe(IDLE);
    // Answers that come after the end, or before a start, are dropped.
    for (const late of [
      { type: 'gate', verdict: { kind: 'passed' } },
      { type: 'deploy', verdict: { kind: 'live', details: null }, address: 'x', at: T0 },
      { type: 'merged', commit: 'c', at: T0 },
    ] as PublishEvent[]) {
      expect(advance(stopped, late)).toBe(stopped);
      expect(advance(IDLE, late)).toBe(IDLE);
    }
  });

  it('says the host did not answer, or could not build, without calling it live', () => {
    const deploying = run([
      { type: 'start', mode: 'publish', at: T0 },
      { type: 'pull', pull: PULL, at: T0 },
      { type: 'merged', commit: 'c'.repeat(40), at: T0 },
    ]);
    const failed = advance(deploying, {
      type: 'deploy',
      verdict: { kind: 'failed', details: 'https://host/log' },
      address: 'x',
      at: T0,
    });
    expect(failed).toMatchObject({ phase: 'deploy-failed', details: 'https://host/log' });
    expect(wordsOf(failed, T0).headline).toBe(
      'Published, but the site could not be rebuilt: visitors still see the version before it. Undo the last publish, or see the host’s log.',
    );
    const refused = { file: 'src/content/offer.yaml', text: 'Price (kit.price): Expected number' };
    const named = advance(deploying, {
      type: 'deploy',
      verdict: { kind: 'failed', details: null },
      address: 'x',
      at: T0,
      problems: [refused],
    });
    expect(named).toMatchObject({ phase: 'deploy-failed', problems: [refused] });
    expect(wordsOf(named, T0).headline).toMatch(/refuses a value named below.*Undo the last publish/);
    const unheard = advance(deploying, { type: 'unheard', address: 'https://buildequity.com/' });
    expect(wordsOf(unheard, T0).headline).toBe(
      'Published. The host has not said when it is live: look at https://buildequity.com/ in a few minutes.',
    );
  });

  it('an undo speaks of itself, from writing its change to live', () => {
    let state = run([{ type: 'start', mode: 'undo', at: T0 }, { type: 'preparing' }]);
    expect(wordsOf(state, T0).headline).toBe('Writing the change that takes the last publish back…');
    state = run([{ type: 'opening' }], state);
    expect(wordsOf(state, T0).headline).toBe('Sending the undo to the check…');
    state = run([{ type: 'pull', pull: PULL, at: T0 }], state);
    expect(wordsOf(state, T0).headline).toBe('Checking the undo…');
    state = run(
      [
        { type: 'merged', commit: 'c'.repeat(40), at: T0 },
        {
          type: 'deploy',
          verdict: { kind: 'live', details: null },
          address: 'https://buildequity.com/',
          at: T0 + 41_000,
        },
      ],
      state,
    );
    expect(wordsOf(state, T0).headline).toBe(
      'Undone: the site is as it was before that publish, live at https://buildequity.com/ (took 41 s).',
    );
  });

  it('waits its turn behind another tab, and says there is nothing to publish', () => {
    const queued = run([{ type: 'start', mode: 'publish', at: T0 }, { type: 'queued' }]);
    expect(wordsOf(queued, T0).headline).toBe(
      'Another tab of the editor is publishing: this one starts when it is done.',
    );
    expect(underWay(queued)).toBe(true);
    const nothing = advance(queued, { type: 'nothing' });
    expect(finished(nothing)).toBe(true);
    expect(wordsOf(nothing, T0).headline).toMatch(/^Nothing to publish/);
  });

  it('writes clocks and durations as a person reads them', () => {
    expect([0, 999, 1000, 72_000, 600_000].map(clock)).toEqual(['0:00', '0:00', '0:01', '1:12', '10:00']);
    expect([-5, 41_000, 60_000, 161_000].map(duration)).toEqual(['0 s', '41 s', '1 min 0 s', '2 min 41 s']);
  });
});
