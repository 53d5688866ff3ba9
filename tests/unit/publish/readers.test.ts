/**
 * What Publish reads from GitHub's answers (editor/app/publish/gate.ts, deploy.ts): the gate's
 * verdict from a commit's check runs (only the run named by GATE_CHECK counts; a re-run replaces
 * the run before it), the reasons of a red check from its annotations, and whether a commit is
 * live from what each kind of host reports.
 */
import { describe, expect, it } from 'vitest';
import {
  GATE_CHECK,
  problemsOf,
  readGate,
  type Annotation,
  type CheckRun,
} from '../../../editor/app/publish/gate.ts';
import {
  combine,
  productionDeployment,
  readDeployment,
  readServed,
  readStatuses,
  servedAnswer,
} from '../../../editor/app/publish/deploy.ts';

const runOf = (fields: Partial<CheckRun>): CheckRun => ({
  id: 1,
  name: GATE_CHECK,
  status: 'completed',
  conclusion: 'success',
  started_at: '2026-01-05T09:00:00Z',
  html_url: 'https://github.com/o/n/actions/runs/1/job/1',
  check_suite: { id: 10 },
  output: { title: null, summary: null, annotations_count: 0 },
  ...fields,
});

describe('the gate', () => {
  it('waits for its run, runs from its start, and passes or fails with its link', () => {
    expect(readGate([])).toEqual({ kind: 'waiting' });
    // Other checks are not the gate.
    expect(readGate([runOf({ name: 'content', conclusion: 'failure' })])).toEqual({ kind: 'waiting' });
    expect(readGate([runOf({ status: 'queued', conclusion: null, started_at: null })])).toMatchObject({
      kind: 'running',
      startedAt: null,
    });
    expect(readGate([runOf({ status: 'in_progress', conclusion: null })])).toMatchObject({
      kind: 'running',
      startedAt: Date.parse('2026-01-05T09:00:00Z'),
    });
    expect(readGate([runOf({})])).toEqual({ kind: 'passed' });
    expect(readGate([runOf({ conclusion: 'failure' })])).toEqual({
      kind: 'failed',
      conclusion: 'failure',
      url: 'https://github.com/o/n/actions/runs/1/job/1',
    });
  });

  it('takes a re-run over the run before it, and waits for every workflow run of the gate', () => {
    expect(readGate([runOf({ id: 1, conclusion: 'failure' }), runOf({ id: 2 })])).toEqual({ kind: 'passed' });
    const pushRun = runOf({ id: 3, check_suite: { id: 10 } });
    const pullRequestRun = runOf({ id: 4, check_suite: { id: 11 }, status: 'in_progress', conclusion: null });
    expect(readGate([pushRun, pullRequestRun]).kind).toBe('running');
    expect(
      readGate([pushRun, { ...pullRequestRun, status: 'completed', conclusion: 'cancelled' }]),
    ).toMatchObject({
      kind: 'failed',
      conclusion: 'cancelled',
    });
  });

  it('says why it failed in the check’s words: the file and the field, not the runner’s note', () => {
    const annotation = (fields: Partial<Annotation>): Annotation => ({
      path: 'src/content/offer.yaml',
      annotation_level: 'failure',
      message: 'Prices and figures → Price (kit.price): Expected number',
      ...fields,
    });
    const problems = problemsOf(
      [
        annotation({ annotation_level: 'warning', message: 'A sample testimonial is still in place' }),
        annotation({ path: '.github', message: 'Process completed with exit code 1.' }),
        annotation({ title: 'Invalid content' }),
        annotation({ title: 'Invalid content' }),
        annotation({ annotation_level: 'notice', message: 'Took 2 minutes' }),
      ],
      [],
    );
    expect(problems).toEqual([
      {
        file: 'src/content/offer.yaml',
        text: 'Invalid content: Prices and figures → Price (kit.price): Expected number',
      },
      { file: 'src/content/offer.yaml', text: 'A sample testimonial is still in place' },
    ]);
    // Without annotations, the failed runs' own output says it.
    expect(
      problemsOf(
        [],
        [
          runOf({
            conclusion: 'failure',
            output: { title: 'Build failed', summary: 'astro build exited 1', annotations_count: 0 },
          }),
        ],
      ),
    ).toEqual([{ file: null, text: 'Build failed: astro build exited 1' }]);
  });
});

describe('live, as each host reports it', () => {
  it('commit statuses (Netlify, Cloudflare Pages): live on success, failed when every one failed', () => {
    expect(readStatuses([])).toEqual({ kind: 'waiting' });
    expect(readStatuses([{ state: 'pending', context: 'netlify/site/deploy' }])).toEqual({
      kind: 'building',
    });
    expect(
      readStatuses([
        { state: 'success', context: 'netlify/site/deploy', target_url: 'https://app.netlify.com/x' },
      ]),
    ).toEqual({
      kind: 'live',
      details: 'https://app.netlify.com/x',
    });
    expect(
      readStatuses([
        { state: 'error', context: 'a' },
        { state: 'failure', context: 'b' },
      ]).kind,
    ).toBe('failed');
    expect(
      readStatuses([
        { state: 'failure', context: 'a' },
        { state: 'pending', context: 'b' },
      ]).kind,
    ).toBe('building');
  });

  it('deployments (Vercel): the production one, by its newest status', () => {
    const preview = { id: 1, environment: 'Preview' };
    const production = { id: 2, environment: 'Production', production_environment: true };
    expect(productionDeployment([preview, production])).toBe(production);
    expect(productionDeployment([preview, { id: 3, environment: 'production' }])?.id).toBe(3);
    expect(productionDeployment([preview, { id: 4, environment: 'staging' }])).toBeUndefined();
    expect(readDeployment([])).toEqual({ kind: 'building' });
    expect(
      readDeployment([
        { state: 'success', environment_url: 'https://site.vercel.app' },
        { state: 'in_progress' },
      ]),
    ).toEqual({
      kind: 'live',
      details: 'https://site.vercel.app',
    });
    expect(readDeployment([{ state: 'failure', log_url: 'https://vercel.com/log' }])).toEqual({
      kind: 'failed',
      details: 'https://vercel.com/log',
    });
  });

  it('our server: live once it serves the commit or a later one; building; failed only when it failed that one', () => {
    const answer = { branch: 'main', served: 'a'.repeat(40), building: false, failed: null };
    expect(readServed(answer, { servesIt: true, failedIt: false }).kind).toBe('live');
    expect(readServed({ ...answer, building: true }, { servesIt: false, failedIt: false }).kind).toBe(
      'building',
    );
    expect(readServed(answer, { servesIt: false, failedIt: true }).kind).toBe('failed');
    expect(readServed(answer, { servesIt: false, failedIt: false }).kind).toBe('waiting');
    expect(servedAnswer(answer)).toEqual(answer);
    // A host that answers something else at that path (a page, another shape) is not our server.
    for (const other of [null, 'Not Found', { ...answer, served: 'main' }, { served: null }])
      expect(servedAnswer(other)).toBeNull();
  });

  it('several hosts at once: live beats building beats failed', () => {
    expect(
      combine([
        { kind: 'failed', details: null },
        { kind: 'live', details: 'x' },
      ]),
    ).toEqual({ kind: 'live', details: 'x' });
    expect(combine([{ kind: 'failed', details: null }, { kind: 'building' }]).kind).toBe('building');
    expect(combine([{ kind: 'waiting' }, { kind: 'waiting' }]).kind).toBe('waiting');
  });
});
