/**
 * The Node server's side of the editor's setup: its setup code when EDITOR_SETUP_CODE is not set
 * (made once, kept in SETUP_CODE_FILE beside the project, never committed: .gitignore), and the
 * site's repository as its clone's `origin` names it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomText } from '../api/setup/seal.ts';

export const SETUP_CODE_FILE = '.editor-setup-code';

/** The setup code: the one given, or the project's own (made now when there is none: `made` then says so). */
export function nodeSetupCode(given: string | undefined, project: string): { code: string; made: boolean } {
  if (given) return { code: given, made: false };
  const file = join(project, SETUP_CODE_FILE);
  if (existsSync(file)) return { code: readFileSync(file, 'utf8').trim(), made: false };
  // Six groups of four letters and digits: easy to read out, 140 bits or so.
  const code = randomText(24).replace(/[-_]/g, 'x').match(/.{4}/g)!.join('-');
  writeFileSync(file, `${code}\n`, { mode: 0o600, flag: 'wx' });
  return { code, made: true };
}

/** `owner/name` of the GitHub repository the project's clone came from, or null when it is not one. */
export function siteRepository(project: string): string | null {
  try {
    const origin = execFileSync('git', ['remote', 'get-url', 'origin'], {
      cwd: project,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(origin)?.[1] ?? null;
  } catch {
    return null;
  }
}
