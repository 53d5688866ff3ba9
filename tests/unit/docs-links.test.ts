/**
 * Every relative link of the README and the pages in docs/ leads somewhere: its file exists and, for
 * a `#fragment`, the page it names has a heading of that anchor (as GitHub spells it); and every
 * source file they name (`server/site.ts`) exists. The docs are split by reader and edited by many
 * hands; a page renamed, a heading reworded or a file moved to another room would otherwise leave
 * the owner or a newcomer on a dead link.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';

const PAGES = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The page's text outside fenced code blocks: a link or heading shown as code is not one. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The page's headings, in order, as written. */
function headingsOf(file: string): string[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map(
    ([, heading = '']) => heading,
  );
}

/** Every anchor a page offers, repeated headings numbered as GitHub numbers them. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  for (const heading of headingsOf(file)) {
    const base = slug(heading);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Relative links and images of a page: [text](target) and ![alt](target), titles dropped. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** Source files a page names in code spans (`server/site.ts`): paths from the project root. */
function namedSourceFiles(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map(([, span = '']) => span);
  return spans.filter((span) =>
    /^(src|server|deploy|runtime|scripts|integrations|bench|tests|editor)\/[^*<>]+\.(tsx?|astro)$/.test(span),
  );
}

describe('the docs link only to what exists', () => {
  it('has the pages each reader is sent to', () => {
    for (const page of ['owner-guide', 'deploying', 'speed', 'testing', 'ARCHITECTURE']) {
      expect(PAGES, page).toContain(`docs/${page}.md`);
    }
  });

  for (const page of PAGES) {
    it(`${page}: every relative link names a file and, with a #fragment, one of its headings`, () => {
      const source = join(PROJECT_ROOT, page);
      const broken: string[] = [];
      for (const link of relativeLinks(readFileSync(source, 'utf8'))) {
        const [path = '', fragment] = link.split('#');
        const target = path === '' ? source : join(dirname(source), decodeURI(path));
        if (!existsSync(target)) broken.push(`${link}: no file ${relative(PROJECT_ROOT, target)}`);
        else if (fragment !== undefined && target.endsWith('.md') && !anchorsOf(target).has(fragment)) {
          broken.push(`${link}: no heading #${fragment} in ${relative(PROJECT_ROOT, target)}`);
        }
      }
      expect(broken).toEqual([]);
    });

    // A heading written twice is a thing said twice: two sections that drift apart, and a link to the
    // second that GitHub numbers (#the-local-editor-1) and a reader never finds.
    it(`${page}: says each thing under one heading, never two with the same words`, () => {
      const slugs = headingsOf(join(PROJECT_ROOT, page)).map(slug);
      expect(slugs.filter((name, index) => slugs.indexOf(name) !== index)).toEqual([]);
    });

    it(`${page}: every source file it names exists`, () => {
      const names = namedSourceFiles(readFileSync(join(PROJECT_ROOT, page), 'utf8'));
      expect(names.filter((name) => !existsSync(join(PROJECT_ROOT, name)))).toEqual([]);
    });
  }
});
