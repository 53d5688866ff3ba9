/**
 * `node scripts/change-kind.ts <base> [<head>]`: the owner's workflow's first step. Lists the files
 * `head` (default HEAD) changes since it left `base` and says whether that is content only, which
 * `npm run test:content` vouches for, or code, which needs the whole suite (scripts/lib/change-kind.ts).
 * On GitHub it hands the verdict to the jobs after it (`kind=content` or `kind=code` in
 * $GITHUB_OUTPUT) and lists the files on the run's summary page. When git cannot tell what
 * changed, the change counts as code: the whole suite answers instead of no check at all.
 * Needs no installed package, only Node 24 and git.
 */
import { appendFileSync } from 'node:fs';
import { changedFiles, sortChange, type SortedChange } from './lib/change-kind.ts';

const [base, head = 'HEAD'] = process.argv.slice(2);
if (!base) {
  console.error('Usage: node scripts/change-kind.ts <base> [<head>], e.g. origin/main HEAD');
  process.exit(1);
}

function sort(): SortedChange {
  try {
    return sortChange(changedFiles(process.cwd(), base!, head));
  } catch (error) {
    const why = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    return { kind: 'code', files: [], reason: `git could not list the change from ${base} (${why})` };
  }
}

const sorted = sort();
const lines = sorted.files.map(({ path, what }) =>
  what ? `content  ${path} (${what})` : `code     ${path}`,
);
console.log([...lines, `change-kind: ${sorted.kind}, as ${sorted.reason}.`].join('\n'));

const { GITHUB_OUTPUT, GITHUB_STEP_SUMMARY } = process.env;
if (GITHUB_OUTPUT) appendFileSync(GITHUB_OUTPUT, `kind=${sorted.kind}\n`);
if (GITHUB_STEP_SUMMARY) {
  const check = sorted.kind === 'content' ? '`npm run test:content`' : 'the whole suite (`npm test`)';
  const listed = sorted.files.map(({ path, what }) => `- \`${path}\`: ${what ?? 'code'}`);
  appendFileSync(
    GITHUB_STEP_SUMMARY,
    [`### ${check} runs, as ${sorted.reason}`, '', ...listed.slice(0, 50), ''].join('\n'),
  );
}
