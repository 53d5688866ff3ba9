/**
 * What the Publish panel reads from the page and from GitHub: the branch the editor is on (its
 * address, which Keystatic's app changes without a page load), whether the signed-in user may
 * publish, the last publish (for Undo), a clock that ticks while something runs, and one publish
 * at a time across the editor's tabs.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { editorBranch } from '../results/github.ts';
import { GitHubRefusal, type GitHub } from './github.ts';
import { lastPublish, type LastPublish } from './undo.ts';

const NAVIGATED = 'publish:navigated';

/** Keystatic's app moves between pages with the history API: tell the panel each time. */
export function watchNavigation(): void {
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      window.dispatchEvent(new Event(NAVIGATED));
    };
  }
}

function onNavigation(changed: () => void): () => void {
  window.addEventListener('popstate', changed);
  window.addEventListener(NAVIGATED, changed);
  return () => {
    window.removeEventListener('popstate', changed);
    window.removeEventListener(NAVIGATED, changed);
  };
}

/** The branch in the editor's address (/keystatic/branch/<name>/…), if any. */
export function useEditorBranch(): string | undefined {
  return useSyncExternalStore(onNavigation, () => editorBranch(location.pathname));
}

export type Access =
  | { kind: 'unknown' }
  | { kind: 'signed-out' }
  | { kind: 'read'; base: string }
  | { kind: 'write'; base: string };

/** Whether GitHub lets the signed-in user push to the repository (`permissions.push`), and its default branch. */
export function useAccess(github: GitHub): Access {
  const [access, setAccess] = useState<Access>({ kind: 'unknown' });
  useEffect(() => {
    let current = true;
    github
      .repoJson<{ default_branch: string; permissions?: { push?: boolean } }>('')
      .then(
        (repository): Access => ({
          kind: repository.permissions?.push === true ? 'write' : 'read',
          base: repository.default_branch,
        }),
        (error: unknown): Access =>
          error instanceof GitHubRefusal && error.status === 401
            ? { kind: 'signed-out' }
            : { kind: 'unknown' },
      )
      .then((found) => current && setAccess(found));
    return () => {
      current = false;
    };
  }, [github]);
  return access;
}

/** The last publish, read again whenever `version` changes (after a publish or an undo). */
export function useLastPublish(github: GitHub, access: Access, version: number): LastPublish | null {
  const [last, setLast] = useState<LastPublish | null>(null);
  const base = access.kind === 'write' ? access.base : null;
  useEffect(() => {
    if (!base) return;
    let current = true;
    lastPublish(github, base).then(
      (found) => current && setLast(found),
      () => current && setLast(null),
    );
    return () => {
      current = false;
    };
  }, [github, base, version]);
  return last;
}

/** The time now, once a second while `running`. */
export function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * Runs `work` once no other tab of the editor is publishing to the same repository (the browser's
 * Web Locks); `waiting` is called first when one is.
 */
export function useOneAtATime(repo: string) {
  return useCallback(
    async (waiting: () => void, work: () => Promise<void>) => {
      const locks = navigator.locks as LockManager | undefined;
      if (!locks) return work();
      const name = `publish:${repo}`;
      await locks.request(name, { ifAvailable: true }, async (lock) => {
        if (lock) return work();
        waiting();
        return locks.request(name, work);
      });
    },
    [repo],
  );
}
