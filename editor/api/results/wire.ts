/**
 * What the editor's results API answers (results-api.ts), as types only: the one file of runtime/
 * the browser editor's view (editor/app/results/) may import, for the shape of what it draws.
 */

export interface Rate {
  visitors: number;
  conversions: number;
}

import type { TestVerdict } from './sequential.ts';

export type { TestVerdict };

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
  /** The days counted: from the test's start (or its variants' last change) to its end or today. */
  from?: string;
  to: string;
  days: number;
  smallestLift: number;
  /** Each variant after the first against the first (the page as written), as one verdict. */
  verdict: TestVerdict;
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
