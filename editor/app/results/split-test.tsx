/**
 * One split test in the results view: its variants' figures, each variant with the words it
 * tests, the verdict in words, and Promote. Promote writes the variant's words into the page's
 * file and ends the test in one save: the files under `npm run edit`
 * (its server's `/api/keystatic/promote`), a commit on the editor's branch in GitHub mode (github.ts).
 * A variant the verdict names takes one press; before a verdict (or for any other variant) a dialog
 * asks first, saying that no winner is known and what promoting now risks. The view stays drawn
 * while it works, says what it is doing, then what it did.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { parse } from 'yaml';
import { keepGoing, testSaid, type OwnedTest } from '../../api/results/verdict-words.ts';
import type { TestFigures, TestVerdict } from '../../api/results/wire.ts';
import { experimentsSchema } from '../../../src/content/schemas.ts';
import { PAGES } from '../../../src/content/pages.ts';
import { wordsFileOf } from '../words-file.ts';
import { basePage, fieldInWords, pageInWords } from '../page-words.ts';
import { hostedEditor } from '../storage.ts';
import { TestTable, type VariantWords } from './figures.tsx';
import { promoteOnGitHub } from './github.ts';
import type { PromotionPlan } from './promote.ts';

export interface ShownTest extends OwnedTest {
  page: string;
}

/**
 * What each variant shows its visitors, by its id: the first, the page as written; each other,
 * its words by the field's label ("Hero → Headline: “Could your business survive…”").
 */
export function variantWords(test: ShownTest): VariantWords {
  return Object.fromEntries(
    test.variants.map((variant, index) => {
      const words = Object.entries(variant.fields ?? {}).flatMap(([key, text]) =>
        text === undefined ? [] : [`${fieldInWords(test.page, key)}: “${text}”`],
      );
      return [variant.id, index === 0 ? 'the page as written' : words.join('; ')];
    }),
  );
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

/** The form of the page a promotion wrote (in local mode: its words show there, loaded afresh). */
function formOf(page: string): string {
  const base = basePage(page);
  if (base && page === base) return `/keystatic/singleton/${PAGES[base].name}`;
  return `/keystatic/collection/campaigns/item/${page.slice(1)}`;
}

function Promoted({ test, variant, done }: { test: ShownTest; variant: string; done: Done }) {
  return (
    <p role="status">
      Promoted {variant}:{' '}
      {done.written.map(([field, words]) => `${fieldInWords(test.page, field)} is now “${words}”`).join('; ')}{' '}
      in {done.pageFile}, and {test.id} has ended.{' '}
      {done.pullUrl ? (
        <>
          Committed on the branch {done.branch}: <a href={done.pullUrl}>open its pull request</a> to publish.
        </>
      ) : (
        <>
          Saved to the files: <a href={formOf(test.page)}>open the form of {pageInWords(test.page)}</a> to see
          them, and publish as after any edit.
        </>
      )}
    </p>
  );
}

/** What Promote is doing, while it works: the view stays as it is, and says so. */
function promoting(test: ShownTest, variant: string): string {
  let file = 'the page’s file';
  try {
    file = wordsFileOf(test.page).path;
  } catch {
    // A page the editor does not know: the promotion itself says why it cannot.
  }
  return `Promoting ${variant}: writing its words into ${file} and ending ${test.id}…`;
}

/** The promotion of `test` made just before the editor reloaded (it may, under `npm run edit`), if any. */
type Promotion = { variant: string; done: Done };

function promotedBefore(test: string): Promotion | null {
  const kept = JSON.parse(sessionStorage.getItem(PROMOTED_KEY) ?? 'null') as
    (Promotion & { test: string }) | null;
  return kept?.test === test ? kept : null;
}

/** What promoting `variant` now risks, by the verdict: the dialog's words before a winner is known. */
export function promoteRisk(verdict: TestVerdict | undefined, variant: string): string {
  switch (verdict?.outcome) {
    case 'winner':
      return `The test names another variant the winner, not ${variant}: promoting ${variant} shows every visitor words that sold less well.`;
    case 'no-difference':
      return `The test found no difference big enough to matter: promoting ${variant} changes the page for no gain it could find, and it may sell a little worse.`;
    case 'keep-going':
      return `${keepGoing(verdict.daysLeft)}. Promoting ${variant} now ends the test on early figures, which often name a winner that is only luck: every visitor would see words that may sell no better than the page as written, or worse.`;
    default:
      return `The figures give no verdict yet: promoting ${variant} now shows every visitor words that may sell no better than the page as written, or worse.`;
  }
}

function AskFirst({
  variant,
  risk,
  run,
  cancel,
}: {
  variant: string;
  risk: string;
  run: () => void;
  cancel: () => void;
}) {
  const title = useId();
  const said = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    // Escape keeps the test running, as Cancel does.
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && cancel();
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [cancel]);
  return (
    <div
      role="alertdialog"
      aria-labelledby={title}
      aria-describedby={said}
      style={{ flexBasis: '100%', border: '1px solid currentColor', borderRadius: 6, padding: '0.75rem' }}
    >
      <p id={title} style={{ margin: '0 0 0.25rem', fontWeight: 600 }}>
        No winner is known yet
      </p>
      <p id={said} style={{ margin: '0 0 0.5rem' }}>
        {risk}
      </p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
        <button ref={first} type="button" style={quietStyle} onClick={cancel}>
          Keep the test running
        </button>
        <button type="button" style={buttonStyle} onClick={run}>
          Promote {variant} anyway
        </button>
      </div>
    </div>
  );
}

