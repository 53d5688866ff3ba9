/**
 * Promoting a winner in the editor is one save: the ticked variant's words land in its page's own
 * file (one line each), the test ends, and the tick is never written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { promoteOnSave } from '../../editor/app/promote-on-save.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { campaignFile } from '../../src/content/pages.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';

const [control, challenger] = SAMPLE_EXPERIMENT.variants as [
  (typeof SAMPLE_EXPERIMENT.variants)[0],
  { id: string; weight: number; fields: Record<string, string> },
];
const HEADLINE = challenger.fields['hero.headline']!;
/** The data files as the editor reads them: fixtures (tests/fixtures/content/), never the owner's current words. */
const read = async (path: string) =>
  readFileSync(join(PROJECT_ROOT, path.replace(/^src\/content\//, 'tests/fixtures/content/')), 'utf8');
const tests = (promote: boolean) => ({
  experiments: [
    { ...SAMPLE_EXPERIMENT, variants: [control, { ...challenger, ...(promote && { promote }) }] },
  ],
});

describe('promoting a variant in the editor', () => {
  it('writes its words into the page, ends the test and drops the tick, in one save', async () => {
    const { experiments, page } = await promoteOnSave(stringify(tests(true)), read);
    const kit = await read('src/content/kit.yaml');
    expect(page?.path).toBe('src/content/kit.yaml');
    expect(parse(page!.contents).hero.headline).toBe(HEADLINE);
    const changed = page!.contents.split('\n').filter((line, index) => line !== kit.split('\n')[index]);
    expect(changed).toHaveLength(1);
    const [test] = parse(experiments).experiments;
    expect(test.running).toBe(false);
    expect(JSON.stringify(test)).not.toContain('promote');
  });

  it('on a campaign page, writes its words under the campaign page’s own `fields:`, not into its base page', async () => {
    const path = campaignFile(`/${SAMPLE_CAMPAIGN.name}`);
    const campaign = stringify(SAMPLE_CAMPAIGN.file);
    const readCampaign = async (file: string) => (file === path ? campaign : read(file));
    const saved = tests(true);
    saved.experiments[0]!.page = `/${SAMPLE_CAMPAIGN.name}`;
    const { experiments, page } = await promoteOnSave(stringify(saved), readCampaign);
    expect(page).toEqual({
      path,
      contents: campaign.replace(SAMPLE_CAMPAIGN.file.fields['hero.headline'], HEADLINE),
    });
    expect(parse(experiments).experiments[0].running).toBe(false);
  });

  it('leaves a save without a tick as it is', async () => {
    const saved = stringify(tests(false));
    expect(await promoteOnSave(saved, read)).toEqual({ experiments: saved });
  });
});
