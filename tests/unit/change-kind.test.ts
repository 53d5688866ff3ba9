/**
 * The owner's workflow sorts a change by its files: content only (what the editor writes) runs the
 * content check, anything else the whole suite. A file that only sits near the content is code.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import keystaticConfig from '../../editor/app/config.ts';
import type { EditorField } from '../../src/content/fields.ts';
import { contentFiles } from '../../src/content/schemas.ts';
import { campaignSchema } from '../../src/content/schemas/campaigns.ts';
import {
  changedFiles,
  contentFileKind,
  pathsOfNameStatus,
  sortChange,
} from '../../scripts/lib/change-kind.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const kindOf = (paths: string[]) => sortChange(paths).kind;
const statusOutput = (...fields: string[]) => `${fields.join('\0')}\0`;

describe('a change is content only when every file is one the editor writes', () => {
  it('content only: data files, a campaign page, an upload, the editor’s placeholder file', () => {
    const sorted = sortChange([
      'src/content/offer.yaml',
      'src/content/kit.yaml',
      'src/content/campaigns/podcast.yaml',
      'src/assets/uploads/tom-s-photo-lq3k2a.jpg',
      'editor/app/results/results.yaml',
    ]);
    expect(sorted.kind).toBe('content');
    expect(sorted.files.map((file) => file.what)).toEqual([
      'a data file',
      'a data file',
      'a campaign page',
      'an uploaded picture',
      "the editor's placeholder file",
    ]);
  });

  it('code only', () => {
    expect(kindOf(['src/lib/auth-link.ts', 'package.json'])).toBe('code');
  });

  it('mixed: one file of code makes the change code, and the reason names it', () => {
    const sorted = sortChange(['src/content/offer.yaml', 'src/components/kit/Hero.tsx']);
    expect(sorted.kind).toBe('code');
    expect(sorted.reason).toContain('src/components/kit/Hero.tsx');
    expect(sorted.reason).not.toContain('offer.yaml');
  });

  it('renames: both paths count, so code moved to where content lives is still code', () => {
    const moved = pathsOfNameStatus(statusOutput('R087', 'src/lib/old.ts', 'src/content/campaigns/old.yaml'));
    expect(moved).toEqual(['src/lib/old.ts', 'src/content/campaigns/old.yaml']);
    expect(kindOf(moved)).toBe('code');
    // A campaign page renamed in the editor: content on both sides.
    const renamed = statusOutput(
      'R100',
      'src/content/campaigns/spring.yaml',
      'src/content/campaigns/summer.yaml',
    );
    expect(kindOf(pathsOfNameStatus(renamed))).toBe('content');
    // As `--no-renames` lists it: the old path deleted, the new one added.
    const split = statusOutput('D', 'src/lib/old.ts', 'A', 'src/content/campaigns/old.yaml');
    expect(pathsOfNameStatus(split)).toEqual(moved);
  });

  it('a deleted data file is content (the content check’s build then says whether the site can lose it)', () => {
    const deleted = pathsOfNameStatus(
      statusOutput('D', 'src/content/campaigns/spring.yaml', 'D', 'src/content/faq.yaml'),
    );
    expect(deleted).toEqual(['src/content/campaigns/spring.yaml', 'src/content/faq.yaml']);
    expect(kindOf(deleted)).toBe('content');
  });

  it('a new campaign page, and a picture uploaded under it', () => {
    expect(kindOf(['src/content/campaigns/podcast.yaml', 'src/assets/uploads/podcast/host.png'])).toBe(
      'content',
    );
  });

  it('an upload is a picture of the types the editor takes, in any case', () => {
    for (const name of ['a.png', 'b.jpg', 'c.JPEG', 'd.webp', 'e.avif', 'f.svg'])
      expect(contentFileKind(`src/assets/uploads/${name}`), name).toBe('an uploaded picture');
    for (const name of ['notes.txt', 'boot.js', 'styles.css', 'photo.gif'])
      expect(contentFileKind(`src/assets/uploads/${name}`), name).toBeUndefined();
  });

  it('a path that only looks like content is code', () => {
    for (const path of [
      'src/content/schemas/kit.ts',
      'src/content/pages.ts',
      'src/content/campaigns/podcast.ts',
      'src/content/campaigns/old/podcast.yaml',
      'src/content/kit.yml',
      'src/content.config.ts',
      'editor/app/results/view.tsx',
      'src/assets/logo.svg',
      'tests/fixtures/content/kit.yaml',
      'keystatic.config.ts',
      '.github/workflows/editor-branches.yml',
    ]) {
      expect(kindOf([path]), path).toBe('code');
    }
  });

  it('no file at all is code: nothing vouches for it', () => {
    expect(kindOf([])).toBe('code');
  });
});

/** Every image field's folder in a form, walked from its root. */
function imageFolders(field: EditorField): string[] {
  if (field.kind === 'image') return [field.directory];
  if (field.kind === 'object') return Object.values(field.fields).flatMap(imageFolders);
  if (field.kind === 'list') return imageFolders(field.item);
  return [];
}

