/** Figures inside copy: tokens become formatted figures, and mistakes name the file and the field. */
import { describe, expect, it } from 'vitest';
import {
  copyTypingFigure,
  formatFigure,
  resolveFigureTokens,
  type Figure,
} from '../../src/lib/figure-tokens.ts';

const figures = new Map<string, Figure>([
  ['kit.price', { value: '$497', format: 'money' }],
  ['kit.platformTrialValue', { value: '$100', format: 'money' }],
  ['plans.paid.pricePerMonth', { value: '$100', format: 'money' }],
  ['cashflowTargets.netProfitMinPercent', { value: '30%', format: 'percent' }],
  ['kit.analysisMinutes', { value: '10', format: 'number' }],
  ['site.product', { value: 'The Oh Sh*t Kit', format: 'text' }],
]);
const FILE = 'src/content/kit.yaml';

describe('resolveFigureTokens', () => {
  it('replaces every token, in nested objects and lists, with its formatted figure', () => {
    const data = {
      hero: {
        cta: 'Get {site.product} for {kit.price}',
        points: ['Under {kit.analysisMinutes} minutes', 'plain'],
      },
      price: 497,
    };
    expect(resolveFigureTokens(data, figures, FILE)).toEqual({
      hero: { cta: 'Get The Oh Sh*t Kit for $497', points: ['Under 10 minutes', 'plain'] },
      price: 497,
    });
  });

  it('stops on an unknown token, naming the file and the field path', () => {
    expect(() => resolveFigureTokens({ hero: { cta: 'Only {kit.prize}' } }, figures, FILE)).toThrow(
      /src\/content\/kit\.yaml:\n {2}- hero\.cta: \{kit\.prize\} names no figure/,
    );
  });

  it('stops on a figure typed literally where a token exists, and says which token to write', () => {
    expect(() =>
      resolveFigureTokens({ roi: { points: ['x', 'Yours for $497 today'] } }, figures, FILE),
    ).toThrow(/roi\.points\.1: "\$497" is typed as a figure; write \{kit\.price\} instead/);
    expect(() => resolveFigureTokens({ note: 'at least 30% net' }, figures, FILE)).toThrow(
      /\{cashflowTargets\.netProfitMinPercent\}/,
    );
    expect(() => resolveFigureTokens({ note: '$100 a month' }, figures, FILE)).toThrow(
      /write \{kit\.platformTrialValue\} or \{plans\.paid\.pricePerMonth\}/,
    );
  });

  it('lists every problem of a file at once', () => {
    try {
      resolveFigureTokens({ a: '{nope}', b: 'costs $497' }, figures, FILE);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(2);
    }
  });

  it('does not mistake a longer figure for a literal one', () => {
    const data = { a: 'owners of $100k+ businesses', b: '$4970 or $497.50', c: '130% growth', d: '$1,000' };
    expect(resolveFigureTokens(data, figures, FILE)).toEqual(data);
  });
});

describe('formatFigure', () => {
  it('writes money with a dollar sign and thousands separators, percentages with a sign, counts plain', () => {
    expect(formatFigure(3744, 'money')).toBe('$3,744');
    expect(formatFigure(0, 'money')).toBe('$0');
    expect(formatFigure(30, 'percent')).toBe('30%');
    expect(formatFigure(90, 'number')).toBe('90');
  });
});

describe('copyTypingFigure: a figure may not take a value the copy types as plain text', () => {
  const copy = [
    'Each $1 of profit adds value.',
    'Revenue $84,200, up 6.4% on {kit.price}',
    '{plans.paid.pricePerMonth} a month',
  ];

  it('finds the copy that types the value as a whole figure', () => {
    expect(copyTypingFigure(1, 'money', copy)).toBe(copy[0]);
    expect(copyTypingFigure(84200, 'money', copy)).toBe(copy[1]);
    expect(copyTypingFigure(6.4, 'percent', copy)).toBe(copy[1]);
  });

  it('ignores a longer figure, a token, zero and plain counts', () => {
    expect(copyTypingFigure(84, 'money', copy)).toBeUndefined();
    expect(copyTypingFigure(10, 'money', ['$100 a month', '$1,000'])).toBeUndefined();
    expect(copyTypingFigure(0, 'money', ['$0 down'])).toBeUndefined();
    expect(copyTypingFigure(1, 'number', copy)).toBeUndefined();
  });
});
