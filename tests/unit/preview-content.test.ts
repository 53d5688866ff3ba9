/**
 * The live preview's content (editor/preview/preview-content.ts): the owner's files as they are being
 * written, read as the build reads them. Saved content reads as the build's; a value the build
 * would refuse keeps the smallest part it can at its last good value and is refused in the build's
 * words; a figure changed in the offer shows wherever the copy quotes it; a campaign page and a
 * variant are made as the build makes them. Every word expected is read from src/content/.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { describeField, describePath } from '../../src/content/field-labels.ts';
import { variantWords } from '../../src/content/page-under-test.ts';
import { campaignFile } from '../../src/content/pages.ts';
import { previewContent, type DataFiles } from '../../editor/preview/preview-content.ts';
import { contentFiles, contentPath, type ContentName } from '../../src/content/schemas.ts';
import { checkedCampaignSchema } from '../../src/content/schemas/campaigns.ts';
import { formatUsd } from '../../src/lib/figure-tokens.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';
import { SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import { readDataFiles } from '../support/data-files.ts';
import { siteContent } from '../../harness/site-content.ts';

type Yaml = Record<string, Record<string, unknown>>;

const saved = readDataFiles(PROJECT_ROOT);
const savedData = (name: ContentName) => parse(saved.get(contentPath(name))!) as Yaml;
const first = previewContent(saved);

/** The saved files with `name`'s data changed by `edit` (on a copy), as the owner's unsaved draft. */
function withEdit(
  name: ContentName,
  edit: (data: Yaml) => void,
  files: DataFiles = saved,
): Map<string, string> {
  const data = parse(files.get(contentPath(name))!) as Yaml;
  edit(data);
  return new Map(files).set(contentPath(name), stringify(data));
}

