import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { campaignPages, characterSet, textDrawnIn, visibleText } from '../../integrations/subset-fonts.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { CAMPAIGN_FOLDER } from '../../src/content/pages.ts';
import { contentPath } from '../../src/content/schemas.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';

const page = `<!doctype html><html><head><title>Kept out</title><style>.x{}</style></head><body>
  <h1 class="font-display text-display">Sell <em>for more</em></h1>
  <p>Body text: qz</p>
  <p class="font-display uppercase">Step</p>
  <script type="module">const hidden = "JS";</script>
</body></html>`;

describe('the characters each face keeps', () => {
  it('a face drawn in some elements keeps only their text, descendants included', () => {
    const chars = characterSet(textDrawnIn(page, '.font-display'));
    for (const ch of 'Selformtp') expect(chars).toContain(ch);
    for (const ch of 'Bqz:') expect(chars).not.toContain(ch);
  });

  it('text under a case transform counts in both cases; other text only as written', () => {
    const chars = characterSet(textDrawnIn(page, '.font-display'));
    for (const ch of 'STEPstep') expect(chars).toContain(ch);
    expect(chars).not.toContain('L');
  });

  it('a face drawn everywhere keeps every character the page shows, in both cases, and nothing of the head or scripts', () => {
    const chars = characterSet(visibleText(page));
    for (const ch of 'qzQZSsBb:') expect(chars).toContain(ch);
    for (const ch of 'K"J') expect(chars).not.toContain(ch);
  });
});

describe('the pages whose characters never change the site’s other pages', () => {
  it('are the campaign pages and the variants of a split test running on one, not those of a test on /', () => {
    const root = mkdtempSync(join(tmpdir(), 'be-subset-'));
    try {
      mkdirSync(join(root, CAMPAIGN_FOLDER), { recursive: true });
      writeFileSync(
        join(root, CAMPAIGN_FOLDER, `${SAMPLE_CAMPAIGN.name}.yaml`),
        stringify(SAMPLE_CAMPAIGN.file),
      );
      const onCampaign = { ...SAMPLE_EXPERIMENT, id: 'podcast-headline', page: `/${SAMPLE_CAMPAIGN.name}` };
      writeFileSync(join(root, contentPath('experiments')), stringify([SAMPLE_EXPERIMENT, onCampaign]));
      const apart = campaignPages(root);
      const challenger = SAMPLE_EXPERIMENT.variants[1]!.id;
      expect(apart(`${SAMPLE_CAMPAIGN.name}/index.html`)).toBe(true);
      expect(apart(`variants/${onCampaign.id}/${challenger}/index.html`)).toBe(true);
      expect(apart('index.html')).toBe(false);
      expect(apart(`variants/${SAMPLE_EXPERIMENT.id}/${challenger}/index.html`)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
