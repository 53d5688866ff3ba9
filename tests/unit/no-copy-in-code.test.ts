// @vitest-environment node
/**
 * Prices, percentages and web addresses live in the owner's data (src/content/*.yaml) or the site
 * config, never in a component, page or layout: a figure typed there could not be edited in the
 * browser and would drift from the rest of the page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/project-copy.ts';

const FOLDERS = ['src/components', 'src/pages', 'src/layouts'];
const RULES: [string, RegExp][] = [
  ['a dollar figure', /\$\d/],
  // Tailwind's arbitrary values (`w-[30%]`, `basis-[85%]`) are layout, not copy.
  ['a percentage', /(?<![[\w.-])\d+(\.\d+)?%(?!\])/],
  // XML and SVG namespaces are names, not addresses a visitor follows.
  ['a web address', /https?:\/\/(?!www\.w3\.org\/|www\.sitemaps\.org\/)/],
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|astro)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The code without its comments: a comment may quote a figure to explain a prop. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('no copy, price or address typed in components, pages and layouts', () => {
  const files = FOLDERS.flatMap(sourceFiles);

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(RULES)('no file holds %s', (_, rule) => {
    const found = files.flatMap((file) =>
      code(readFileSync(file, 'utf8'))
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => rule.test(line))
        .map(({ line, index }) => `${relative(PROJECT_ROOT, file)}:${index + 1}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('catches a price typed into a component', () => {
    const [, money] = RULES[0]!;
    const [, percent] = RULES[1]!;
    expect(money.test(code('<p>Only $497 today</p>'))).toBe(true);
    expect(percent.test(code('<span>Net profit 30%</span>'))).toBe(true);
    expect(percent.test(code("className='w-[30%]'"))).toBe(false);
    expect(money.test(code('/** The price, e.g. $497. */'))).toBe(false);
  });
});
