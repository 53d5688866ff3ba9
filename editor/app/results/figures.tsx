/**
 * The results view's figures, in the page's words: each block under a heading that says what
 * follows, then a chart for the eye and the same figures as a table for a screen reader and for
 * anyone who wants the numbers (the chart itself is hidden from assistive technology: the table,
 * named by the heading above it, says it all). A section is named as the owner titled it, a
 * variant with the words it tests, each measure of speed by what it means, and the share of good
 * visits against Google's pass mark in words. Plain HTML that wraps to a phone's width: no table
 * is wider than 375 px, nothing scrolls sideways.
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import { CLSThresholds, INPThresholds, LCPThresholds } from 'web-vitals';
import type { PageSections, PageVitals, TestFigures, VitalName } from '../../api/results/wire.ts';
import { pageInWords, sectionInWords } from '../page-words.ts';

export const percent = (share: number, digits = 1) => `${(share * 100).toFixed(digits)}%`;
const whole = (count: number) => count.toLocaleString('en-US');

export const styles = {
  table: { borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem', margin: '0.5rem 0 1rem' },
  cell: {
    textAlign: 'left',
    padding: '0.35rem 0.4rem',
    borderBottom: '1px solid rgba(127,127,127,0.35)',
    verticalAlign: 'top',
    overflowWrap: 'anywhere',
  },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  blockHeading: { fontSize: '0.95rem', fontWeight: 600, margin: '1rem 0 0.25rem' },
  track: { position: 'relative', height: '0.9rem', background: 'rgba(127,127,127,0.18)', borderRadius: 3 },
  bar: { position: 'absolute', top: 0, bottom: 0, background: '#2f6fde', borderRadius: 3 },
  span: { position: 'absolute', top: '0.35rem', height: '0.2rem', background: 'currentColor' },
  label: { fontSize: '0.8rem', marginBottom: '0.15rem' },
  // A column's name breaks between words only ("Visitors", not "Visitor-s").
  heading: { overflowWrap: 'normal', fontSize: '0.8rem' },
  // Words under a row's name: a variant's words, a measure's meaning.
  aside: { display: 'block', fontWeight: 400, fontSize: '0.8rem' },
} satisfies Record<string, CSSProperties>;

const th = (text: ReactNode, numeric = false, scope: 'col' | 'row' = 'col') => (
  <th
    scope={scope}
    style={{ ...styles.cell, ...(numeric ? styles.number : {}), ...(scope === 'col' ? styles.heading : {}) }}
  >
    {text}
  </th>
);
const td = (text: ReactNode, numeric = true) => (
  <td style={{ ...styles.cell, ...(numeric ? styles.number : {}) }}>{text}</td>
);

/** A heading (an h3, or an h4 inside a split test's), then what it heads: a chart (for the eye) and the table it names. */
function Block({
  title,
  level = 3,
  chart,
  table,
}: {
  title: string;
  level?: 3 | 4;
  chart?: ReactNode;
  table: (id: string) => ReactNode;
}) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <>
      <Heading id={id} style={styles.blockHeading}>
        {title}
      </Heading>
      {chart}
      {table(id)}
    </>
  );
}

