/**
 * The owner's results, in the editor (its "Results" item: field.tsx): each split test with its
 * variants' rates, the verdict in words and a Promote button; which section's call to action is
 * clicked on each page over 7, 28 or 90 days; and real visitors' speed, each measure explained in
 * a sentence. The figures come from the editor's own API (/api/keystatic/results: the analytics
 * key stays on the server); a state without figures is the API's one sentence saying what to do.
 * The view saves nothing: the form's Save, Reset, Copy and Paste are not shown beside it.
 */
import { useEffect, useState } from 'react';
import { askedTest, testParam } from '../../api/results/verdict-words.ts';
import type { ResultsAnswer } from '../../api/results/wire.ts';
import { openingText } from '../opening-content.ts';
import { MEASURES, percent, PASS, SectionTable, styles, VitalsTable } from './figures.tsx';
import { SplitTest, testsOfFile } from './split-test.tsx';

const RANGES = [7, 28, 90] as const;
const heading = { fontSize: '1.2rem', margin: '1.25rem 0 0.5rem' } as const;
type Loaded =
  { kind: 'loading' } | { kind: 'answer'; answer: ResultsAnswer } | { kind: 'failed'; message: string };

/** The API's answer for this range and these tests; loading until the answer to exactly these arrives. */
function useResults(days: number, query: string): Loaded {
  const key = `/api/keystatic/results?days=${days}${query}`;
  const [settled, setSettled] = useState<{ key: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    const settle = (loaded: Loaded) => setSettled({ key, loaded });
    fetch(key, { credentials: 'same-origin' })
      .then(async (response) => {
        const body = (await response.json()) as ResultsAnswer & { message?: string };
        settle(
          response.ok
            ? { kind: 'answer', answer: body }
            : {
                kind: 'failed',
                message:
                  body.message ?? `The editor’s server answered ${response.status}: reload the editor.`,
              },
        );
      })
      .catch(() =>
        settle({
          kind: 'failed',
          message: 'The editor’s server could not be reached: check your connection and reload.',
        }),
      );
  }, [key]);
  return settled?.key === key ? settled.loaded : { kind: 'loading' };
}

function RangePicker({ days, choose }: { days: number; choose: (days: number) => void }) {
  return (
    <div
      role="group"
      aria-label="Period of the calls to action"
      style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', margin: '0.5rem 0' }}
    >
      {RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={days === range}
          onClick={() => choose(range)}
          style={{
            padding: '0.4rem 0.8rem',
            minHeight: 44,
            borderRadius: 6,
            border: '1px solid currentColor',
            background: days === range ? 'rgba(47,111,222,0.18)' : 'transparent',
            color: 'inherit',
            fontWeight: days === range ? 700 : 400,
            cursor: 'pointer',
          }}
        >
          {range} days
        </button>
      ))}
    </div>
  );
}

function Figures({
  answer,
  days,
  choose,
}: {
  answer: ResultsAnswer;
  days: number;
  choose: (days: number) => void;
}) {
  const tests = testsOfFile(openingText('experiments'));
  return (
    <>
      <h2 style={heading}>Split tests</h2>
      <p style={styles.label}>
        Per variant: its visitors, those who clicked a sign-up or buy button (Converted) and the rate; in
        brackets, the 95% interval, where the true rate most likely lies.
      </p>
      {tests.length === 0 && <p>No split test yet: start one under Split tests.</p>}
      {tests.map((test) => (
        <SplitTest key={test.id} test={test} figures={answer.tests.find((entry) => entry.id === test.id)} />
      ))}
      <h2 style={heading}>Which section’s button sells</h2>
      <RangePicker days={days} choose={choose} />
      {answer.sections.length === 0 && <p>No call to action was clicked in the last {days} days.</p>}
      {answer.sections.map((page) => (
        <SectionTable key={page.page} page={page} />
      ))}
      <h2 style={heading}>Real visitors’ speed (last 28 days)</h2>
      <ul style={{ ...styles.label, paddingInlineStart: '1.1rem' }}>
        {Object.values(MEASURES).map(({ sentence }) => (
          <li key={sentence}>{sentence}</li>
        ))}
        <li>
          A page passes a measure when {percent(PASS, 0)} of its visits are rated good (Google’s pass mark).
        </li>
        <li>p75: three visits in four were at least this good.</li>
      </ul>
      {answer.vitals.length === 0 && <p>No speed was measured in the last 28 days.</p>}
      {answer.vitals.map((entry) => (
        <VitalsTable key={`${entry.page} ${entry.device}`} entry={entry} />
      ))}
    </>
  );
}

/**
 * Keystatic's header of a singleton's form: its Save button, and Reset, Copy and Paste (gathered
 * under "More actions" on a phone). The view writes nothing, so none of them is shown beside it.
 */
const NOTHING_TO_SAVE = `
  button[form="singleton-form"],
  header:has(button[form="singleton-form"]) [role="toolbar"] { display: none !important; }
`;

export function ResultsView() {
  const [days, setDays] = useState<number>(28);
  const query = testsOfFile(openingText('experiments'))
    .map((test) => `&test=${encodeURIComponent(testParam(askedTest(test)))}`)
    .join('');
  const loaded = useResults(days, query);
  return (
    // Keystatic's own header names the page "Results"; the view's parts are its sections (h2).
    <section
      aria-label="Results"
      style={{ maxWidth: '48rem', lineHeight: 1.45, fontFamily: 'Inter, system-ui, sans-serif' }}
    >
      <style>{NOTHING_TO_SAVE}</style>
      <div aria-live="polite">
        {loaded.kind === 'loading' && <p>Asking the analytics provider…</p>}
        {loaded.kind === 'failed' && <p role="alert">{loaded.message}</p>}
        {loaded.kind === 'answer' && loaded.answer.state !== 'ready' && (
          <p role="status">{loaded.answer.message}</p>
        )}
      </div>
      {loaded.kind === 'answer' && loaded.answer.state === 'ready' && (
        <Figures answer={loaded.answer} days={days} choose={setDays} />
      )}
    </section>
  );
}
