// @vitest-environment happy-dom
/**
 * The owner's data files: each one the build accepts, the figures computed from them, and the
 * browser editor's forms refusing exactly what the build refuses, field by field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentSchema } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// The editor's page carries the owner's data, which its forms check against: first, then the config.
import '../support/editor-opening.ts';
import keystaticConfig from '../../editor/app/config.ts';
import { editorField } from '../../editor/app/form-fields.ts';
import { comparisonFigures, computedFigures, figureTable } from '../../src/content/figures.ts';
import { objectShape, type EditorField, type Field } from '../../src/content/fields.ts';
import { describeField } from '../../src/content/field-labels.ts';
import { learnMoreHref } from '../../src/content/learn-more.ts';
import { contentFiles, contentPath, type ContentName, type Offer } from '../../src/content/schemas.ts';
import { figureProblems, formatUsd, resolveFigureTokens } from '../../src/lib/figure-tokens.ts';
import { videoIdFromAddress } from '../../src/lib/video-id.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const names = Object.keys(contentFiles) as ContentName[];
const parsedFiles = new Map<ContentName, unknown>();
/** A data file as parsed YAML (read once: the checks below resolve the copy thousands of times). */
const read = (name: ContentName): unknown => {
  if (!parsedFiles.has(name))
    parsedFiles.set(name, parse(readFileSync(join(PROJECT_ROOT, contentPath(name)), 'utf8')));
  return parsedFiles.get(name);
};
const offer = contentFiles.offer.zod.parse(read('offer')) as Offer;

describe('the data files', () => {
  it.each(names)('src/content/%s.yaml passes its schema and every figure token resolves', (name) => {
    const data = contentFiles[name].zod.parse(read(name));
    if (name !== 'offer')
      expect(() => resolveFigureTokens(data, figureTable(offer), contentPath(name))).not.toThrow();
  });
});

describe('figures computed from the data, never typed', () => {
  // Any figure the editor accepts is checked here by what must hold between the figures, never by
  // its value: npm run test:owner-edits runs this file on a copy with every figure changed.
  const computed = computedFigures(offer);
  const comparison = comparisonFigures(offer);

  it('adds the separate tools from their rows, and the savings from that total less the paid plan', () => {
    const rows = offer.serviceCosts.map((row) => row.monthlyPrice);
    const total = rows.reduce((sum, price) => sum + price, 0);
    expect(computed).toMatchObject({
      separateMonthlyTotal: total,
      monthlySaving: total - offer.plans.paid.pricePerMonth,
      yearlySaving: (total - offer.plans.paid.pricePerMonth) * 12,
      paidQuarterlyPrice: offer.plans.paid.pricePerMonth * offer.plans.paid.billingMonths,
    });
    // The table's rows are the data's rows, in its order, each as the page writes money.
    expect(comparison.rows.map((row) => [row.service, row.price])).toEqual(
      offer.serviceCosts.map((row) => [row.service, formatUsd(row.monthlyPrice)]),
    );
    expect(comparison).toMatchObject({
      total: formatUsd(total),
      membership: formatUsd(offer.plans.paid.pricePerMonth),
      monthlySaving: formatUsd(computed.monthlySaving),
      yearlySaving: formatUsd(computed.yearlySaving),
    });
  });

  it('never shows a negative saving: the tools bought separately cost at least the paid plan', () => {
    expect(computed.monthlySaving).toBeGreaterThanOrEqual(0);
    expect(computed.yearlySaving).toBeGreaterThanOrEqual(computed.monthlySaving);
  });

  it('follows a changed price: every token and sum moves with the data', () => {
    const changed: Offer = structuredClone(offer);
    changed.kit.price = offer.kit.price + 100;
    changed.serviceCosts[0]!.monthlyPrice += 100;
    const table = figureTable(changed);
    expect(table.get('kit.price')?.value).toBe(formatUsd(offer.kit.price + 100));
    expect(table.get('computed.separateMonthlyTotal')?.value).toBe(
      formatUsd(computed.separateMonthlyTotal + 100),
    );
    expect(table.get('computed.yearlySaving')?.value).toBe(formatUsd(computed.yearlySaving + 1200));
  });
});

