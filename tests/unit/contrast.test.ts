// @vitest-environment node
/** The design tokens' text/background pairs meet WCAG 2.2 AA (4.5:1 for text). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');
const tokens = Object.fromEntries(
  [...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]),
);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** [text, background] pairs the components use. */
const PAIRS: [string, string][] = [
  ['ink', 'paper'],
  ['ink', 'paper-2'],
  ['ink', 'paper-3'],
  ['muted', 'paper'],
  ['muted', 'paper-2'],
  ['accent-ink', 'paper'],
  ['accent-ink', 'paper-2'],
  ['accent-ink', 'accent-soft'],
  ['paper', 'ink'],
  ['paper', 'ink-2'],
  ['paper', 'ink-3'],
  ['muted-dark', 'ink'],
  ['muted-dark', 'ink-2'],
  ['accent', 'ink'],
  ['accent', 'ink-2'],
  ['ink', 'accent'],
  ['ink', 'accent-strong'],
  ['success', 'paper'],
  ['danger', 'paper'],
];

describe('colour contrast of the design tokens', () => {
  it.each(PAIRS)('%s on %s is at least 4.5:1', (text, background) => {
    expect(tokens[text], `token --color-${text}`).toBeDefined();
    expect(tokens[background], `token --color-${background}`).toBeDefined();
    expect(contrast(tokens[text]!, tokens[background]!)).toBeGreaterThanOrEqual(4.5);
  });
});