describe('the files the editor writes, read from its config', () => {
  it('every singleton’s and collection’s file, and every uploaded picture, is content', () => {
    // Each writes its data to its path with .yaml (format: data, yaml); a collection's path holds a * for the entry's name.
    const paths = [
      ...Object.values(keystaticConfig.singletons ?? {}),
      ...Object.values(keystaticConfig.collections ?? {}),
    ].map((entry) => (entry as { path: string }).path);
    const files = paths.map((path) => `${path.replace('*', 'podcast')}.yaml`);
    expect(files).toContain('src/content/kit.yaml');
    expect(files).toContain('editor/app/results/results.yaml');
    const folders = new Set(
      [...Object.values(contentFiles).map((file) => file.editor), campaignSchema.editor].flatMap(
        imageFolders,
      ),
    );
    expect(folders.size).toBeGreaterThan(0);
    for (const folder of folders) files.push(`${folder}/photo-lq3k2a.jpg`, `${folder}/podcast/photo.png`);
    for (const file of files) expect(contentFileKind(file), file).toBeDefined();
  });
});

describe('the files changed since a base, from git', () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'be-change-kind-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.org');
    git('config', 'user.name', 'Test');
    write('src/content/offer.yaml', 'kit:\n  price: 1\n');
    write('src/content/campaigns/spring.yaml', 'page: /\n');
    write('src/lib/old.ts', 'export const a = 1;\n');
    git('add', '.');
    git('commit', '-qm', 'base');
    git('switch', '-qc', 'edit-new-price');
    write('src/content/offer.yaml', 'kit:\n  price: 2\n');
    git('commit', '-qam', 'price');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('a branch’s commits since it left the base: content', () => {
    expect(changedFiles(repo, 'main', 'HEAD')).toEqual(['src/content/offer.yaml']);
    // What main gained since does not count: only what the branch brings.
    git('switch', '-q', 'main');
    write('src/lib/new.ts', 'export const b = 2;\n');
    git('add', '.');
    git('commit', '-qm', 'code on main');
    git('switch', '-q', 'edit-new-price');
    expect(changedFiles(repo, 'main', 'edit-new-price')).toEqual(['src/content/offer.yaml']);
  });

  it('the working tree: a rename as both paths, a deletion, a file not yet added', () => {
    renameSync(join(repo, 'src/lib/old.ts'), join(repo, 'src/content/campaigns/old.yaml'));
    unlinkSync(join(repo, 'src/content/campaigns/spring.yaml'));
    git('add', '-A');
    write('src/assets/uploads/photo.png', 'png');
    const files = changedFiles(repo, 'main');
    expect(files.sort()).toEqual(
      [
        'src/assets/uploads/photo.png',
        'src/content/campaigns/old.yaml',
        'src/content/campaigns/spring.yaml',
        'src/content/offer.yaml',
        'src/lib/old.ts',
      ].sort(),
    );
    expect(kindOf(files)).toBe('code');
  });

  it('the workflow’s script hands the verdict on, and an unknown base counts as code', () => {
    const output = join(repo, '..', `${repo.split('/').pop()}-output`);
    const sort = (base: string) => {
      writeFileSync(output, '');
      execFileSync(process.execPath, [join(PROJECT_ROOT, 'scripts/change-kind.ts'), base, 'edit-new-price'], {
        cwd: repo,
        env: { ...process.env, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: '' },
      });
      return readFileSync(output, 'utf8');
    };
    try {
      expect(sort('main')).toBe('kind=content\n');
      expect(sort('no-such-branch')).toBe('kind=code\n');
    } finally {
      rmSync(output, { force: true });
    }
  });
});

describe('the owner’s workflow', () => {
  interface Job {
    needs?: string | string[];
    if?: string;
    uses?: string;
    outputs?: Record<string, string>;
    steps?: { run?: string; uses?: string; with?: Record<string, string>; env?: Record<string, string> }[];
  }
  const workflow = parse(
    readFileSync(join(PROJECT_ROOT, '.github/workflows/editor-branches.yml'), 'utf8'),
  ) as {
    jobs: Record<string, Job>;
  };
  const { sort, content, full, gate } = workflow.jobs;
  const runs = (job: Job | undefined) => (job?.steps ?? []).map((step) => step.run ?? '').join('\n');

  it('sorts the change first, with the history to diff it', () => {
    expect(runs(sort)).toContain('node scripts/change-kind.ts "$BASE" HEAD');
    expect(sort?.steps?.[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(sort?.outputs?.['kind']).toBe('${{ steps.sort.outputs.kind }}');
  });

  it('runs the content check for content, the whole suite for anything else', () => {
    expect(content?.if).toBe("needs.sort.outputs.kind == 'content'");
    expect(runs(content)).toContain('npm run test:content');
    expect(full?.if).toBe("needs.sort.outputs.kind != 'content'");
    // The whole suite, in parallel jobs: every part `npm test` runs, and a gate that waits for all.
    expect(full?.uses).toBe('./.github/workflows/check.yml');
    const check = parse(readFileSync(join(PROJECT_ROOT, '.github/workflows/check.yml'), 'utf8')) as {
      jobs: Record<string, Job>;
    };
    const all = Object.values(check.jobs).map(runs).join('\n');
    for (const job of ['static', 'e2e ${{ matrix.shard }}/4', 'engines', 'owner-edits']) {
      expect(all).toContain(`node scripts/ci-job.ts ${job}`);
    }
    expect(check.jobs['gate']?.if).toBe('always()');
    expect(check.jobs['gate']?.needs).toEqual(Object.keys(check.jobs).filter((name) => name !== 'gate'));
  });

  it('answers with one gate that always runs, after every other job', () => {
    expect(gate?.if).toBe('always()');
    expect(gate?.needs).toEqual(Object.keys(workflow.jobs).filter((name) => name !== 'gate'));
  });
});
