/**
 * Figures inside copy. Copy quotes a price or business figure by a token such as `{kit.price}`,
 * replaced at build by the figure, formatted the way the site writes it ($497, 30%, 90). A token
 * that names no figure, or a figure typed literally where a token exists, is an error that names
 * the data file and the field, so a price changed in one place changes everywhere.
 */

export type FigureFormat = 'money' | 'percent' | 'number';

/** A figure a token may name, already formatted for copy. */
export interface Figure {
  value: string;
  /** Money and percentages are checked for literal copies: "$497" in copy must be `{kit.price}`. */
  format: FigureFormat | 'text';
}

export type FigureTable = ReadonlyMap<string, Figure>;

/** Whole dollars the way the copy shows them: $497, $3,744. */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

export function formatFigure(value: number, format: FigureFormat): string {
  if (format === 'money') return formatUsd(value);
  if (format === 'percent') return `${value}%`;
  return String(value);
}

export class ContentError extends Error {
  /** Each problem on its own, as the message lists them: the live preview refuses a section by them. */
  readonly problems: readonly string[];

  constructor(file: string, problems: string[]) {
    super(`Invalid content in ${file}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ContentError';
    this.problems = problems;
  }
}

const TOKEN = /\{([A-Za-z][\w.]*)\}/g;

/** How a problem names the field it is in: by default its dotted path (`hero.cta`, `roi.points.1`). */
export type DescribePath = (path: readonly (string | number)[]) => string;

const dotted: DescribePath = (path) => path.join('.');

/**
 * What is wrong with one piece of copy: each unknown token and each figure typed literally where a
 * token exists. The build (resolveFigureTokens) and the browser editor's fields both ask this, so
 * they refuse the same text with the same words.
 */
export function figureProblems(text: string, figures: FigureTable): string[] {
  const problems: string[] = [];
  for (const { pattern, tokens } of literalPatterns(figures)) {
    const found = text.replace(TOKEN, '').match(pattern);
    if (found) problems.push(`"${found[0]}" is typed as a figure; write ${tokens.join(' or ')} instead`);
  }
  for (const [whole, name] of text.matchAll(TOKEN)) {
    if (!figures.has(name!))
      problems.push(`${whole} names no figure (the names are listed in Prices and figures)`);
  }
  return problems;
}

/**
 * Returns `data` with every token in every string replaced by its figure. Throws one error for the
 * whole file, naming each field with an unknown token or a literal figure.
 */
export function resolveFigureTokens<T>(
  data: T,
  figures: FigureTable,
  file: string,
  describe: DescribePath = dotted,
): T {
  const problems: string[] = [];

  function walk(value: unknown, path: (string | number)[]): unknown {
    if (typeof value === 'string') return resolveString(value, path);
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index]));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key])]),
      );
    }
    return value;
  }

  function resolveString(text: string, path: (string | number)[]): string {
    for (const problem of figureProblems(text, figures)) problems.push(`${describe(path)}: ${problem}`);
    return showsAs(text, figures);
  }

  const resolved = walk(data, []) as T;
  if (problems.length > 0) throw new ContentError(file, problems);
  return resolved;
}

/** `text` as the page prints it: each token replaced by its figure (an unknown token is left as typed). */
export function showsAs(text: string, figures: FigureTable): string {
  return text.replace(TOKEN, (whole, name: string) => figures.get(name)?.value ?? whole);
}

/** Whether `text` quotes a figure by a token. */
export function hasToken(text: string): boolean {
  return /\{[A-Za-z][\w.]*\}/.test(text);
}

type LiteralPattern = { pattern: RegExp; tokens: string[] };
// The editor asks about every field at each keystroke and Save: the patterns are made once per table.
const patternsByTable = new WeakMap<FigureTable, LiteralPattern[]>();

function literalPatterns(figures: FigureTable): LiteralPattern[] {
  let patterns = patternsByTable.get(figures);
  if (!patterns) {
    patterns = makeLiteralPatterns(figures);
    patternsByTable.set(figures, patterns);
  }
  return patterns;
}

/** One pattern per distinct money or percent figure, with the tokens that write it. */
function makeLiteralPatterns(figures: FigureTable): LiteralPattern[] {
  const byValue = new Map<string, string[]>();
  for (const [name, figure] of figures) {
    if (figure.format !== 'money' && figure.format !== 'percent') continue;
    // A zero ($0, 0%) is too common in ordinary words ("$0 down") to police.
    if (figure.value === formatFigure(0, figure.format)) continue;
    byValue.set(figure.value, [...(byValue.get(figure.value) ?? []), `{${name}}`]);
  }
  return [...byValue].map(([value, tokens]) => ({ pattern: literalPattern(value), tokens }));
}

/** `value` (a formatted figure) typed as a whole figure: "$100" not inside "$1000" or "$100.50", nor "30%" inside "130%". */
function literalPattern(value: string): RegExp {
  return new RegExp(`(?<![\\d.,$])${escapeRegExp(value)}(?![\\d]|[.,]\\d|[kKmM]\\b)`);
}

/**
 * The first piece of copy in `texts` that types `value` (a money or percent figure as the site
 * writes it) as plain text, outside its tokens. A figure given that value would make the build
 * refuse that copy ("typed as a figure"), so the editor refuses the value first. Zero is never
 * policed, as in the copy.
 */
export function copyTypingFigure(
  value: number,
  format: FigureFormat,
  texts: Iterable<string>,
): string | undefined {
  if (format === 'number' || value === 0) return undefined;
  const pattern = literalPattern(formatFigure(value, format));
  for (const text of texts) if (pattern.test(text.replace(TOKEN, ''))) return text;
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