const figures = figureTable(offer);
const kitPrice = figures.get('kit.price')!.value;

/** Values to try on a field of each kind: the build and the editor must both accept or both refuse. */
function probes(field: EditorField): unknown[] {
  switch (field.kind) {
    case 'text':
      return [
        '',
        '   ',
        'Plain words',
        'x'.repeat((field.max ?? 50) + 1),
        // Figures: quoted by a token, typed literally, or a token that names nothing.
        'Get the kit for {kit.price}',
        `Get the kit for ${kitPrice}`,
        'Get the kit for {kit.prize}',
      ];
    case 'href':
      return [
        '',
        '#',
        '#faq',
        '/community',
        'https://example.org/a',
        'community',
        'javascript:alert(1)',
        'http:// x',
        '/{kit.prize}',
      ];
    case 'videoId':
      return [
        'M7lc1UVf-VE',
        '76979871',
        'https://www.youtube.com/watch?v=M7lc1UVf-VE',
        'vimeo.com/76979871',
        'a video',
        '',
      ];
    case 'number':
      return [-1, 0, 1, 2.5, 5, 6, 100, 101, null, ...typedInCopy];
    case 'checkbox':
      return [true, false];
    case 'select':
      return [...field.options, 'something else'];
    case 'image':
      return ['/src/assets/uploads/face.png', '/avatars/a.svg'];
    default:
      return [];
  }
}

