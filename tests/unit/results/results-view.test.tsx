/**
 * The results view (editor/app/results/) as the owner meets it: a state without figures is the
 * API's one sentence, never a blank view; figures come as tables a screen reader reads, each
 * named by the heading above it, in the page's words (a section as the owner titled it with its
 * name in the form, a variant with the words it tests, each measure in a sentence, the share of
 * good visits against the pass mark said in words); the period buttons say which is chosen and
 * ask again; the verdict in the owner's words (verdict-words.ts); Promote before a verdict asks
 * first in a dialog saying what promoting now risks, and keeping the test sends nothing;
 * Promote keeps the view drawn, saying what it does, then what it did; a test on a campaign page
 * is listed like any other. The API's answers are its own (tests/unit/results/results-api.test.ts
 * proves them against the providers' stand-ins). Expected words come from src/content/.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../support/editor-opening.ts';
import type { ResultsAnswer, TestFigures } from '../../../editor/api/results/wire.ts';
import { testVerdict } from '../../../editor/api/results/sequential.ts';
import { keepGoing, testSaid } from '../../../editor/api/results/verdict-words.ts';
import { stateMessage } from '../../../editor/api/results/results-api.ts';
import { stringify } from 'yaml';
import type { EditorField } from '../../../src/content/fields.ts';
import { PAGES } from '../../../src/content/pages.ts';
import { testable } from '../../../src/content/schemas/experiments.ts';
import { promoteRisk, SplitTest, testsOfFile } from '../../../editor/app/results/split-test.tsx';
import { ResultsView } from '../../../editor/app/results/view.tsx';
import { SAMPLE_EXPERIMENT } from '../../../harness/sample-experiment.ts';
import { siteContent } from '../../../harness/site-content.ts';

/** A section of the kit page as the view names it: its eyebrow (or title) as the page shows it, then its form's name. */
function kitSection(key: 'hero' | 'roi' | 'finalCta'): string {
  const words = siteContent.kit[key] as { eyebrow?: string; title?: string; headline?: string };
  const own = words.eyebrow ?? words.title ?? words.headline ?? '';
  const label = (PAGES['/'].schema.editor as Extract<EditorField, { kind: 'object' }>).fields[key]!.label;
  return `“${own.length > 60 ? `${own.slice(0, 59).trimEnd()}…` : own}” (${label})`;
}

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

  it('figures as tables named by the heading above each; sections by the owner’s titles; speed in words against the 75% pass mark, and p75', async () => {
    answering(READY);
    render(<ResultsView />);
    const name = 'Calls to action on the kit page (/), by section';
    const sections = await screen.findByRole('table', { name });
    const heading = screen.getByRole('heading', { level: 3, name });
    // The heading comes before what it heads (its chart, then its table).
    expect(heading.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const [key, count] of [
      ['hero', 40],
      ['roi', 12],
    ] as const)
      expect(within(sections).getByRole('row', { name: `${kitSection(key)} ${count}` })).toBeInTheDocument();
    const speed = screen.getByRole('table', { name: 'The kit page (/), on phones' });
    expect(
      within(speed).getByRole('row', {
        name: 'LCP main content shown 81% of visits good: passes the 75% mark 2.14 s 200',
      }),
    ).toBeInTheDocument();
    expect(
      within(speed).getByRole('row', {
        name: 'CLS things moving 60% of visits good: below the 75% mark 0.12 200',
      }),
    ).toBeInTheDocument();
  });

  it('explains each measure in one plain sentence, and the pass mark', async () => {
    answering(READY);
    render(<ResultsView />);
    await screen.findByRole('table', { name: 'The kit page (/), on phones' });
    expect(
      screen.getByText('LCP: how long the main content takes to show; good is under 2.5 s.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('INP: how fast the page answers a tap or a click; good is under 200 ms.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^CLS: how much things jump about as the page loads, a score; good is under 0\.1\.$/),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A page passes a measure when 75% of its visits are rated good (Google’s pass mark).'),
    ).toBeInTheDocument();
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

/** A test's figures as the API sends them: `counts` per variant (visitors, conversions) over `days`, weighed by the code. */
function figuresOf(
  test: { id: string; variants: { id: string; weight: number }[] },
  counts: [number, number][],
  days: number,
): TestFigures {
  const variants = test.variants.map(({ id }, at) => {
    const [visitors, conversions] = counts[at]!;
    const rate = conversions / visitors;
    return { id, visitors, conversions, rate, interval: [rate * 0.8, rate * 1.2] as [number, number] };
  });
  const arms = variants.map((variant, at) => ({ ...variant, weight: test.variants[at]!.weight }));
  return {
    id: test.id,
    variants,
    from: '2026-11-01',
    to: '2026-11-06',
    days,
    smallestLift: 0.2,
    verdict: testVerdict({ arms, days }),
  };
}

describe('Promote before a verdict', () => {
  const [test] = testsOfFile(stringify({ experiments: [SAMPLE_EXPERIMENT] }));
  const challenger = test!.variants[1]!;
  const figures = figuresOf(
    test!,
    [
      [40, 4],
      [40, 4],
    ],
    5,
  );

  it('the verdict says keep going; Promote asks first in a dialog saying what it risks, and keeping the test sends nothing', () => {
    const asked = answering({});
    render(<SplitTest test={test!} figures={figures} />);
    expect(figures.verdict.outcome).toBe('keep-going');
    expect(screen.getByText(testSaid(test!, figures).headline)).toBeInTheDocument();
    expect(testSaid(test!, figures).headline).toBe(
      keepGoing(figures.verdict.outcome === 'keep-going' ? figures.verdict.daysLeft : 0),
    );
    fireEvent.click(screen.getByRole('button', { name: `Promote ${challenger.id} anyway…` }));
    const dialog = screen.getByRole('alertdialog', { name: 'No winner is known yet' });
    expect(dialog).toHaveAccessibleDescription(promoteRisk(figures.verdict, challenger.id));
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Keep the test running' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the test running' }));
    expect(asked).toEqual([]);
    expect(screen.getByRole('button', { name: `Promote ${challenger.id} anyway…` })).toBeInTheDocument();
  });
});