function PromoteButton({
  test,
  variant,
  verdict,
  promoted,
}: {
  test: ShownTest;
  variant: string;
  verdict: TestVerdict | undefined;
  promoted: (promotion: Promotion) => void;
}) {
  const backed = verdict?.outcome === 'winner' && verdict.winner === variant;
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const run = () => {
    setStep('busy');
    setProblem(null);
    promote(test.id, variant).then(
      (done) => {
        // Should the editor reload after the files are written, the message outlives that reload.
        sessionStorage.setItem(PROMOTED_KEY, JSON.stringify({ test: test.id, variant, done }));
        promoted({ variant, done });
      },
      (error: Error) => {
        setProblem(error.message);
        setStep('idle');
      },
    );
  };
  const cancel = useCallback(() => {
    setStep('idle');
    queueMicrotask(() => opener.current?.focus());
  }, []);
  return (
    <div
      style={{ margin: '0.5rem 0', display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}
    >
      {step === 'confirm' ? (
        <AskFirst variant={variant} risk={promoteRisk(verdict, variant)} run={run} cancel={cancel} />
      ) : (
        <button
          ref={opener}
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
      {step === 'busy' && (
        <p role="status" style={{ margin: 0, flexBasis: '100%' }}>
          {promoting(test, variant)}
        </p>
      )}
      {problem && (
        <p role="alert" style={{ margin: 0, flexBasis: '100%' }}>
          {problem}
        </p>
      )}
    </div>
  );
}

/** The verdict: its headline (a winner, no difference that matters, keep going, or no verdict), then its sentences. */
function Verdict({ test, figures }: { test: ShownTest; figures: TestFigures }) {
  const said = testSaid(test, figures);
  return (
    <div aria-label={`Verdict on ${test.id}`} role="group">
      <p style={{ fontWeight: 700, fontSize: '1.05rem', margin: '0.5rem 0 0.25rem' }}>{said.headline}</p>
      {said.details.map((sentence) => (
        <p key={sentence} style={{ margin: '0 0 0.35rem' }}>
          {sentence}
        </p>
      ))}
    </div>
  );
}

export function SplitTest({ test, figures }: { test: ShownTest; figures: TestFigures | undefined }) {
  const counted = figures?.variants.some((variant) => variant.visitors > 0) ?? false;
  const [promoted, setPromoted] = useState<Promotion | null>(() =>
    test.running ? null : promotedBefore(test.id),
  );
  if (!test.running && !counted && !promoted) return null;
  const running = test.running && !promoted;
  const [, ...challengers] = test.variants;
  return (
    <article aria-labelledby={`test-${test.id}`} style={{ marginBottom: '1.5rem' }}>
      <h3 id={`test-${test.id}`} style={{ fontSize: '1.05rem', marginBottom: '0.25rem' }}>
        {test.id}{' '}
        <span style={{ fontWeight: 400 }}>
          on {test.page}, {running ? 'running' : 'ended'}
        </span>
      </h3>
      <p style={{ margin: '0 0 0.5rem' }}>On {pageInWords(test.page)}.</p>
      {figures && counted ? (
        <TestTable test={figures} words={variantWords(test)} />
      ) : (
        <p>No visitor has been counted on this test since it started.</p>
      )}
      {figures && <Verdict test={test} figures={figures} />}
      {promoted && <Promoted test={test} variant={promoted.variant} done={promoted.done} />}
      {running &&
        challengers.map((variant) => (
          <PromoteButton
            key={variant.id}
            test={test}
            variant={variant.id}
            verdict={figures?.verdict}
            promoted={setPromoted}
          />
        ))}
    </article>
  );
}
