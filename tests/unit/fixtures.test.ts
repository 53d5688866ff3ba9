/**
 * The data files the tests of the editor's mechanics use (tests/fixtures/content/) are files the
 * editor could have written: each passes its schema, so a schema change that leaves one behind
 * fails here, by name, rather than as a puzzling failure of the test that reads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contentFiles, type ContentName } from '../../src/content/schemas.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const folder = join(PROJECT_ROOT, 'tests/fixtures/content');
const fixtures = readdirSync(folder).filter((name) => name.endsWith('.yaml'));

describe('the fixtures of the data files', () => {
  it('are there', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('%s passes its schema', (name) => {
    const file = name.replace(/\.yaml$/, '') as ContentName;
    expect(Object.keys(contentFiles)).toContain(file);
    const data: unknown = parse(readFileSync(join(folder, name), 'utf8'));
    contentFiles[file].zod.parse(data);
  });
});