function accepts(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

interface Leaf {
  path: string;
  field: Field;
  editor: ComponentSchema;
  /** In a page's copy: the build also checks its figure tokens. */
  copy: boolean;
}

/** The token that quotes an offer.yaml field in copy ("kit.price"; a list item's "serviceCosts.N.monthlyPrice"). */
const tokenOf = (path: string) => path.replace(/^offer\.?/, '').replaceAll('[]', '.N');

function leaves(field: Field, path: string, copy: boolean, out: Leaf[]): Leaf[] {
  const { editor } = field;
  if (editor.kind === 'object') {
    const shape = objectShape(field.zod);
    for (const [key, child] of Object.entries(editor.fields)) {
      leaves({ zod: shape[key]!, editor: child }, `${path}.${key}`, copy, out);
    }
  } else if (editor.kind === 'list') {
    const element = (field.zod as unknown as { element: Field['zod'] }).element;
    leaves({ zod: element, editor: editor.item }, `${path}[]`, copy, out);
  } else {
    const place = { where: path, path, copy, ...(!copy && { token: tokenOf(path) }) };
    out.push({ path, field, copy, editor: editorField(field, place) });
  }
  return out;
}

/**
 * What the build makes of a value: its file's schema, then the figure tokens: of the value itself
 * in a page's copy, or, for a figure of offer.yaml, of every page's copy with the figure changed.
 */
function buildAccepts(leaf: Leaf, value: unknown): boolean {
  const parsed = leaf.field.zod.safeParse(value);
  if (!parsed.success) return false;
  if (leaf.copy) return typeof value !== 'string' || figureProblems(value, figures).length === 0;
  const changed = withValue(offer, leaf.path.replace(/^offer\.?/, ''), value) as Offer;
  const table = figureTable(changed);
  return names
    .filter((name) => name !== 'offer')
    .every((name) => accepts(() => resolveFigureTokens(read(name), table, contentPath(name))));
}

/** A copy of `data` with the field at `path` ("kit.price", "serviceCosts[].monthlyPrice": the first item) set to `value`. */
function withValue(data: unknown, path: string, value: unknown): unknown {
  const [key, ...rest] = path.split('.');
  if (!key) return value;
  const list = key.endsWith('[]');
  const name = list ? key.slice(0, -2) : key;
  const record = data as Record<string, unknown>;
  const inner = (child: unknown) => withValue(child, rest.join('.'), value);
  const next = list
    ? (record[name] as unknown[]).map((item, index) => (index === 0 ? inner(item) : item))
    : inner(record[name]);
  return { ...record, [name]: next };
}

/** Money and percentages the copy types as plain text ($84,200, 6.4%): values a figure must not take. */
const typedInCopy: number[] = names
  .filter((name) => name !== 'offer')
  .flatMap((name) => JSON.stringify(read(name)).match(/\$[\d,]+(\.\d+)?|\d+(\.\d+)?%/g) ?? [])
  .map((typed) => Number(typed.replace(/[$,%]/g, '')));

describe('the browser editor and the build agree', () => {
  const allLeaves = names.flatMap((name) => leaves(contentFiles[name], name, name !== 'offer', []));

  it('covers every field of every data file', () => {
    expect(allLeaves.length).toBeGreaterThan(200);
  });

  it.each(allLeaves.map((leaf) => [leaf.path, leaf] as const))(
    '%s: same values accepted and refused',
    (_, leaf) => {
      const form = leaf.editor as ComponentSchema & {
        validate?: (value: unknown, args?: unknown) => unknown;
      };
      if (leaf.field.editor.kind === 'image') {
        // The editor stores an uploaded file under the public path; the build accepts that path.
        expect(
          leaf.field.zod.safeParse(`${(leaf.field.editor as { publicPath: string }).publicPath}face.png`)
            .success,
        ).toBe(true);
        // No image: refused where the file needs one, left out where it may (a video's poster), alike.
        const optional = (leaf.field.editor as { optional?: boolean }).optional === true;
        expect(accepts(() => form.validate?.(null))).toBe(optional);
        expect(leaf.field.zod.safeParse(undefined).success).toBe(optional);
        return;
      }
      if (leaf.field.editor.kind === 'select') {
        // A select offers only its options (the editor has no way to type another value): the same list.
        const offered = (form as unknown as { options: { value: string }[] }).options.map(
          (option) => option.value,
        );
        const { options } = leaf.field.zod as unknown as { options?: string[] };
        // A split test's Page also takes a campaign page's address, which the editor offers once the
        // page exists (the rules refuse one that does not: tests/unit/experiments/content.test.ts).
        if (!options) {
          expect(leaf.path).toBe('experiments.experiments[].page');
          for (const value of [...offered, '/podcast'])
            expect(leaf.field.zod.safeParse(value).success, value).toBe(true);
          for (const value of ['something else', '/Podcast', '/a/b', '/podcast/'])
            expect(leaf.field.zod.safeParse(value).success, value).toBe(false);
          return;
        }
        expect(offered).toEqual(options);
        for (const value of probes(leaf.field.editor)) {
          expect(leaf.field.zod.safeParse(value).success, String(value)).toBe(
            offered.includes(value as string),
          );
        }
        return;
      }
      for (const value of probes(leaf.field.editor)) {
        const editor = accepts(() => form.validate?.(value, { slugField: undefined }));
        expect({ value, editor }).toEqual({ value, editor: buildAccepts(leaf, value) });
      }
    },
  );

  it('limits each list to the same number of items', () => {
    const lists: string[] = [];
    function walk(field: Field, path: string) {
      const { editor } = field;
      if (editor.kind === 'object') {
        const shape = objectShape(field.zod);
        for (const [key, child] of Object.entries(editor.fields))
          walk({ zod: shape[key]!, editor: child }, `${path}.${key}`);
      }
      if (editor.kind === 'list') {
        const array = editorField(field) as { validation?: { length?: { min?: number; max?: number } } };
        expect(array.validation?.length ?? {}, path).toEqual({
          ...(editor.min !== undefined && { min: editor.min }),
          ...(editor.max !== undefined && { max: editor.max }),
        });
        const length = (field.zod as unknown as { safeParse: (value: unknown) => { success: boolean } })
          .safeParse;
        expect(length([]).success, path).toBe(!editor.min);
        lists.push(path);
        walk(
          { zod: (field.zod as unknown as { element: Field['zod'] }).element, editor: editor.item },
          `${path}[]`,
        );
      }
    }
    for (const name of names) walk(contentFiles[name], name);
    expect(lists.length).toBeGreaterThan(20);
  });
});

/**
 * Checks a form's state as Keystatic does on Save: every field's own check, a group's fields in
 * their order, a list's items in theirs; true when nothing threw.
 */
function keystaticAccepts(schema: ComponentSchema, state: unknown): boolean {
  let accepted = true;
  const walk = (field: ComponentSchema, value: unknown) => {
    if (field.kind === 'form') {
      try {
        (field as unknown as { validate: (value: unknown, args?: unknown) => unknown }).validate(
          value,
          undefined,
        );
      } catch {
        accepted = false;
      }
    } else if (field.kind === 'object') {
      for (const [key, child] of Object.entries(field.fields))
        walk(child, (value as Record<string, unknown>)[key]);
    } else if (field.kind === 'array') {
      for (const item of value as unknown[]) walk(field.element, item);
    }
  };
  walk(schema, state);
  return accepted;
}

/** The editor's state for `data`: each field's value, or its empty value where the file has none. */
function editorState(field: ComponentSchema, data: unknown): unknown {
  if (field.kind === 'form')
    return data ?? (field as unknown as { defaultValue: () => unknown }).defaultValue();
  if (field.kind === 'object')
    return Object.fromEntries(
      Object.entries(field.fields).map(([key, child]) => [
        key,
        editorState(child, (data as Record<string, unknown> | undefined)?.[key]),
      ]),
    );
  if (field.kind === 'array')
    return ((data as unknown[] | undefined) ?? []).map((item) => editorState(field.element, item));
  return undefined;
}

describe('split tests: the editor refuses what the build refuses, across fields', () => {
  const form = {
    kind: 'object',
    fields: keystaticConfig.singletons!['experiments']!.schema,
  } as ComponentSchema;
  const variants = (second: Record<string, string>) => [
    { id: 'control', weight: 50 },
    { id: 'challenger', weight: 50, fields: second },
  ];
  const test = (
    id: string,
    page: string,
    running: boolean,
    second: Record<string, string> = { 'hero.headline': 'Another headline' },
  ) => ({
    id,
    page,
    running,
    variants: variants(second),
  });
  const cases: [string, unknown[]][] = [
    [
      'two tests, one running on each page',
      [test('kit', '/', true), test('community', '/community', true, { 'hero.headline': 'Join us' })],
    ],
    ['two tests running on one page', [test('kit-a', '/', true), test('kit-b', '/', true)]],
    ['one ended and one running on a page', [test('kit-a', '/', false), test('kit-b', '/', true)]],
    ['two tests of one name', [test('kit', '/', false), test('kit', '/', true)]],
    [
      'two variants of one name',
      [
        {
          ...test('kit', '/', true),
          variants: [
            { id: 'control', weight: 50 },
            { id: 'control', weight: 50, fields: { 'hero.headline': 'x' } },
          ],
        },
      ],
    ],
    [
      'words in the first variant',
      [
        {
          ...test('kit', '/', true),
          variants: [
            { id: 'control', weight: 50, fields: { 'hero.headline': 'x' } },
            ...variants({ 'hero.lede': 'y' }).slice(1),
          ],
        },
      ],
    ],
    ['a variant with no words', [test('kit', '/', true, {})]],
    ['words of a field the page has not', [test('kit', '/', true, { 'faq.title': 'Questions' })]],
  ];

  it.each(cases)('%s', (_, experiments) => {
    const build = contentFiles.experiments.zod.safeParse({ experiments }).success;
    const editor = keystaticAccepts(
      form,
      editorState(form, { saveProblems: null, experiments, experimentRules: null }),
    );
    expect({ editor }).toEqual({ editor: build });
  });

  it('refuses some and accepts others (the cases test both ways)', () => {
    const verdicts = cases.map(
      ([, experiments]) => contentFiles.experiments.zod.safeParse({ experiments }).success,
    );
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
  });
});

describe('the editor meets the owner where the owner is', () => {
  it('turns a pasted YouTube or Vimeo address into the id, and refuses what is neither', () => {
    // A video's id of the form YouTube gives (not the owner's: their video may be on Vimeo).
    const youtubeId = 'M7lc1UVf-VE';
    for (const address of [
      `https://www.youtube.com/watch?v=${youtubeId}&t=42s`,
      `https://youtu.be/${youtubeId}`,
      `youtube.com/embed/${youtubeId}`,
      `https://www.youtube.com/shorts/${youtubeId}`,
    ]) {
      expect(videoIdFromAddress(address), address).toBe(youtubeId);
    }
    expect(videoIdFromAddress('https://vimeo.com/76979871')).toBe('76979871');
    expect(videoIdFromAddress('https://player.vimeo.com/video/76979871?h=1')).toBe('76979871');
    expect(videoIdFromAddress('https://example.org/watch?v=abc')).toBeUndefined();
    const id = contentFiles.videos.zod.shape.kitIntro.shape.id;
    const refused = id.safeParse(`https://youtu.be/${youtubeId}`);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain(`write just ${youtubeId}`);
  });

  it("names a field by the labels the editor shows, in the build's messages too", () => {
    expect(describeField('kit', ['hero', 'headline'])).toBe('The kit page → Hero → Headline (hero.headline)');
    expect(describeField('testimonials', ['kit', 'items', 1, 'stars'])).toBe(
      'Testimonials → On the kit page → Testimonials → item 2 → Stars (kit.items.1.stars)',
    );
    const kit = contentFiles.kit.zod.parse(read('kit'));
    kit.hero.headline = `Yours for ${kitPrice}`;
    expect(() =>
      resolveFigureTokens(kit, figures, contentPath('kit'), (path) => describeField('kit', path)),
    ).toThrow(
      `The kit page → Hero → Headline (hero.headline): "${kitPrice}" is typed as a figure; write {kit.price}`,
    );
  });

  it("keeps a section's switch out of the file until it is on", () => {
    const kitForm = contentFiles.kit.editor as Extract<EditorField, { kind: 'object' }>;
    const bundles = kitForm.fields['bundles'];
    if (bundles?.kind !== 'object') throw new Error('kit.yaml has a bundles section');
    const hidden = editorField({
      zod: contentFiles.kit.zod.shape.bundles.shape.hidden,
      editor: bundles.fields['hidden']!,
    }) as unknown as { serialize: (value: boolean) => { value: unknown } };
    expect(hidden.serialize(false).value).toBeUndefined();
    expect(hidden.serialize(true).value).toBe(true);
    // A section without the line is shown (whether the owner hides this one today or not).
    const kit = structuredClone(read('kit')) as { bundles: Record<string, unknown> };
    delete kit.bundles['hidden'];
    expect(contentFiles.kit.zod.parse(kit).bundles.hidden).toBe(false);
  });

  it('leads "Learn More" to the next section the page still shows when one is hidden', () => {
    const shown = {
      community: contentFiles.community.zod.parse(read('community')),
      faq: contentFiles.faq.zod.parse(read('faq')),
      testimonials: contentFiles.testimonials.zod.parse(read('testimonials')),
    };
    // From every one of those sections shown, whatever the owner hides today.
    for (const section of ['targetAudience', 'benefits', 'features', 'newsletter'] as const)
      shown.community[section].hidden = false;
    expect(learnMoreHref(shown)).toBe('#target-audience');
    shown.community.targetAudience.hidden = true;
    expect(learnMoreHref(shown)).toBe('#benefits');
    shown.community.benefits.hidden = true;
    expect(learnMoreHref(shown)).toBe('#features');
    shown.community.features.hidden = true;
    expect(learnMoreHref(shown)).toBe('#newsletter-top');
  });
});