/** Bars of rates with their 95% intervals, on one scale (the highest interval's top). */
function RateChart({ test }: { test: TestFigures }) {
  const top = Math.max(...test.variants.map((variant) => variant.interval[1]), 0.01);
  const at = (share: number) => `${(share / top) * 100}%`;
  return (
    <div aria-hidden="true" style={{ margin: '0.5rem 0' }}>
      {test.variants.map((variant) => (
        <div key={variant.id} style={{ marginBottom: '0.4rem' }}>
          <div style={styles.label}>
            {variant.id}: {percent(variant.rate)}
          </div>
          <div style={styles.track}>
            <div style={{ ...styles.bar, left: 0, width: at(variant.rate), opacity: 0.75 }} />
            <div
              style={{
                ...styles.span,
                left: at(variant.interval[0]),
                width: `calc(${at(variant.interval[1])} - ${at(variant.interval[0])})`,
              }}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

/** What each variant of a test shows its visitors: the page as written, or its words ("Hero → Headline: “…”"). */
export type VariantWords = Record<string, string>;

export function TestTable({ test, words }: { test: TestFigures; words: VariantWords }) {
  return (
    <Block
      title={`${test.id}: each variant since the test started`}
      level={4}
      chart={<RateChart test={test} />}
      table={(id) => (
        <table style={styles.table} aria-labelledby={id}>
          <thead>
            <tr>
              {th('Variant')}
              {th('Visitors', true)}
              {th('Converted', true)}
              {th('Rate (95% interval)', true)}
            </tr>
          </thead>
          <tbody>
            {test.variants.map((variant) => (
              <tr key={variant.id}>
                {th(
                  <>
                    {variant.id}
                    {words[variant.id] && <span style={styles.aside}>{words[variant.id]}</span>}
                  </>,
                  false,
                  'row',
                )}
                {td(whole(variant.visitors))}
                {td(whole(variant.conversions))}
                {td(
                  `${percent(variant.rate)} (${percent(variant.interval[0])} to ${percent(variant.interval[1])})`,
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

export function SectionTable({ page }: { page: PageSections }) {
  const top = Math.max(...page.sections.map((row) => row.count), 1);
  const unit = page.unit === 'visitors' ? 'Visitors who clicked' : 'Clicks';
  const named = page.sections.map((row) => ({ ...row, name: sectionInWords(page.page, row.section) }));
  return (
    <Block
      title={`Calls to action on ${pageInWords(page.page)}, by section`}
      chart={
        <div aria-hidden="true">
          {named.map((row) => (
            <div key={row.section} style={{ marginBottom: '0.3rem' }}>
              <div style={styles.label}>{row.name}</div>
              <div style={styles.track}>
                <div style={{ ...styles.bar, left: 0, width: `${(row.count / top) * 100}%` }} />
              </div>
            </div>
          ))}
        </div>
      }
      table={(id) => (
        <table style={styles.table} aria-labelledby={id}>
          <thead>
            <tr>
              {th('Section')}
              {th(unit, true)}
            </tr>
          </thead>
          <tbody>
            {named.map((row) => (
              <tr key={row.section}>
                {th(row.name, false, 'row')}
                {td(whole(row.count))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** Google's pass mark: a page passes a measure when this share of its visits is rated good. */
export const PASS = 0.75;

const seconds = (ms: number) => `${ms / 1000} s`;
/** Each measure in one plain sentence, with Google's bound of good (web-vitals' own thresholds). */
export const MEASURES: Record<VitalName, { short: string; sentence: string }> = {
  LCP: {
    short: 'main content shown',
    sentence: `LCP: how long the main content takes to show; good is under ${seconds(LCPThresholds[0])}.`,
  },
  INP: {
    short: 'answer to a tap',
    sentence: `INP: how fast the page answers a tap or a click; good is under ${INPThresholds[0]} ms.`,
  },
  CLS: {
    short: 'things moving',
    sentence: `CLS: how much things jump about as the page loads, a score; good is under ${CLSThresholds[0]}.`,
  },
};

/** The share of good visits against the pass mark, in words: "81% of visits good: passes the 75% mark". */
export function passInWords(good: number): string {
  const mark = percent(PASS, 0);
  return good >= PASS
    ? `${percent(good, 0)} of visits good: passes the ${mark} mark`
    : `${percent(good, 0)} of visits good: below the ${mark} mark`;
}

const DEVICE = { phone: 'phones', desktop: 'desktops' } as const;
const p75 = (name: VitalName, value: number) =>
  name === 'CLS' ? value.toFixed(2) : `${(value / 1000).toFixed(2)} s`;

export function VitalsTable({ entry }: { entry: PageVitals }) {
  const rows = (['LCP', 'INP', 'CLS'] as const).flatMap((name) => {
    const figure = entry.metrics[name];
    return figure ? [[name, figure] as const] : [];
  });
  return (
    <Block
      title={`${pageInWords(entry.page, true)}, on ${DEVICE[entry.device]}`}
      table={(id) => (
        <table style={styles.table} aria-labelledby={id}>
          <thead>
            <tr>
              {th('Measure')}
              {th('Visits rated good', true)}
              {th('p75', true)}
              {th('Readings', true)}
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, figure]) => (
              <tr key={name}>
                {th(
                  <>
                    {name}
                    <span style={styles.aside}>{MEASURES[name].short}</span>
                  </>,
                  false,
                  'row',
                )}
                {td(
                  <>
                    {passInWords(figure.good)}
                    <span
                      aria-hidden="true"
                      style={{ ...styles.track, display: 'block', marginTop: '0.2rem', height: '0.4rem' }}
                    >
                      <span
                        style={{
                          ...styles.bar,
                          left: 0,
                          width: percent(figure.good),
                          background: figure.good >= PASS ? '#1c7c54' : '#b3261e',
                        }}
                      />
                    </span>
                  </>,
                )}
                {td(p75(name, figure.p75))}
                {td(whole(figure.samples))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
