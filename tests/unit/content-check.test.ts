/**
 * The content check (`npm run test:content`) scans the pages a change touches, and says what the
 * build refused by file and field, in the words the owner reads (and on GitHub, on the file).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { describeField } from '../../src/content/field-labels.ts';
import { figureTable } from '../../src/content/figures.ts';
import { contentFiles } from '../../src/content/schemas.ts';
import { resolveFigureTokens } from '../../src/lib/figure-tokens.ts';
import { annotation, refusalsIn } from '../content/refusals.ts';
import { EVERY_PAGE, touchedPages } from '../content/touched-pages.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { siteContent } from '../../harness/site-content.ts';

const campaigns = { '/podcast': '/', '/spring': '/community' } as const;

describe('the pages a change touches', () => {
  it('a page’s own file: that page and the campaign pages built on it', () => {
    expect(touchedPages(['src/content/kit.yaml'], campaigns)).toEqual(['/', '/podcast']);
    expect(touchedPages(['src/content/community.yaml'], campaigns)).toEqual(['/community', '/spring']);
  });

  it('a campaign page’s file: that page; one removed: none', () => {
    expect(touchedPages(['src/content/campaigns/podcast.yaml'], campaigns)).toEqual(['/podcast']);
    expect(touchedPages(['src/content/campaigns/summer.yaml'], campaigns)).toEqual([]);
  });

  it('a file any page may show (the figures, a shared block, a picture, a split test): every page', () => {
    for (const file of [
      'src/content/offer.yaml',
      'src/content/faq.yaml',
      'src/content/meta.yaml',
      'src/content/experiments.yaml',
      'src/assets/uploads/photo.png',
    ]) {
      expect(touchedPages(['src/content/kit.yaml', file], campaigns), file).toBe(EVERY_PAGE);
    }
  });

  it('the editor’s own file: no page; an unknown change: every page', () => {
    expect(touchedPages(['editor/app/results/results.yaml'], campaigns)).toEqual([]);
    expect(touchedPages(undefined, campaigns)).toBe(EVERY_PAGE);
  });
});

/** The build's output for a price typed as text in offer.yaml, as Astro prints it (trimmed). */
const SCHEMA_REFUSAL = `13:07:37 [content] Syncing content
[InvalidContentEntryDataError] offer → src/content/offer.yaml data does not match collection schema.

  kit.price: ${describeField('offer', ['kit', 'price'])}: must be a number

  Hint:
    See https://docs.astro.build/en/guides/content-collections/ for more information on content schemas.
  Location:
    /work/site/src/content/offer.yaml:0:0
  Stack trace:
    at getEntryData (/work/site/node_modules/astro/dist/content/utils.js:126:9)`;

/** The error the build throws for a figure token that names nothing, as the figures module writes it. */
function tokenRefusal(): string {
  const fixture = readFileSync(join(PROJECT_ROOT, 'tests/fixtures/content/kit.yaml'), 'utf8');
  const kit = contentFiles.kit.zod.parse(parse(fixture));
  kit.hero.cta = 'Get the kit for {kit.prize}';
  try {
    resolveFigureTokens(kit, figureTable(siteContent.offer), 'src/content/kit.yaml', (path) =>
      describeField('kit', path),
    );
  } catch (error) {
    return `[ContentError] ${(error as Error).message}\n    at resolveFigureTokens (file:///work/site/src/lib/figure-tokens.ts:9:9)`;
  }
  throw new Error('The token that names nothing was taken.');
}

describe('what the build refused, by file and field', () => {
  it('a field against its schema: the file, and the field as the editor labels it', () => {
    expect(refusalsIn(SCHEMA_REFUSAL)).toEqual([
      {
        file: 'src/content/offer.yaml',
        message: 'Prices and figures → The Oh Sh*t Kit → Price (one-time, USD) (kit.price): must be a number',
      },
    ]);
  });

  it('a figure token that names nothing: the file and the field', () => {
    const [refusal, ...more] = refusalsIn(tokenRefusal());
    expect(more).toEqual([]);
    expect(refusal?.file).toBe('src/content/kit.yaml');
    expect(refusal?.message).toMatch(
      /^The kit page → Hero → Button \(hero\.cta\): \{kit\.prize\} names no figure/,
    );
  });

  it('a file the build cannot read at all: the file and the build’s own line', () => {
    const output =
      'Invalid YAML in src/content/faq.yaml: Nested mappings are not allowed in compact mappings at line 3';
    expect(refusalsIn(`\u001b[31m${output}\u001b[39m`)).toEqual([
      { file: 'src/content/faq.yaml', message: output },
    ]);
  });

  it('nothing, when the build failed for another reason', () => {
    expect(refusalsIn('[vite] Internal server error: Cannot find module ./missing.ts')).toEqual([]);
  });

  it('becomes an error annotation on the file on GitHub, its text escaped as the runner reads it', () => {
    expect(annotation({ file: 'src/content/campaigns/a,b.yaml', message: '100% wrong\nsee: here' })).toBe(
      '::error file=src/content/campaigns/a%2Cb.yaml::100%25 wrong%0Asee: here',
    );
    expect(annotation({ message: 'Browser tests failed:\n  [phone] › …' })).toBe(
      '::error::Browser tests failed:%0A  [phone] › …',
    );
  });
});
