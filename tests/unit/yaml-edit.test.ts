/**
 * Small saves: what the editor writes is laid onto the data file as it was, so one changed field
 * is one changed line, a change undone leaves the file as it was, and comments and order survive.
 * The files are fixtures (tests/fixtures/content/), never the owner's current ones: an owner who
 * hides a section or starts a split test must not turn these red.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { applyEdit, tidySave } from '../../editor/app/yaml-edit.ts';
import { campaignFile } from '../../src/content/pages.ts';
import { INDEXED_CAMPAIGN, SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const fixture = (name: string) => readFileSync(join(PROJECT_ROOT, 'tests/fixtures/content', name), 'utf8');
/** The kit page's file as the editor writes it, every section shown. */
const kitYaml = fixture('kit.yaml');
/** The file written anew in another style, as Keystatic does (long lines folded at 80 characters, double quotes). */
const keystaticWrites = (data: unknown) => stringify(data, { lineWidth: 80, minContentWidth: 0 });

function changedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.filter((line, index) => line !== b[index]).length;
}

describe('a save laid onto the file', () => {
  it('changes one line for one changed field, where Keystatic alone rewrites most of the file', () => {
    const data = parse(kitYaml);
    data.hero.headline = 'A new headline for the kit';
    const saved = keystaticWrites(data);
    expect(changedLines(kitYaml, applyEdit(kitYaml, saved))).toBe(1);
    expect(saved.split('\n').filter((line) => !kitYaml.includes(line)).length).toBeGreaterThan(20);
  });

  it('leaves no trace of a change undone, and keeps comments and key order', () => {
    const data = parse(kitYaml);
    expect(applyEdit(kitYaml, keystaticWrites(data))).toBe(kitYaml);
    const commented = `# The owner's note\n${kitYaml.replace('buyBar:\n', '# Sticky on phones\nbuyBar:\n')}`;
    expect(applyEdit(commented, keystaticWrites(data))).toBe(commented);
  });

  it('adds a section switch as one line at the top of its section, and removes it again', () => {
    const data = parse(kitYaml);
    data.bundles = { hidden: true, ...data.bundles };
    const hidden = applyEdit(kitYaml, keystaticWrites(data));
    expect(hidden.split('\n').length).toBe(kitYaml.split('\n').length + 1);
    expect(hidden).toMatch(/^bundles:\n {2}hidden: true\n {2}eyebrow:/m);
    delete data.bundles.hidden;
    expect(applyEdit(hidden, keystaticWrites(data))).toBe(kitYaml);
  });

  it('quotes a value that needs it, and a list item added or removed touches only its lines', () => {
    const data = parse(kitYaml);
    data.hero.eyebrow = 'Plain words';
    const edited = applyEdit(kitYaml, keystaticWrites(data));
    expect(edited).toMatch(/^ {2}eyebrow: Plain words$/m);
    expect(parse(edited)).toEqual(data);
    data.box.items.push({ title: 'New item', description: 'Its words' });
    const added = applyEdit(kitYaml, keystaticWrites(data));
    expect(parse(added)).toEqual(data);
    expect(added.split('\n').length).toBe(kitYaml.split('\n').length + 2);
  });
});

describe('the split tests file', () => {
  it('writes a first split test one value a line, as the guide shows it, not on one line', () => {
    const empty = fixture('experiments.yaml');
    const test = {
      id: 'kit-headline',
      page: '/',
      running: true,
      variants: [
        { id: 'control', weight: 50 },
        { id: 'plain-question', weight: 50, fields: { 'hero.headline': 'Could your business survive?' } },
      ],
    };
    const written = applyEdit(empty, keystaticWrites({ experiments: [test] }));
    const list = written.slice(written.indexOf('experiments:'));
    expect(list).toBe(
      [
        'experiments:',
        '  - id: kit-headline',
        '    page: /',
        '    running: true',
        '    variants:',
        '      - id: control',
        '        weight: 50',
        '      - id: plain-question',
        '        weight: 50',
        '        fields:',
        '          hero.headline: Could your business survive?',
        '',
      ].join('\n'),
    );
    // The comments above the list stay; the list ended leaves the file as it was.
    expect(written.startsWith(empty.slice(0, empty.indexOf('experiments:')))).toBe(true);
    expect(applyEdit(written, keystaticWrites({ experiments: [] }))).toBe(empty);
  });

  it('writes the first variant, the page as written, without `fields: {}`', () => {
    const path = 'src/content/experiments.yaml';
    const test = {
      id: 'kit-headline',
      page: '/',
      running: true,
      variants: [
        { id: 'control', weight: 50, fields: {} },
        { id: 'plain-question', weight: 50, fields: { 'hero.headline': 'Could your business survive?' } },
      ],
    };
    const saved = keystaticWrites({ experiments: [test] });
    expect(saved).toContain('fields: {}');
    const [control, challenger] = test.variants;
    expect(tidySave(path, saved)).toBe(
      keystaticWrites({
        experiments: [{ ...test, variants: [{ id: control!.id, weight: 50 }, challenger] }],
      }),
    );
    expect(tidySave(path, tidySave(path, saved))).toBe(tidySave(path, saved));
  });
});

describe('a campaign page’s file as the editor saves it', () => {
  it('leaves out the empty list Keystatic writes for no hidden section, and keeps a list that hides one', () => {
    const path = campaignFile(`/${SAMPLE_CAMPAIGN.name}`);
    const none = keystaticWrites({ name: 'Podcast', ...SAMPLE_CAMPAIGN.file, hide: [] });
    expect(none).toContain('hide: []');
    expect(tidySave(path, none)).toBe(keystaticWrites({ name: 'Podcast', ...SAMPLE_CAMPAIGN.file }));
    const some = keystaticWrites(INDEXED_CAMPAIGN.file);
    expect(tidySave(campaignFile(`/${INDEXED_CAMPAIGN.name}`), some)).toBe(some);
    // A page that changes no words says so by leaving `fields` out too.
    const noWords = keystaticWrites({ ...SAMPLE_CAMPAIGN.file, fields: {} });
    expect(tidySave(path, noWords)).not.toContain('fields');
    // The site's own files keep what they hold.
    expect(tidySave('src/content/kit.yaml', none)).toBe(none);
  });
});
