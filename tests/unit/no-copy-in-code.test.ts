/**
 * Prices, percentages and web addresses live in the owner's data (src/content/*.yaml) or the site
 * config, never in a component, page, layout or the framework-free logic of src/lib: a figure typed
 * there could not be edited in the browser and would drift from the rest of the page. (The site
 * config in src/config holds the default origins, so addresses are allowed there; figures are not.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const FOLDERS = ['src/components', 'src/pages', 'src/layouts', 'src/lib'];
const FIGURE_FOLDERS = [...FOLDERS, 'src/config'];
const RULES: [string, RegExp, string[]][] = [
  ['a dollar figure', /\$\d/, FIGURE_FOLDERS],
  // Tailwind's arbitrary values (`w-[30%]`, `basis-[85%]`) and CSS lengths (`-5%`, or `50% 0px`
  // beside another length, in an IntersectionObserver margin) are layout, not copy.
  ['a percentage', /(?<![[\w.-])\d+(\.\d+)?%(?!\]|\s+-?\d+(\.\d+)?(px|%))/, FIGURE_FOLDERS],
  // XML and SVG namespaces and schema.org's vocabulary are names, not addresses a visitor follows.
  ['a web address', /https?:\/\/(?!www\.w3\.org\/|www\.sitemaps\.org\/|schema\.org\b)/, FOLDERS],
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

describe('no price, percentage or address typed in components, pages, layouts and lib', () => {
  it('finds the source files', () => {
    expect(FOLDERS.flatMap(sourceFiles).length).toBeGreaterThan(60);
    expect(sourceFiles('src/lib').length).toBeGreaterThan(10);
  });

  it.each(RULES)('no file holds %s', (_, rule, folders) => {
    const found = folders.flatMap(sourceFiles).flatMap((file) =>
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
    const [, address] = RULES[2]!;
    expect(money.test(code('<p>Only $497 today</p>'))).toBe(true);
    expect(money.test(code("const label = '$100k+';"))).toBe(true);
    expect(percent.test(code('<span>Net profit 30%</span>'))).toBe(true);
    expect(percent.test(code('label="At 0%, unlocked by milestones"'))).toBe(true);
    expect(percent.test(code("className='w-[30%]'"))).toBe(false);
    expect(percent.test(code("rootMargin: '0px 0px -5% 0px'"))).toBe(false);
    expect(percent.test(code("const NEAR = '50% 0px';"))).toBe(false);
    expect(percent.test(code('<p>Save 20% 10 days early</p>'))).toBe(true);
    expect(money.test(code('/** The price, e.g. $497. */'))).toBe(false);
    expect(address.test(code("href: 'https://app.example.com/auth'"))).toBe(true);
    expect(address.test(code("'@context': 'https://schema.org'"))).toBe(false);
  });
});
