/**
 * The results view (src/editor/results/) as the owner meets it: a state without figures is the
 * API's one sentence, never a blank view; figures come as tables a screen reader reads (each named
 * by its caption); the period buttons say which is chosen and ask again; Promote on a variant the
 * figures do not back asks first, and Cancel sends nothing; a test on a campaign page is listed
 * like any other. The API's answers are its own
 * (tests/unit/results/results-api.test.ts proves them against the providers' stand-ins).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResultsAnswer } from '../../../runtime/results/wire.ts';
import { stateMessage } from '../../../runtime/results/results-api.ts';
import { stringify } from 'yaml';
import { SplitTest, testsOfFile } from '../../../src/editor/results/split-test.tsx';
import { ResultsView } from '../../../src/editor/results/view.tsx';
import { SAMPLE_EXPERIMENT } from '../../../scripts/lib/sample-experiment.ts';

const empty = { days: 28, tests: [], sections: [], vitals: [] };
const READY: ResultsAnswer = {
  ...empty,
  state: 'ready',
  provider: 'plausible',
  sections: [
    {
      page: '/',
      unit: 'visitors',
      sections: [
        { section: 'hero', count: 40 },
        { section: 'roi', count: 12 },
      ],
    },
  ],
  vitals: [
    {
      page: '/',
      device: 'phone',
      metrics: { LCP: { samples: 200, good: 0.81, p75: 2140 }, CLS: { samples: 200, good: 0.6, p75: 0.12 } },
    },
  ],
};

function answering(...bodies: unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json(bodies[Math.min(asked.length - 1, bodies.length - 1)]);
    }),
  );
  return asked;
}
afterEach(() => vi.unstubAllGlobals());

describe('the results view', () => {
  it.each(['no-provider', 'no-key', 'no-data', 'unreachable', 'refused'] as const)(
    '%s: the one sentence saying what to do, and no table',
    async (state) => {
      const message = stateMessage(state, 'plausible', 'host');
      answering({ ...empty, state, message });
      render(<ResultsView />);
      expect(await screen.findByRole('status')).toHaveTextContent(message);
      expect(screen.queryByRole('table')).toBeNull();
    },
  );

  it('figures as tables named by their captions; speed as share good against the 75% pass mark and p75', async () => {
    answering(READY);
    render(<ResultsView />);
    const sections = await screen.findByRole('table', { name: '/: calls to action by section' });
    expect(within(sections).getByRole('row', { name: /hero 40/ })).toBeInTheDocument();
    const speed = screen.getByRole('table', { name: '/, phones' });
    expect(within(speed).getByRole('row', { name: /^LCP 81% \(passes\) 2\.14 s 200$/ })).toBeInTheDocument();
    expect(within(speed).getByRole('row', { name: /^CLS 60% \(below 75%\) 0\.12 200$/ })).toBeInTheDocument();
  });

  it('the period buttons say which is chosen and ask for that period', async () => {
    const asked = answering(READY, { ...READY, days: 7 });
    render(<ResultsView />);
    const week = await screen.findByRole('button', { name: '7 days' });
    expect(screen.getByRole('button', { name: '28 days' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(week);
    expect(await screen.findByRole('button', { name: '7 days', pressed: true })).toBeInTheDocument();
    expect(asked.at(-1)).toMatch(/\?days=7/);
  });
});

describe('Promote before a verdict', () => {
  const test = { ...SAMPLE_EXPERIMENT, variants: SAMPLE_EXPERIMENT.variants.map(({ id }) => ({ id })) };
  const [control, challenger] = test.variants as [{ id: string }, { id: string }];
  const figures = {
    id: test.id,
    variants: [control, challenger].map(({ id }) => ({
      id,
      visitors: 40,
      conversions: 4,
      rate: 0.1,
      interval: [0.04, 0.23] as [number, number],
    })),
    verdicts: [{ text: 'not enough visitors yet: about 1,200 more per variant', chance: 0.5 }],
  };

  it('asks first, and Cancel sends nothing', () => {
    const asked = answering({});
    render(<SplitTest test={test} figures={figures} />);
    expect(screen.getByText(figures.verdicts[0]!.text)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `Promote ${challenger.id} anyway…` }));
    expect(
      screen.getByText(`The figures do not name ${challenger.id} the winner yet. Promote it anyway?`),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(asked).toEqual([]);
    expect(screen.getByRole('button', { name: `Promote ${challenger.id} anyway…` })).toBeInTheDocument();
  });
});

describe('a split test on a campaign page', () => {
  it('is read from experiments.yaml and shown like any other: its page named, its figures, Promote', () => {
    const onCampaign = { ...SAMPLE_EXPERIMENT, id: 'podcast-headline', page: '/podcast' };
    const [test] = testsOfFile(stringify({ experiments: [onCampaign] }));
    expect(test).toMatchObject({ id: onCampaign.id, page: onCampaign.page, running: true });
    const [control, challenger] = onCampaign.variants;
    const figures = {
      id: onCampaign.id,
      variants: [control!, challenger!].map(({ id }, index) => ({
        id,
        visitors: 400,
        conversions: 40 + index * 40,
        rate: 0.1 + index * 0.1,
        interval: [0.07, 0.14 + index * 0.1] as [number, number],
      })),
      verdicts: [{ text: `${challenger!.id} sells more`, chance: 0.99, winner: challenger!.id }],
    };
    render(<SplitTest test={test!} figures={figures} />);
    expect(
      screen.getByRole('heading', { level: 3, name: `${onCampaign.id} on ${onCampaign.page}, running` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Promote ${challenger!.id}` })).toBeInTheDocument();
  });
});
