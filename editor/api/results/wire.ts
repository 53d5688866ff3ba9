/**
 * What the editor's results API answers (results-api.ts), as types only: the one file of runtime/
 * the browser editor's view (editor/app/results/) may import, for the shape of what it draws.
 */

export interface Rate {
  visitors: number;
  conversions: number;
}

export interface Verdict {
  /** "plain-question converts better, 97% likely", or "not enough visitors yet: about N more per variant". */
  text: string;
  /** The better variant's id, when the report is confident. */
  winner?: string;
  chance: number;
}

export interface PageSections {
  page: string;
  /** Plausible counts visitors who clicked; Umami counts clicks. */
  unit: 'visitors' | 'clicks';
  sections: { section: string; count: number }[];
}

export type Provider = 'plausible' | 'umami';
export type VitalName = 'LCP' | 'INP' | 'CLS';
export type Device = 'phone' | 'desktop';

export interface VitalFigure {
  /** Readings counted. */
  samples: number;
  /** The share rated good (Google's pass mark: 75%). */
  good: number;
  /** The 75th percentile: milliseconds, or CLS's score. */
  p75: number;
}

export interface PageVitals {
  page: string;
  device: Device;
  metrics: Partial<Record<VitalName, VitalFigure>>;
}

export type ResultsState =
  'ready' | 'no-provider' | 'no-key' | 'no-data' | 'unreachable' | 'refused' | 'failed';

export interface VariantFigures extends Rate {
  id: string;
  rate: number;
  interval: [number, number];
}

export interface TestFigures {
  id: string;
  variants: VariantFigures[];
  /** Each variant after the first against the first (the page as written). */
  verdicts: Verdict[];
}

export interface ResultsAnswer {
  state: ResultsState;
  /** One sentence saying what to do, for every state but ready. */
  message?: string;
  provider?: Provider;
  days: number;
  tests: TestFigures[];
  sections: PageSections[];
  vitals: PageVitals[];
}
