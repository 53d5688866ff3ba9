/**
 * docs/deploying.md's tables of variables say what the code does: every variable the build, the
 * hosts or the Node server reads (runtime/settings.ts, server/settings.ts) has one row, with the
 * default and the words its setting states, and no row names a variable the code does not read.
 * A variable added, renamed, given another default or reworded in one place shows here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS, type Setting } from '../../runtime/settings.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { SERVER_SETTINGS } from '../../server/settings.ts';

interface Row {
  variable: string;
  fallback: string;
  about: string;
}

/** The rows of every `| variable | default | … |` table of the page (the name in code, alone). */
function documentedRows(markdown: string): Row[] {
  const rows: Row[] = [];
  let inVariables = false;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      inVariables = false;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split(/\s\|\s/)
      .map((cell) => cell.trim());
    if (cells[0] === 'variable') inVariables = cells[1] === 'default';
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? '')?.[1];
    if (inVariables && name) rows.push({ variable: name, fallback: cells[1] ?? '', about: cells[2] ?? '' });
  }
  return rows;
}

const page = readFileSync(join(PROJECT_ROOT, 'docs/deploying.md'), 'utf8');
const documented = documentedRows(page);
const settings: Record<string, Setting<unknown>> = { ...SETTINGS, ...SERVER_SETTINGS };

describe('docs/deploying.md, against the settings the code reads', () => {
  it('has one row per variable, and each setting of the code its row', () => {
    const names = documented.map((row) => row.variable);
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      'documented twice',
    ).toEqual([]);
    expect([...names].sort()).toEqual(Object.keys(settings).sort());
  });

  it('states each default and what each changes in the words of the code', () => {
    const differing = documented.flatMap(({ variable, fallback, about }) => {
      const setting = settings[variable];
      return [
        ...(setting && fallback !== setting.fallback
          ? [`${variable} default: the page says ${fallback}, the code ${setting.fallback}`]
          : []),
        ...(setting && about !== setting.about
          ? [`${variable}: the page says "${about}", the code "${setting.about}"`]
          : []),
      ];
    });
    expect(differing).toEqual([]);
  });
});
