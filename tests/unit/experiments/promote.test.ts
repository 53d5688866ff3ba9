/**
 * Promoting the winner is one action (`npm run experiment:promote -- <test> <variant>`): its words
 * land in the page's own file, the test ends, and nothing else in either file changes.
 * The same action from GitHub's page: a workflow that runs it, then the tests, then opens a pull request.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseExperiments } from '../../../src/content/experiments.ts';
import { CAMPAIGN_FOLDER } from '../../../src/content/pages.ts';
import { SAMPLE_CAMPAIGN } from '../../support/campaign-build.ts';
import { PROJECT_ROOT } from '../../../harness/project-copy.ts';

let work: string;
const WORDS = 'Could your business survive a bad month?';
const read = (file: string) => readFileSync(join(work, 'src/content', file), 'utf8');

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'be-promote-'));
  cpSync(join(PROJECT_ROOT, 'src/content'), join(work, 'src/content'), { recursive: true });
  // The page's file is a fixture, every line known: the owner's own may hold any headline.
  cpSync(join(PROJECT_ROOT, 'tests/fixtures/content/kit.yaml'), join(work, 'src/content/kit.yaml'));
  writeFileSync(
    join(work, 'src/content/experiments.yaml'),
    `# The owner's note stays.\n${stringify([
      {
        id: 'kit-headline',
        page: '/',
        running: true,
        variants: [
          { id: 'control', weight: 50 },
          { id: 'plain-question', weight: 50, fields: { 'hero.headline': WORDS } },
        ],
      },
    ])}`,
  );
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const promote = (...args: string[]) =>
  promisify(execFile)(process.execPath, [resolve(PROJECT_ROOT, 'scripts/experiment-promote.ts'), ...args], {
    cwd: work,
  });

describe('npm run experiment:promote', () => {
  it('writes the winner’s words into the page and ends the test, changing nothing else', async () => {
    const before = read('kit.yaml');
    const { stdout } = await promote('kit-headline', 'plain-question');
    expect(stdout).toContain('hero.headline');
    const after = read('kit.yaml');
    expect((parse(after) as { hero: { headline: string } }).hero.headline).toBe(WORDS);
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toEqual([expect.stringContaining(WORDS)]);
    const experiments = read('experiments.yaml');
    expect(experiments).toContain("# The owner's note stays.");
    expect(parseExperiments(experiments).experiments[0]!.running).toBe(false);
  }, 60_000);

  it('on a campaign page, writes the words into the campaign page’s own file (its `fields:`), not its base page’s, changing just those lines', async () => {
    const { name, file } = SAMPLE_CAMPAIGN;
    const own = file.fields['hero.headline'];
    // The campaign page as the editor writes it, with a note of the owner's.
    const before = `name: Podcast\n# For listeners of the show.\npage: ${file.page}\nfields:\n  hero.headline: ${own}\nhide:\n  - bundles\n`;
    mkdirSync(join(work, CAMPAIGN_FOLDER), { recursive: true }); // the owner may have campaign pages already
    writeFileSync(join(work, CAMPAIGN_FOLDER, `${name}.yaml`), before);
    const lede = 'Forty minutes on cash flow, and the kit that came out of it.';
    writeFileSync(
      join(work, 'src/content/experiments.yaml'),
      stringify([
        {
          id: 'podcast-headline',
          page: `/${name}`,
          running: true,
          variants: [
            { id: 'control', weight: 50 },
            { id: 'plain-question', weight: 50, fields: { 'hero.headline': WORDS, 'hero.lede': lede } },
          ],
        },
      ]),
    );
    const kit = read('kit.yaml');
    const { stdout } = await promote('podcast-headline', 'plain-question');
    expect(stdout).toContain(`${CAMPAIGN_FOLDER}/${name}.yaml hero.headline`);
    // Its headline line changed, its lede added after it; every other line as it was.
    expect(readFileSync(join(work, CAMPAIGN_FOLDER, `${name}.yaml`), 'utf8')).toBe(
      before.replace(`  hero.headline: ${own}\n`, `  hero.headline: ${WORDS}\n  hero.lede: ${lede}\n`),
    );
    expect(read('kit.yaml')).toBe(kit);
    expect(parseExperiments(read('experiments.yaml')).experiments[0]!.running).toBe(false);
  }, 60_000);

  it('refuses the control and unknown names, writing nothing', async () => {
    const before = read('kit.yaml');
    await expect(promote('kit-headline', 'control')).rejects.toMatchObject({
      stderr: expect.stringContaining('end the test instead'),
    });
    await expect(promote('kit-headline', 'nope')).rejects.toMatchObject({
      stderr: expect.stringContaining('has no variant nope'),
    });
    expect(read('kit.yaml')).toBe(before);
  }, 60_000);

  it('is one action from GitHub’s page too: a workflow that runs it, starts the owner’s check on its branch, and opens a pull request', async () => {
    const read = (file: string) => parse(readFileSync(join(PROJECT_ROOT, '.github/workflows', file), 'utf8'));
    const workflow = read('promote-winner.yml') as {
      on: { workflow_dispatch: { inputs: Record<string, { required: boolean }> } };
      permissions: Record<string, string>;
      jobs: { promote: { env: Record<string, string>; steps: { run?: string }[] } };
    };
    expect(Object.keys(workflow.on.workflow_dispatch.inputs)).toEqual(['test', 'variant']);
    const { env, steps } = workflow.jobs.promote;
    const runs = steps.map((step) => step.run ?? '');
    // The names the owner types reach the shell as variables, never pasted into a script.
    expect(runs.join('\n')).not.toContain('${{');
    expect(env).toMatchObject({ TEST_NAME: '${{ inputs.test }}', VARIANT_NAME: '${{ inputs.variant }}' });
    const order = (command: string) => runs.findIndex((run) => run.includes(command));
    expect(order('npm run experiment:promote -- "$TEST_NAME" "$VARIANT_NAME"')).toBeGreaterThan(-1);
    expect(order('gh pr create')).toBeGreaterThan(order('npm run experiment:promote'));
    // The branch pushed with the workflow's own token starts no workflow: the owner's check is
    // started on it by name, before the pull request opens, so the gate answers there.
    const publishing = runs[order('gh pr create')]!;
    const started = publishing.indexOf('gh workflow run editor-branches.yml --ref "$branch"');
    expect(started).toBeGreaterThan(publishing.indexOf('git push origin "$branch"'));
    expect(publishing.indexOf('gh pr create')).toBeGreaterThan(started);
    expect(workflow.permissions).toMatchObject({ actions: 'write' });
    expect(Object.keys((read('editor-branches.yml') as { on: object }).on)).toContain('workflow_dispatch');
    // The branch is named from the two names, whatever the owner typed.
    const naming = runs[order('gh pr create')]!.split('\n')[0]!;
    const { stdout } = await promisify(execFile)('bash', ['-c', `${naming}; printf '%s' "$branch"`], {
      env: { ...process.env, TEST_NAME: 'kit-headline', VARIANT_NAME: 'plain question; echo owned' },
    });
    expect(stdout).toBe('edit-promote-kit-headline-plain-question--echo-owned');
  });
});
