/**
 * Split tests as the owner's data (src/content/experiments.yaml): the issue's shape builds, a
 * variant's words go through the figure tokens like any copy, and what would mislead a visitor or
 * the report (a price, two tests on one page, a control with words of its own) stops the build
 * with the field named.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { testableFields, withVariantWords } from '../../../src/content/experiment-fields.ts';
import { parseExperiments, readRunningList, servedList } from '../../../src/content/experiments.ts';
import { experimentOn } from '../../../src/content/running-tests.ts';
import { describeField } from '../../../src/content/field-labels.ts';
import { CAMPAIGN_FOLDER } from '../../../src/content/pages.ts';
import { checkedExperimentsSchema } from '../../../src/content/schemas/experiments.ts';
import { resolveContent, type RawContent } from '../../../src/content/resolve.ts';
import { contentFiles, type KitPage } from '../../../src/content/schemas.ts';
import { PROJECT_ROOT } from '../../../harness/project-copy.ts';
import { editorField } from '../../../editor/app/form-fields.ts';
import { readRawContent, siteContent } from '../../../harness/site-content.ts';
import { INDEXED_CAMPAIGN, SAMPLE_CAMPAIGN } from '../../support/campaign-build.ts';

const headline = (words: string) => ({
  id: 'kit-headline',
  page: '/',
  running: true,
  variants: [
    { id: 'control', weight: 50 },
    { id: 'plain-question', weight: 50, fields: { 'hero.headline': words } },
  ],
});

/** Why the schema refuses `experiments`, as messages with their paths. */
function refusals(experiments: unknown[]): string[] {
  const checked = contentFiles.experiments.zod.safeParse({ experiments });
  return checked.success
    ? []
    : checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('experiments.yaml', () => {
  it('with no running test (the file as the site ships it), every page is the page as written', () => {
    // A fixture, not the owner's file: an owner who starts a split test must not turn this red.
    const shipped = parseExperiments(
      readFileSync(join(PROJECT_ROOT, 'tests/fixtures/content/experiments.yaml'), 'utf8'),
    );
    expect(servedList(shipped)).toEqual([]);
  });

  it('takes the shape of the issue (a bare list, a control without words) and lists it for the hosts', () => {
    const parsed = parseExperiments(stringify([headline('Could your business survive a bad month?')]));
    expect(experimentOn(parsed, '/')?.id).toBe('kit-headline');
    expect(servedList(parsed)).toEqual([
      {
        id: 'kit-headline',
        page: '/',
        variants: [
          { id: 'control', weight: 50, file: '/index.html' },
          { id: 'plain-question', weight: 50, file: '/variants/kit-headline/plain-question/index.html' },
        ],
      },
    ]);
    // Ending a test is one switch: nothing is listed, no variant is built.
    expect(servedList(parseExperiments(stringify([{ ...headline('Words'), running: false }])))).toEqual([]);
  });

  it('resolves figure tokens in a variant’s words and refuses a typed price', () => {
    const price = siteContent.offer.kit.price;
    const raw = {
      ...rawContent(),
      experiments: parseExperiments(stringify([headline('Sleep well for {kit.price}')])),
    };
    const words = resolveContent(raw).experiments.experiments[0]!.variants[1]!.fields!['hero.headline'];
    expect(words).toBe(`Sleep well for $${price}`);
    expect(() =>
      resolveContent({
        ...rawContent(),
        experiments: parseExperiments(stringify([headline(`Sleep well for $${price}`)])),
      }),
    ).toThrow(/typed as a figure/);
  });

  it('refuses prices, unknown fields, a control with words, two tests on one page, and odd splits', () => {
    expect(
      refusals([
        {
          ...headline('x'),
          variants: [headline('x').variants[0], { id: 'b', weight: 50, fields: { 'buyBar.price': '$1' } }],
        },
      ]),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/buyBar\.price/)]));
    expect(
      refusals([
        {
          ...headline('x'),
          page: '/community',
          variants: [headline('x').variants[0], { id: 'b', weight: 50, fields: { 'roi.title': 'y' } }],
        },
      ]).join('\n'),
    ).toMatch(/roi\.title: the community page has no such field/);
    expect(
      refusals([
        {
          ...headline('x'),
          variants: [
            { id: 'control', weight: 50, fields: { 'hero.headline': 'y' } },
            headline('x').variants[1],
          ],
        },
      ]).join('\n'),
    ).toMatch(/page as written/);
    expect(refusals([headline('x'), { ...headline('y'), id: 'kit-other' }]).join('\n')).toMatch(
      /already running/,
    );
    expect(refusals([{ ...headline('x'), variants: [headline('x').variants[0]] }]).join('\n')).toMatch(
      /at least 2/,
    );
    expect(
      refusals([
        {
          ...headline('x'),
          variants: [headline('x').variants[0], { id: 'b', weight: 0, fields: { 'hero.headline': 'y' } }],
        },
      ]).join('\n'),
    ).toMatch(/at least 1/);
    expect(refusals([{ ...headline('x'), id: 'Kit Headline' }]).join('\n')).toMatch(/lower-case/);
    expect(refusals([headline('x')])).toEqual([]);
  });

  it('runs a test on a campaign page, with its base page’s words, and refuses one on a campaign page that does not exist, naming the file and field', () => {
    // A project's campaign pages as the build reads them: the sample ones (podcast on /, spring-sale on /community).
    const root = mkdtempSync(join(tmpdir(), 'be-campaign-test-'));
    try {
      mkdirSync(join(root, CAMPAIGN_FOLDER), { recursive: true });
      for (const { name, file } of [SAMPLE_CAMPAIGN, INDEXED_CAMPAIGN])
        writeFileSync(join(root, CAMPAIGN_FOLDER, `${name}.yaml`), stringify(file));
      const onPodcast = {
        ...headline('Heard it on the show? Here is the kit.'),
        id: 'podcast-headline',
        page: '/podcast',
      };
      writeFileSync(join(root, 'src/content/experiments.yaml'), stringify([headline('x'), onPodcast]));
      // Both run at once (one per page), and the hosts get the campaign page's own file as its control.
      expect(readRunningList(root)[1]).toEqual({
        id: 'podcast-headline',
        page: '/podcast',
        variants: [
          { id: 'control', weight: 50, file: '/podcast/index.html' },
          { id: 'plain-question', weight: 50, file: '/variants/podcast-headline/plain-question/index.html' },
        ],
      });

      const campaigns = { '/podcast': '/', '/spring-sale': '/community' } as const;
      // The editor's Page offers them after the site's pages.
      const form = editorField(checkedExperimentsSchema(campaigns)) as unknown as {
        fields: { experiments: { element: { fields: { page: { options: { value: string }[] } } } } };
      };
      expect(form.fields.experiments.element.fields.page.options.map(({ value }) => value)).toEqual([
        '/',
        '/community',
        '/podcast',
        '/spring-sale',
      ]);
      const refused = (experiments: unknown[]) => {
        const checked = checkedExperimentsSchema(campaigns).zod.safeParse({ experiments });
        return checked.success
          ? []
          : checked.error.issues.map(
              (issue) =>
                `${describeField('experiments', issue.path as (string | number)[])}: ${issue.message}`,
            );
      };
      expect(refused([onPodcast])).toEqual([]);
      // Its words are its base page's: the kit page's ROI title on /podcast, not on /spring-sale.
      const roi = { id: 'b', weight: 50, fields: { 'roi.title': 'y' } };
      expect(refused([{ ...onPodcast, variants: [onPodcast.variants[0], roi] }])).toEqual([]);
      expect(
        refused([{ ...onPodcast, page: '/spring-sale', variants: [onPodcast.variants[0], roi] }]),
      ).toEqual([
        expect.stringMatching(
          /\(experiments\.0\.variants\.1\.fields\.roi\.title\): the community page has no such field$/,
        ),
      ]);
      // No campaign page at the address: refused at the test's Page, naming the file that is missing.
      expect(refused([{ ...onPodcast, page: '/radio' }])).toEqual([
        `Split tests → Split tests → item 1 → Page (experiments.0.page): no campaign page is at /radio (${CAMPAIGN_FOLDER}/radio.yaml does not exist): choose a page the site has`,
      ]);
      writeFileSync(
        join(root, 'src/content/experiments.yaml'),
        stringify([{ ...onPodcast, page: '/radio' }]),
      );
      expect(() => readRunningList(root)).toThrow(`${CAMPAIGN_FOLDER}/radio.yaml does not exist`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('offers headlines, ledes, titles and button labels of each page, never a price', () => {
    const kitFields = testableFields(contentFiles.kit.editor).map((field) => field.key);
    expect(kitFields).toEqual(
      expect.arrayContaining(['hero.headline', 'hero.lede', 'hero.cta', 'roi.title']),
    );
    expect(kitFields.some((key) => /price/i.test(key))).toBe(false);
    const communityFields = testableFields(contentFiles.community.editor).map((field) => field.key);
    expect(communityFields).toEqual(
      expect.arrayContaining(['hero.headline', 'hero.primaryCta', 'benefits.title']),
    );
  });

  it('writes a variant’s words into a copy of the page, leaving the page itself as written', () => {
    const kit = siteContent.kit as KitPage;
    const variant = withVariantWords(kit, { 'hero.headline': 'Another headline', 'hero.lede': undefined });
    expect(variant.hero.headline).toBe('Another headline');
    expect(variant.hero.lede).toBe(kit.hero.lede);
    expect(kit.hero.headline).not.toBe('Another headline');
  });
});

/** The project's own files, parsed as the build parses them (the figures of offer.yaml among them). */
const rawContent = (): RawContent => readRawContent(PROJECT_ROOT);
