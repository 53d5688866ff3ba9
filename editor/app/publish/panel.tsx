/**
 * The Publish panel of the hosted editor: at the foot of the screen, on a draft branch a
 * **Publish** button, and wherever there is one, **Undo the last publish…**. What is happening is
 * said in a status region a screen reader announces at each step ("Checking your change…", "Live
 * at …"), with a clock beside it that is not announced each second; a red check's reasons are
 * listed with the file and the field the check names, and a link to its details.
 */
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { EDITOR_BRANCH_PREFIX } from '../../../runtime/editor.ts';
import { GitHub } from './github.ts';
import { useAccess, useClock, useEditorBranch, useLastPublish, useOneAtATime } from './hooks.ts';
import type { Problem } from './gate.ts';
import { advance, finished, IDLE, underWay, wordsOf, type Mode, type PublishState } from './machine.ts';
import { NO_WRITE, publishBranch, reasonOf } from './run.ts';
import { prepareUndo, TouchedSince, type LastPublish } from './undo.ts';
import { UndoDialog } from './undo-dialog.tsx';
import './publish.css';

function Problems({ problems }: { problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="publish-problems">
      {problems.map((problem) => (
        <li key={`${problem.file} ${problem.text}`}>
          {problem.file && <code className="publish-file">{problem.file}</code>} {problem.text}
        </li>
      ))}
    </ul>
  );
}

function Details({ state }: { state: PublishState }) {
  if (state.phase === 'red')
    return (
      <>
        <Problems problems={state.problems} />
        {state.details && (
          <a className="publish-link" href={state.details} target="_blank" rel="noreferrer">
            See the check’s details on GitHub
          </a>
        )}
      </>
    );
  const link =
    state.phase === 'stopped'
      ? state.link
      : state.phase === 'deploy-failed' && state.details
        ? { href: state.details, text: 'the host’s log' }
        : state.phase === 'live'
          ? { href: state.address, text: `Open ${state.address}` }
          : null;
  return (
    <>
      {state.phase === 'deploy-failed' && <Problems problems={state.problems} />}
      {link && (
        <a className="publish-link" href={link.href} target="_blank" rel="noreferrer">
          {link.text}
        </a>
      )}
    </>
  );
}

function Status({ state, now }: { state: PublishState; now: number }) {
  const words = wordsOf(state, now);
  return (
    <div className="publish-status" data-tone={words.tone}>
      <div role="status" className="publish-words">
        {words.headline && <p className="publish-headline">{words.headline}</p>}
        <Details state={state} />
      </div>
      {words.clock && (
        <span role="timer" className="publish-clock" aria-label={`${words.clock} so far`}>
          {words.clock}
        </span>
      )}
    </div>
  );
}

/** Starts a publish (or an undo, which first writes its branch) and feeds its events to the panel. */
function usePublisher(github: GitHub, dispatch: (event: Parameters<typeof advance>[1]) => void) {
  const oneAtATime = useOneAtATime(github.repo);
  return useCallback(
    (mode: Mode, branchOf: () => Promise<string>) => {
      dispatch({ type: 'start', mode, at: Date.now() });
      void oneAtATime(
        () => dispatch({ type: 'queued' }),
        async () => {
          let branch: string;
          try {
            if (mode === 'undo') dispatch({ type: 'preparing' });
            branch = await branchOf();
          } catch (error) {
            dispatch({
              type: 'stopped',
              reason: error instanceof TouchedSince ? error.message : reasonOf(error),
            });
            return;
          }
          dispatch({ type: 'opening' });
          await publishBranch(branch, mode, { github, dispatch, address: `${location.origin}/` });
        },
      );
    },
    [github, dispatch, oneAtATime],
  );
}

export function PublishPanel({ repo }: { repo: string }) {
  const github = useMemo(() => new GitHub(repo), [repo]);
  const branch = useEditorBranch();
  const access = useAccess(github);
  const [state, dispatch] = useReducer(advance, IDLE);
  const busy = underWay(state);
  const now = useClock(busy);
  // Read again once a publish is merged, so its Undo is offered (a failed build's too).
  const last = useLastPublish(
    github,
    access,
    state.phase === 'live' || state.phase === 'deploy-failed' ? 1 : 0,
  );
  const start = usePublisher(github, dispatch);
  const [confirming, setConfirming] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  const onDraft = Boolean(branch?.startsWith(EDITOR_BRANCH_PREFIX));
  if (access.kind === 'unknown' || access.kind === 'signed-out') return null;
  if (access.kind === 'read' && !onDraft) return null;
  const base = access.kind === 'write' ? access.base : '';
  const undo = (publish: LastPublish) => start('undo', () => prepareUndo(github, publish, base));
  return (
    <section className="publish" aria-label="Publishing">
      {access.kind === 'read' ? (
        <p className="publish-headline" data-tone="problem">
          {NO_WRITE}
        </p>
      ) : (
        <Status state={state} now={now} />
      )}
      {access.kind === 'write' && (
        <div className="publish-actions">
          {onDraft && (
            <button
              type="button"
              className="publish-primary"
              aria-disabled={busy}
              onClick={() => !busy && start('publish', async () => branch!)}
            >
              {busy && 'mode' in state && state.mode === 'publish' ? 'Publishing…' : 'Publish'}
            </button>
          )}
          {last && (
            <button
              type="button"
              ref={undoButton}
              className="publish-secondary"
              aria-disabled={busy}
              onClick={() => !busy && setConfirming(true)}
            >
              Undo the last publish…
            </button>
          )}
          {finished(state) && (
            <button type="button" className="publish-quiet" onClick={() => dispatch({ type: 'dismiss' })}>
              Dismiss
            </button>
          )}
        </div>
      )}
      {confirming && last && (
        <UndoDialog
          last={last}
          onClose={(confirmed) => {
            setConfirming(false);
            if (confirmed) undo(last);
            undoButton.current?.focus();
          }}
        />
      )}
    </section>
  );
}
