/**
 * One split test in the results view: its variants' figures, the verdict in words, and Promote.
 * Promote writes the variant's words into the page's file and ends the test in one save: the files
 * under `npm run edit` (its server's `/api/keystatic/promote`), a commit on the editor's branch in GitHub mode (github.ts).
 * A variant the verdict names takes one press; any other asks first, as the figures do not back it.
 */
import { useState } from 'react';
import { parse } from 'yaml';
import type { TestFigures } from '../../../runtime/results/wire.ts';
import { experimentsSchema } from '../../content/schemas.ts';
import { hostedEditor } from '../storage.ts';
import { TestTable } from './figures.tsx';
import { promoteOnGitHub } from './github.ts';
import type { PromotionPlan } from './promote.ts';

export interface ShownTest {
  id: string;
  page: string;
  running: boolean;
  variants: { id: string }[];
}

/** The split tests of experiments.yaml (none when it does not parse: the editor's form says why). */
export function testsOfFile(text: string): ShownTest[] {
  const data: unknown = parse(text);
  const parsed = experimentsSchema.zod.safeParse(Array.isArray(data) ? { experiments: data } : (data ?? {}));
  return parsed.success ? parsed.data.experiments : [];
}

type Done = PromotionPlan & { branch?: string; pullUrl?: string };

async function promote(test: string, variant: string): Promise<Done> {
  if (hostedEditor) return promoteOnGitHub(hostedEditor.repo, test, variant);
  const response = await fetch('/api/keystatic/promote', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ experiment: test, variant }),
  });
  const body = (await response.json()) as Done & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The editor’s server answered ${response.status}.`);
  return body;
}

const buttonStyle = {
  padding: '0.5rem 0.9rem',
  minHeight: 44,
  borderRadius: 6,
  border: '1px solid #2f6fde',
  background: '#2f6fde',
  color: '#fff',
  fontWeight: 600,
  cursor: 'pointer',
} as const;
const quietStyle = {
  ...buttonStyle,
  background: 'transparent',
  color: 'inherit',
  border: '1px solid currentColor',
};

const PROMOTED_KEY = 'editor-results-promoted';

function Promoted({ test, variant, done }: { test: string; variant: string; done: Done }) {
  return (
    <p role="status">
      Promoted {variant}: {done.written.map(([field, words]) => `${field} is now “${words}”`).join('; ')} in{' '}
      {done.pageFile}, and {test} has ended.{' '}
      {done.pullUrl ? (
        <>
          Committed on the branch {done.branch}: <a href={done.pullUrl}>open its pull request</a> to publish.
        </>
      ) : (
        'Saved to the files: publish as after any edit.'
      )}
    </p>
  );
}

/** The promotion of `test` made just before the editor reloaded, if any. */
function promotedBefore(test: string): { variant: string; done: Done } | null {
  const kept = JSON.parse(sessionStorage.getItem(PROMOTED_KEY) ?? 'null') as {
    test: string;
    variant: string;
    done: Done;
  } | null;
  return kept?.test === test ? kept : null;
}

function PromoteButton({ test, variant, backed }: { test: string; variant: string; backed: boolean }) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [done, setDone] = useState<Done | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = () => {
    setStep('busy');
    setProblem(null);
    promote(test, variant).then(
      (result) => {
        // The message outlives a reload of the page.
        sessionStorage.setItem(PROMOTED_KEY, JSON.stringify({ test, variant, done: result }));
        setDone(result);
        // Under `npm run edit` the files are written now: the page opens afresh with them, the test ended.
        if (!hostedEditor) location.reload();
      },
      (error: Error) => {
        setProblem(error.message);
        setStep('idle');
      },
    );
  };
  if (done) return <Promoted test={test} variant={variant} done={done} />;
  return (
    <div
      style={{ margin: '0.5rem 0', display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
    >
      {step === 'confirm' ? (
        <>
          <p style={{ margin: 0, flexBasis: '100%' }}>
            The figures do not name {variant} the winner yet. Promote it anyway?
          </p>
          <button type="button" style={buttonStyle} onClick={run}>
            Yes, promote {variant}
          </button>
          <button type="button" style={quietStyle} onClick={() => setStep('idle')}>
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          style={backed ? buttonStyle : quietStyle}
          disabled={step === 'busy'}
          onClick={() => (backed ? run() : setStep('confirm'))}
        >
          {step === 'busy'
            ? `Promoting ${variant}…`
            : backed
              ? `Promote ${variant}`
              : `Promote ${variant} anyway…`}
        </button>
      )}
      {problem && (
        <p role="alert" style={{ margin: 0, flexBasis: '100%' }}>
          {problem}
        </p>
      )}
    </div>
  );
}

export function SplitTest({ test, figures }: { test: ShownTest; figures: TestFigures | undefined }) {
  const counted = figures?.variants.some((variant) => variant.visitors > 0) ?? false;
  const [promoted] = useState(() => (test.running ? null : promotedBefore(test.id)));
  if (!test.running && !counted && !promoted) return null;
  const [, ...challengers] = test.variants;
  return (
    <article aria-labelledby={`test-${test.id}`} style={{ marginBottom: '1.5rem' }}>
      <h3 id={`test-${test.id}`} style={{ fontSize: '1.05rem', marginBottom: '0.25rem' }}>
        {test.id}{' '}
        <span style={{ fontWeight: 400 }}>
          on {test.page}, {test.running ? 'running' : 'ended'}
        </span>
      </h3>
      {figures && counted ? (
        <TestTable test={figures} />
      ) : (
        <p>No visitor has seen this test in the last 90 days.</p>
      )}
      {figures?.verdicts.map((verdict) => (
        <p key={verdict.text} style={{ fontWeight: 600 }}>
          {verdict.text}
        </p>
      ))}
      {promoted && <Promoted test={test.id} variant={promoted.variant} done={promoted.done} />}
      {test.running &&
        challengers.map((variant) => (
          <PromoteButton
            key={variant.id}
            test={test.id}
            variant={variant.id}
            backed={figures?.verdicts.some((verdict) => verdict.winner === variant.id) ?? false}
          />
        ))}
    </article>
  );
}