/** Every path in `value` to a string that contains `text`. */
function pathsQuoting(value: unknown, text: string, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes(text) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => pathsQuoting(item, text, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => pathsQuoting(item, text, [...path, key]));
  return [];
}
const at = (value: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

describe('the live preview’s content', () => {
  it('reads the saved files as the build does, refusing nothing', () => {
    expect(first.refusals).toEqual([]);
    expect(first.content).toEqual(siteContent);
  });

  it('keeps a refused section at its last good words and names the field as the build does, the rest as typed', () => {
    const { headline } = savedData('kit')['hero']!;
    const draft = withEdit('kit', (kit) => {
      kit['hero']!['headline'] = '';
      kit['box']!['title'] = `${String(kit['box']!['title'])} today`;
    });
    const next = previewContent(draft, first);
    expect(next.content?.kit.hero.headline).toBe(headline);
    expect(next.content?.kit.box.title).toBe(`${siteContent.kit.box.title} today`);
    expect(next.refusals).toEqual([
      {
        file: contentPath('kit'),
        part: 'hero',
        message: expect.stringContaining(`${describeField('kit', ['hero', 'headline'])}: `),
      },
    ]);
    // Typed on: the headline shows, and nothing is refused.
    const typed = withEdit('kit', (kit) => void (kit['hero']!['headline'] = 'A new headline'), draft);
    const after = previewContent(typed, next);
    expect(after.content?.kit.hero.headline).toBe('A new headline');
    expect(after.refusals).toEqual([]);
  });

  it('shows a changed offer figure wherever the copy quotes it, and keeps the last good offer while one is typed as text', () => {
    const price = siteContent.offer.kit.price;
    const changed = price * 2 + 3;
    const next = previewContent(
      withEdit('offer', (offer) => void (offer['kit']!['price'] = changed)),
      first,
    );
    expect(next.refusals).toEqual([]);
    const quoting = (['kit', 'community', 'faq', 'testimonials', 'footer', 'meta'] as const).flatMap((name) =>
      pathsQuoting(savedData(name), '{kit.price}').map((path) => [name, ...path]),
    );
    expect(quoting.length).toBeGreaterThan(0);
    for (const path of quoting) expect(at(next.content, path)).toContain(formatUsd(changed));

    const asText = previewContent(
      withEdit('offer', (offer) => void (offer['kit']!['price'] = 'abc')),
      next,
    );
    expect(asText.content?.offer.kit.price).toBe(changed);
    expect(asText.refusals).toEqual([
      {
        file: contentPath('offer'),
        part: undefined,
        message: expect.stringContaining(`${describeField('offer', ['kit', 'price'])}: `),
      },
    ]);
  });

  it('refuses a figure token problem and a wrong-host video id in the build’s words, each section at its last good words', () => {
    const typedPrice = formatUsd(siteContent.offer.kit.price);
    const next = previewContent(
      withEdit(
        'kit',
        (kit) => {
          kit['hero']!['cta'] = `${String(kit['hero']!['cta'])} {kit.prize}`;
          kit['buyBar']!['price'] = `${typedPrice} one-time`;
        },
        withEdit('videos', (videos) => {
          const youtube = Object.values(videos).find((video) => video['provider'] === 'youtube')!;
          youtube['provider'] = 'vimeo';
        }),
      ),
      first,
    );
    expect(next.content?.kit.hero.cta).toBe(siteContent.kit.hero.cta);
    expect(next.content?.kit.buyBar.price).toBe(siteContent.kit.buyBar.price);
    expect(next.content?.videos).toEqual(siteContent.videos);
    const messages = next.refusals.map(({ file, part, message }) => `${file} ${part}: ${message}`);
    expect(messages).toContainEqual(
      expect.stringContaining(
        `${contentPath('kit')} hero: ${describeField('kit', ['hero', 'cta'])}: {kit.prize} names no figure`,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringContaining(
        `${contentPath('kit')} buyBar: ${describeField('kit', ['buyBar', 'price'])}: "${typedPrice}" is typed as a figure`,
      ),
    );
    expect(next.refusals.filter(({ file }) => file === contentPath('videos'))).toHaveLength(1);
    expect(next.refusals.find(({ file }) => file === contentPath('videos'))?.message).toContain(
      ' → Video id (',
    );
  });

  it('leaves a hidden section hidden', () => {
    const next = previewContent(
      withEdit('kit', (kit) => void (kit['bundles']!['hidden'] = true)),
      first,
    );
    expect(next.content?.kit.bundles.hidden).toBe(true);
    expect(next.refusals).toEqual([]);
  });

  it('keeps a file that is no YAML, or holds no named fields, as it last was', () => {
    for (const text of ['hero: [unclosed', '- a list', '42', '']) {
      const next = previewContent(new Map(saved).set(contentPath('kit'), text), first);
      expect(next.content).toEqual(first.content);
      expect(next.refusals).toEqual([
        { file: contentPath('kit'), part: undefined, message: expect.any(String) },
      ]);
      expect(next.refusals[0]!.message).toContain(contentPath('kit'));
    }
  });

  it('never throws for what the owner writes, and draws nothing only when a part has never been good', () => {
    const garbage = ['', '{', '[1, 2]', 'null', 'hero: 3', '? : :', '\t- x'];
    for (const name of Object.keys(contentFiles) as ContentName[])
      for (const text of garbage) {
        const files = new Map(saved).set(contentPath(name), text);
        expect(previewContent(files, first).content).toEqual(first.content);
        expect(previewContent(files).content).toBeUndefined();
      }
    // A campaign page the owner never saved (the owner's own pages, good before, stay drawn).
    const campaign = campaignFile('/a-page-never-saved');
    expect(saved.has(campaign)).toBe(false);
    for (const text of [...garbage, stringify({ ...SAMPLE_CAMPAIGN.file, page: '/nowhere' })]) {
      const next = previewContent(new Map(saved).set(campaign, text), first);
      expect(next.campaigns).toEqual(first.campaigns);
      expect(next.refusals.length).toBeGreaterThan(0);
      for (const refusal of next.refusals)
        expect(refusal).toEqual({ file: campaign, part: undefined, message: expect.any(String) });
    }
  });

  it('makes a campaign page as the build does, and keeps its last good words while it types a price', () => {
    const file = campaignFile(`/${SAMPLE_CAMPAIGN.name}`);
    const withCampaign = new Map(saved).set(file, stringify(SAMPLE_CAMPAIGN.file));
    const next = previewContent(withCampaign, first);
    expect(next.refusals).toEqual([]);
    expect(next.campaigns).toEqual([
      {
        name: SAMPLE_CAMPAIGN.name,
        path: `/${SAMPLE_CAMPAIGN.name}`,
        page: SAMPLE_CAMPAIGN.file.page,
        index: false,
        fields: SAMPLE_CAMPAIGN.file.fields,
        hide: [],
      },
    ]);
    const typedPrice = formatUsd(siteContent.offer.kit.price);
    const typing = { ...SAMPLE_CAMPAIGN.file, fields: { 'hero.headline': `Only ${typedPrice}` } };
    const refused = previewContent(new Map(withCampaign).set(file, stringify(typing)), next);
    expect(refused.campaigns).toEqual(next.campaigns);
    expect(refused.refusals).toEqual([
      {
        file,
        part: undefined,
        message: expect.stringContaining(
          `${describePath(checkedCampaignSchema.editor, ['fields', 'hero.headline'])}: "${typedPrice}" is typed as a figure`,
        ),
      },
    ]);
  });

  it('reads a split test’s variant words, checked against the campaign pages', () => {
    const next = previewContent(
      new Map(saved).set(contentPath('experiments'), stringify({ experiments: [SAMPLE_EXPERIMENT] })),
      first,
    );
    expect(next.refusals).toEqual([]);
    const variant = SAMPLE_EXPERIMENT.variants[1]!;
    const words = variantWords(next.content!.experiments, SAMPLE_EXPERIMENT.page, next.content!.kit, {
      experiment: SAMPLE_EXPERIMENT.id,
      variant: variant.id,
    });
    expect(words?.hero.headline).toBe(variant.fields!['hero.headline']);
    // A test on a campaign page that does not exist is refused, as the build refuses it.
    const elsewhere = { ...SAMPLE_EXPERIMENT, page: '/nowhere' };
    const refused = previewContent(
      new Map(saved).set(contentPath('experiments'), stringify({ experiments: [elsewhere] })),
      next,
    );
    expect(refused.content?.experiments).toEqual(next.content?.experiments);
    expect(refused.refusals).toEqual([
      { file: contentPath('experiments'), part: 'experiments', message: expect.stringContaining('/nowhere') },
    ]);
  });
});
