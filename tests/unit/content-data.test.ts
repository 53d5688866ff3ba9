/**
 * The owner's data files: each one the build accepts, the figures computed from them, and the
 * browser editor's forms refusing exactly what the build refuses, field by field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentSchema } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editorField } from '../../keystatic.config.ts';
import { comparisonFigures, computedFigures, figureTable } from '../../src/content/figures.ts';
import type { EditorField, Field } from '../../src/content/fields.ts';
import { contentFiles, contentPath, type ContentName, type Offer } from '../../src/content/schemas.ts';
import { resolveFigureTokens } from '../../src/lib/figure-tokens.ts';
import { PROJECT_ROOT } from '../support/project-copy.ts';

const names = Object.keys(contentFiles) as ContentName[];
const read = (name: ContentName): unknown =>
  parse(readFileSync(join(PROJECT_ROOT, contentPath(name)), 'utf8'));
const offer = contentFiles.offer.zod.parse(read('offer')) as Offer;

describe('the data files', () => {
  it.each(names)('src/content/%s.yaml passes its schema and every figure token resolves', (name) => {
    const data = contentFiles[name].zod.parse(read(name));
    if (name !== 'offer')
      expect(() => resolveFigureTokens(data, figureTable(offer), contentPath(name))).not.toThrow();
  });

  it('holds every business figure the pages quote (the kit at $497, the plans, the targets)', () => {
    expect(offer.kit).toMatchObject({
      price: 497,
      lifelineYearly: 997,
      communityValue: 588,
      guaranteeDays: 30,
    });
    expect(offer.plans.free.pricePerMonth).toBe(0);
    expect(offer.plans.paid).toMatchObject({ pricePerMonth: 100, billingMonths: 3 });
    expect(offer.serviceCosts.map((row) => [row.service, row.monthlyPrice])).toEqual([
      ['Co-working space', 300],
      ['Video calls', 15],
      ['Calendar booking', 12],
      ['Peer networking groups', 50],
      ['AI note taker', 20],
      ['Whiteboard', 15],
    ]);
  });
});

describe('figures computed from the data, never typed', () => {
  it('adds the separate tools to $412 a month, saving $312 a month and $3,744 a year', () => {
    expect(computedFigures(offer)).toMatchObject({
      separateMonthlyTotal: 412,
      monthlySaving: 312,
      yearlySaving: 3744,
      paidQuarterlyPrice: 300,
    });
    expect(comparisonFigures(offer)).toMatchObject({
      total: '$412',
      monthlySaving: '$312',
      yearlySaving: '$3,744',
    });
  });

  it('follows a changed price: every token and sum moves with the data', () => {
    const changed: Offer = structuredClone(offer);
    changed.kit.price = 597;
    changed.serviceCosts[0]!.monthlyPrice = 400;
    const table = figureTable(changed);
    expect(table.get('kit.price')?.value).toBe('$597');
    expect(table.get('computed.separateMonthlyTotal')?.value).toBe('$512');
    expect(table.get('computed.yearlySaving')?.value).toBe('$4,944');
  });
});

/** Values to try on a field of each kind: the build and the editor must both accept or both refuse. */
function probes(field: EditorField): unknown[] {
  switch (field.kind) {
    case 'text':
      return ['', '   ', 'Plain words', 'x'.repeat((field.max ?? 50) + 1)];
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
      ];
    case 'number':
      return [-1, 0, 1, 2.5, 5, 6, 100, 101, null];
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
}

function leaves(field: Field, path: string, out: Leaf[]): Leaf[] {
  const { editor } = field;
  if (editor.kind === 'object') {
    const shape = (field.zod as unknown as { shape: Record<string, Field['zod']> }).shape;
    for (const [key, child] of Object.entries(editor.fields)) {
      leaves({ zod: shape[key]!, editor: child }, `${path}.${key}`, out);
    }
  } else if (editor.kind === 'list') {
    const element = (field.zod as unknown as { element: Field['zod'] }).element;
    leaves({ zod: element, editor: editor.item }, `${path}[]`, out);
  } else {
    out.push({ path, field, editor: editorField(editor) });
  }
  return out;
}

describe('the browser editor and the build agree', () => {
  const allLeaves = names.flatMap((name) => leaves(contentFiles[name], name, []));

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
        expect(accepts(() => form.validate?.(null))).toBe(false);
        return;
      }
      if (leaf.field.editor.kind === 'select') {
        // A select offers only its options (the editor has no way to type another value): the same list.
        const offered = (form as unknown as { options: { value: string }[] }).options.map(
          (option) => option.value,
        );
        expect(offered).toEqual((leaf.field.zod as unknown as { options: string[] }).options);
        for (const value of probes(leaf.field.editor)) {
          expect(leaf.field.zod.safeParse(value).success, String(value)).toBe(
            offered.includes(value as string),
          );
        }
        return;
      }
      for (const value of probes(leaf.field.editor)) {
        const build = leaf.field.zod.safeParse(value).success;
        const editor = accepts(() => form.validate?.(value, { slugField: undefined }));
        expect({ value, editor }).toEqual({ value, editor: build });
      }
    },
  );

  it('limits each list to the same number of items', () => {
    const lists: string[] = [];
    function walk(field: EditorField, path: string) {
      if (field.kind === 'object')
        for (const [key, child] of Object.entries(field.fields)) walk(child, `${path}.${key}`);
      if (field.kind === 'list') {
        const array = editorField(field) as { validation?: { length?: { min?: number; max?: number } } };
        expect(array.validation?.length ?? {}, path).toEqual({
          ...(field.min !== undefined && { min: field.min }),
          ...(field.max !== undefined && { max: field.max }),
        });
        lists.push(path);
        walk(field.item, `${path}[]`);
      }
    }
    for (const name of names) walk(contentFiles[name].editor, name);
    expect(lists.length).toBeGreaterThan(20);
  });
});
