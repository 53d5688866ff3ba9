/**
 * The map (docs/ARCHITECTURE.md) lists every folder at the project's root once, in its rooms list,
 * and no folder that is not there: a room added, moved or renamed is found in the map, or this
 * fails. The folders are the project's own (what git tracks or would add), never a build's output
 * or a cache.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

/** The folders at the project's root that hold a file git tracks or would add. */
function rootFolders(): string[] {
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  if (files.status !== 0) throw new Error(`git ls-files failed: ${files.stderr}`);
  const folders = files.stdout
    .split('\n')
    .filter((file) => file.includes('/'))
    .map((file) => file.slice(0, file.indexOf('/')));
  return [...new Set(folders)].sort();
}

/** The folders the map's rooms list names: each item that starts with a folder in bold code. */
function listedRooms(): string[] {
  const map = readFileSync(join(PROJECT_ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const start = map.indexOf('\n## The rooms\n');
  const end = map.indexOf('\n## ', start + 1);
  return [...map.slice(start, end).matchAll(/^- \*\*`([^`/]+)\/`\*\*/gm)].map(([, name = '']) => name);
}

describe('the map’s rooms', () => {
  it('names every folder at the root once, and only those', () => {
    const listed = listedRooms();
    expect(
      listed.filter((name, index) => listed.indexOf(name) !== index),
      'listed twice',
    ).toEqual([]);
    expect([...listed].sort()).toEqual(rootFolders());
  });
});