describe('a running split test, its winner named', () => {
  const [control, challenger] = SAMPLE_EXPERIMENT.variants as unknown as [
    { id: string },
    { id: string; fields: Record<string, string> },
  ];
  const [field, words] = Object.entries(challenger.fields)[0]!;
  const label = testable['/'].find((entry) => entry.key === field)!.label;
  const [test] = testsOfFile(stringify({ experiments: [SAMPLE_EXPERIMENT] }));
  // Three weeks of a clear lift.
  const figures = figuresOf(
    test!,
    [
      [5250, 158],
      [5250, 236],
    ],
    21,
  );

  it('shows each variant with the words it tests beside its id, and names the winner by its words', () => {
    render(<SplitTest test={test!} figures={figures} />);
    expect(figures.verdict).toMatchObject({ outcome: 'winner', winner: challenger.id });
    expect(screen.getByText(testSaid(test!, figures).headline)).toHaveTextContent(`“${words}” sells better`);
    const table = screen.getByRole('table', {
      name: `${SAMPLE_EXPERIMENT.id}: each variant since the test started`,
    });
    expect(
      within(table).getByRole('rowheader', { name: `${control.id} the page as written` }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('rowheader', { name: `${challenger.id} ${label}: “${words}”` }),
    ).toBeInTheDocument();
  });

  it('Promote keeps the view drawn: it says what it is doing, then what it did, and the test shows ended', async () => {
    let land: (answer: Response) => void = () => {};
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        return new Promise<Response>((resolve) => (land = resolve));
      }),
    );
    render(<SplitTest test={test!} figures={figures} />);
    fireEvent.click(screen.getByRole('button', { name: `Promote ${challenger.id}` }));
    expect(
      await screen.findByText(
        `Promoting ${challenger.id}: writing its words into src/content/kit.yaml and ending ${SAMPLE_EXPERIMENT.id}…`,
      ),
    ).toBeInTheDocument();
    // Still drawn while it works: the figures, the verdict.
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByText(testSaid(test!, figures).headline)).toBeInTheDocument();
    expect(asked).toEqual(['/api/keystatic/promote']);
    land(Response.json({ pageFile: 'src/content/kit.yaml', written: [[field, words]] }));
    const done = await screen.findByText(/^Promoted /);
    expect(done).toHaveTextContent(
      `Promoted ${challenger.id}: ${label} is now “${words}” in src/content/kit.yaml, and ${SAMPLE_EXPERIMENT.id} has ended.`,
    );
    expect(within(done).getByRole('link', { name: 'open the form of the kit page (/)' })).toHaveAttribute(
      'href',
      '/keystatic/singleton/kit',
    );
    expect(
      screen.getByRole('heading', { level: 3, name: `${SAMPLE_EXPERIMENT.id} on /, ended` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Promote/ })).toBeNull();
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});

describe('a split test on a campaign page', () => {
  it('is read from experiments.yaml and shown like any other: its page named, its figures, Promote', () => {
    const onCampaign = { ...SAMPLE_EXPERIMENT, id: 'podcast-headline', page: '/podcast' };
    const [test] = testsOfFile(stringify({ experiments: [onCampaign] }));
    expect(test).toMatchObject({ id: onCampaign.id, page: onCampaign.page, running: true });
    const challenger = onCampaign.variants[1];
    const figures = figuresOf(
      test!,
      [
        [5250, 158],
        [5250, 236],
      ],
      21,
    );
    render(<SplitTest test={test!} figures={figures} />);
    expect(
      screen.getByRole('heading', { level: 3, name: `${onCampaign.id} on ${onCampaign.page}, running` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Promote ${challenger!.id}` })).toBeInTheDocument();
  });
});
