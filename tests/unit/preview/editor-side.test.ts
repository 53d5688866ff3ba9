// @vitest-environment happy-dom
/**
 * The live preview's side of the editor: which page a form makes (read from the editor's own
 * address, in local and GitHub mode), which section a field belongs to, and the unsaved changes as
 * Keystatic keeps them (a record of another shape is reported, never guessed at).
 */
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, PAGES } from '../../../src/content/pages.ts';
import { contentFiles } from '../../../src/content/schemas.ts';
import { asDraft, DRAFT_VERSION, draftsStamp } from '../../../editor/preview/drafts.ts';
import { editorPlace, pageOfForm } from '../../../editor/preview/form-page.ts';
import { previewAddress, sectionOf } from '../../../editor/preview/panel.tsx';

const [firstPage, ...otherPages] = PAGE_PATHS;

describe('which page a form of the editor makes', () => {
  it.each(PAGE_PATHS.map((path) => [path, PAGES[path].name] as const))(
    '%s from its own form, in local and GitHub mode',
    (path, name) => {
      expect(pageOfForm(editorPlace(`/keystatic/singleton/${name}`))).toEqual({ page: path });
      const hosted = editorPlace(`/keystatic/branch/edit-spring/singleton/${name}`);
      expect(hosted.branch).toBe('edit-spring');
      expect(pageOfForm(hosted)).toEqual({ page: path });
    },
  );

  it('a campaign page’s own address from its form', () => {
    expect(pageOfForm(editorPlace('/keystatic/collection/campaigns/item/podcast'))).toEqual({
      page: '/podcast',
    });
    expect(pageOfForm(editorPlace('/keystatic/branch/edit-a/collection/campaigns/item/spring-sale'))).toEqual(
      {
        page: '/spring-sale',
      },
    );
  });

  it('a shared file’s form (prices and figures) opens the first page; Results makes none', () => {
    expect(pageOfForm(editorPlace('/keystatic/singleton/offer'))).toEqual({ page: firstPage });
    expect(pageOfForm(editorPlace('/keystatic/singleton/results'))).toBeUndefined();
    expect(pageOfForm(editorPlace('/keystatic'))).toBeUndefined();
  });

  it('the preview’s address carries the page, the branch and the part of the file', () => {
    const at = { file: PAGES[firstPage].name, part: 'hero' };
    const address = new URL(
      previewAddress({ page: otherPages[0] ?? firstPage }, 'edit-x', at),
      'http://editor',
    );
    expect(address.pathname).toBe('/keystatic/preview');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      page: otherPages[0] ?? firstPage,
      branch: 'edit-x',
      ...at,
    });
  });
});

describe('the section of the field being edited', () => {
  it('is the outermost group the form labels with a section’s label', () => {
    const name = PAGES[firstPage].name;
    const form = contentFiles[name].editor;
    if (form.kind !== 'object') throw new Error('a page’s file is an object of sections');
    const [key, section] = Object.entries(form.fields).find(([, field]) => field.kind === 'object')!;
    document.body.innerHTML = `
      <div role="group" aria-labelledby="outer"><span id="outer">${section.label}</span>
        <div role="group" aria-label="Some inner group"><input id="field" /></div>
      </div>`;
    expect(sectionOf(document.getElementById('field'), name)).toBe(key);
    expect(sectionOf(document.getElementById('outer'), 'results')).toBeUndefined();
  });
});

describe('Keystatic’s record of unsaved changes', () => {
  const files = new Map([['src/content/kit.yaml', new TextEncoder().encode('hero: {}')]]);
  const record = { version: DRAFT_VERSION, savedAt: new Date(5), beforeTreeKey: 'abc', files };

  it('is read as Keystatic 0.6 writes it', () => {
    expect(asDraft(['singleton', 'kit'], record)).toEqual({
      key: ['singleton', 'kit'],
      savedAt: new Date(5),
      files,
    });
  });

  it.each([
    ['another version', { ...record, version: 2 }],
    ['files as an object', { ...record, files: Object.fromEntries(files) }],
    ['a file as text', { ...record, files: new Map([['src/content/kit.yaml', 'hero: {}']]) }],
    ['no time', { ...record, savedAt: '2026-01-01' }],
  ])('of another shape (%s) is not guessed at', (_what, value) => {
    expect(asDraft(['singleton', 'kit'], value)).toBeUndefined();
  });

  it('changes its stamp when a draft is written, added or dropped', () => {
    const one = asDraft(['singleton', 'kit'], record)!;
    const later = asDraft(['singleton', 'kit'], { ...record, savedAt: new Date(6) })!;
    const other = asDraft(['singleton', 'offer'], record)!;
    const stamps = [[], [one], [later], [later, other]].map((drafts) =>
      draftsStamp({ drafts, unreadable: [] }),
    );
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});
