/**
 * The results view's figures: a chart for the eye and, under it, the same figures as a table for
 * a screen reader and for anyone who wants the numbers (the chart itself is hidden from assistive
 * technology: the table says it all). Plain HTML that wraps to a phone's width: no table is wider
 * than 375 px, nothing scrolls sideways.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { PageSections, PageVitals, TestFigures, VitalName } from '../../../runtime/results/wire.ts';

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
  caption: { textAlign: 'left', fontWeight: 600, padding: '0.25rem 0' },
  track: { position: 'relative', height: '0.9rem', background: 'rgba(127,127,127,0.18)', borderRadius: 3 },
  bar: { position: 'absolute', top: 0, bottom: 0, background: '#2f6fde', borderRadius: 3 },
  span: { position: 'absolute', top: '0.35rem', height: '0.2rem', background: 'currentColor' },
  label: { fontSize: '0.8rem', marginBottom: '0.15rem' },
  // A column's name breaks between words only ("Visitors", not "Visitor-s").
  heading: { overflowWrap: 'normal', fontSize: '0.8rem' },
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

export function TestTable({ test }: { test: TestFigures }) {
  return (
    <>
      <RateChart test={test} />
      <table style={styles.table}>
        <caption style={styles.caption}>{test.id}: each variant over the last 90 days</caption>
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
              {th(variant.id, false, 'row')}
              {td(whole(variant.visitors))}
              {td(whole(variant.conversions))}
              {td(
                `${percent(variant.rate)} (${percent(variant.interval[0])} to ${percent(variant.interval[1])})`,
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function SectionTable({ page }: { page: PageSections }) {
  const top = Math.max(...page.sections.map((row) => row.count), 1);
  const unit = page.unit === 'visitors' ? 'Visitors who clicked' : 'Clicks';
  return (
    <>
      <div aria-hidden="true">
        {page.sections.map((row) => (
          <div key={row.section} style={{ marginBottom: '0.3rem' }}>
            <div style={styles.label}>{row.section}</div>
            <div style={styles.track}>
              <div style={{ ...styles.bar, left: 0, width: `${(row.count / top) * 100}%` }} />
            </div>
          </div>
        ))}
      </div>
      <table style={styles.table}>
        <caption style={styles.caption}>{page.page}: calls to action by section</caption>
        <thead>
          <tr>
            {th('Section')}
            {th(unit, true)}
          </tr>
        </thead>
        <tbody>
          {page.sections.map((row) => (
            <tr key={row.section}>
              {th(row.section, false, 'row')}
              {td(whole(row.count))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const DEVICE = { phone: 'Phones', desktop: 'Desktops' } as const;
const p75 = (name: VitalName, value: number) =>
  name === 'CLS' ? value.toFixed(2) : `${(value / 1000).toFixed(2)} s`;
const PASS = 0.75;

export function VitalsTable({ entry }: { entry: PageVitals }) {
  const rows = (['LCP', 'INP', 'CLS'] as const).flatMap((name) => {
    const figure = entry.metrics[name];
    return figure ? [[name, figure] as const] : [];
  });
  return (
    <table style={styles.table}>
      <caption style={styles.caption}>
        {entry.page}, {DEVICE[entry.device].toLowerCase()}
      </caption>
      <thead>
        <tr>
          {th('Measure')}
          {th('Rated good', true)}
          {th('p75', true)}
          {th('Readings', true)}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, figure]) => (
          <tr key={name}>
            {th(name, false, 'row')}
            {td(
              <>
                {percent(figure.good, 0)} {figure.good >= PASS ? '(passes)' : '(below 75%)'}
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
  );
}
