/**
 * The browser tests take the words and figures they expect from the owner's content
 * (harness/site-content.ts), never type them: an owner's edit in the editor must not turn
 * the suite red. This reads every browser test's source for the owner's own sentences and prices
 * as the pages show them. `npm run test:owner-edits` proves the same by running the tests that
 * read the content against an edited copy; this check covers every other test file at no cost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import { formatUsd, siteContent } from '../../harness/site-content.ts';
import { INDEXED_CAMPAIGN, SAMPLE_CAMPAIGN } from '../support/campaign-build.ts';
import { VARIANT_WORDS } from '../support/experiment-sample.ts';
import { SAMPLE_EXPERIMENT } from '../../harness/sample-experiment.ts';

/** Every folder of browser and HTTP tests: all of tests/ but the unit tests and shared helpers. */
const TEST_FOLDERS = readdirSync(join(PROJECT_ROOT, 'tests'), { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && !['unit', 'support', 'checkers', 'owner-edits'].includes(entry.name),
  )
  .map((entry) => `tests/${entry.name}`);

/**
 * Shorter strings are names a test may share with the page by contract (a section's id, a
 * button's role name the component itself writes), not the owner's sentences.
 */
const SHORTEST_SENTENCE = 16;

/** Every string the owner wrote, as the pages show it (figures resolved), long enough to be copy. */
function ownerSentences(value: unknown): string[] {
  if (typeof value === 'string') return value.length >= SHORTEST_SENTENCE && /\s/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(ownerSentences);
  if (value && typeof value === 'object') return Object.values(value).flatMap(ownerSentences);
  return [];
}

/** Every sum of money in the offer, written as the pages write it ($497, $50,000). */
function ownerPrices(value: unknown, key = ''): string[] {
  if (typeof value === 'number')
    return /price|fee|value|cost|amount|saving/i.test(key) ? [formatUsd(value)] : [];
  if (Array.isArray(value)) return value.flatMap((item) => ownerPrices(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([inner, child]) => ownerPrices(child, inner));
  }
  return [];
}

function testFiles(): string[] {
  return TEST_FOLDERS.flatMap((folder) =>
    readdirSync(join(PROJECT_ROOT, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
}

/** Where `text` quotes a sentence or a price: a price only as a whole figure ($497 is not in $4970). */
function quotes(text: string, sentences: string[], prices: string[]): string[] {
  const found = sentences.filter((sentence) => text.includes(sentence));
  for (const price of new Set(prices)) {
    const whole = new RegExp(`${price.replace(/[$.]/g, '\\$&')}(?![\\d,])`);
    if (whole.test(text)) found.push(price);
  }
  return found;
}

/**
 * The suite's own sample words (the sample split test's and campaign pages' words, written once
 * and reused by the tests that write them as their input). The owner's guide shows the sample
 * split test as its example, so an owner may well promote its words into the page: a test that
 * writes them writes its own input, not the owner's words.
 */
const SAMPLE_WORDS = new Set(
  ownerSentences([SAMPLE_EXPERIMENT, SAMPLE_CAMPAIGN.file, INDEXED_CAMPAIGN.file, VARIANT_WORDS]),
);

const { offer, ...copy } = siteContent;
const sentences = [...new Set(ownerSentences(copy))].filter((sentence) => !SAMPLE_WORDS.has(sentence));
const prices = ownerPrices(offer);

describe('the browser tests type none of the owner’s words or prices', () => {
  it('reads the owner’s sentences and prices, and finds the tests', () => {
    expect(sentences.length).toBeGreaterThan(100);
    expect(prices.length).toBeGreaterThan(10);
    expect(testFiles().length).toBeGreaterThan(20);
  });

  it('no browser test quotes them', () => {
    const found = testFiles().flatMap((file) =>
      quotes(readFileSync(file, 'utf8'), sentences, prices).map(
        (quoted) => `${relative(PROJECT_ROOT, file)}: "${quoted}"`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('catches a headline or a price typed into a test', () => {
    // The kit's headline, unless the owner took the sample's words for it: then another sentence of theirs.
    const headline =
      sentences.find((sentence) => sentence === siteContent.kit.hero.headline) ?? sentences[0]!;
    const price = formatUsd(siteContent.offer.kit.price);
    expect(quotes(`await expect(h1).toHaveText('${headline}');`, sentences, prices)).toEqual([headline]);
    expect(quotes(`expect(bar).toContainText('${price}')`, sentences, prices)).toEqual([price]);
    expect(quotes(`expect(bar).toContainText('${price}0')`, sentences, prices)).toEqual([]);
  });
});
