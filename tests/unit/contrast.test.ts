/**
 * Colour contrast, read from the stylesheet: on every surface (light, muted, dark) each text role
 * meets WCAG 2.2 AA (4.5:1) on the surface, its cards and its raised fills, and the focus ring and
 * ticks stand out by 3:1; the palette's fixed pairs (ink on the amber button) meet 4.5:1 too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');

const palette = Object.fromEntries(
  [...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]),
);

/** The declarations of every rule whose selector list names `selector`, in file order. */
function declarations(selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const rule of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = rule[1]!
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((s) => s.trim());
    if (!selectors.includes(selector)) continue;
    for (const d of rule[2]!.matchAll(/(--[\w-]+):\s*([^;]+);/g)) found[d[1]!] = d[2]!.trim();
  }
  return found;
}

/** A role's colour on a surface, as a hex, following `var(--color-…)` into the palette. */
function roles(surface: 'light' | 'muted' | 'dark'): Record<string, string> {
  const values = { ...declarations(':root'), ...declarations(`[data-surface='${surface}']`) };
  return Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name.slice(2), /^var\(--color-([\w-]+)\)$/.exec(value)?.[1]] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
      .map(([name, colour]) => [name, palette[colour]!]),
  );
}

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

/** [foreground role, background role, the least ratio]: every pairing the components write. */
const ROLE_PAIRS: [string, string, number][] = [
  ['surface-fg', 'surface', 4.5],
  ['surface-fg', 'card', 4.5],
  ['surface-fg', 'raised', 4.5],
  ['muted-fg', 'surface', 4.5],
  ['muted-fg', 'card', 4.5],
  ['muted-fg', 'raised', 4.5],
  ['accent-fg', 'surface', 4.5],
  ['accent-fg', 'card', 4.5],
  ['accent-fg', 'raised', 4.5],
  // The selected tab inverts the surface.
  ['surface', 'surface-fg', 4.5],
  ['action-fg', 'action', 4.5],
  ['action-fg', 'action-hover', 4.5],
  // Non-text: WCAG 1.4.11 asks 3:1 of a focus indicator and of an icon that carries meaning.
  ['focus-ring', 'surface', 3],
  ['focus-ring', 'card', 3],
  ['check', 'surface', 3],
  ['check', 'card', 3],
];

/** [text, background] palette pairs that stay the same on every surface. */
const FIXED_PAIRS: [string, string][] = [
  ['ink', 'accent'],
  ['ink', 'accent-strong'],
  ['accent-ink', 'accent-soft'],
  ['accent', 'ink'],
  ['danger', 'paper'],
  ['danger', 'paper-2'],
];

describe('colour contrast on every surface', () => {
  const surfaces = ['light', 'muted', 'dark'] as const;

  it('reads every role on every surface', () => {
    for (const surface of surfaces) {
      const found = roles(surface);
      for (const [fg, bg] of ROLE_PAIRS) {
        expect(found[fg], `${surface}: --${fg}`).toMatch(/^#/);
        expect(found[bg], `${surface}: --${bg}`).toMatch(/^#/);
      }
    }
    // The muted surface is the light one on a warmer paper.
    expect(roles('muted')['surface']).not.toBe(roles('light')['surface']);
    expect(roles('dark')['surface-fg']).not.toBe(roles('light')['surface-fg']);
  });

  describe.each(surfaces)('the %s surface', (surface) => {
    it.each(ROLE_PAIRS)('%s on %s is at least %s:1', (fg, bg, least) => {
      const found = roles(surface);
      expect(contrast(found[fg]!, found[bg]!)).toBeGreaterThanOrEqual(least);
    });
  });

  it.each(FIXED_PAIRS)('%s on %s (the same on every surface) is at least 4.5:1', (text, background) => {
    expect(palette[text], `--color-${text}`).toBeDefined();
    expect(palette[background], `--color-${background}`).toBeDefined();
    expect(contrast(palette[text]!, palette[background]!)).toBeGreaterThanOrEqual(4.5);
  });
});
