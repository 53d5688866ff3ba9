/**
 * Figures the site computes from offer.yaml, and the table of every figure a token in the copy
 * may name. Pure: no content collection is read here.
 */
import { siteNames } from '../config/site-names.ts';
import { formatFigure, formatUsd, type Figure, type FigureTable } from '../lib/figure-tokens.ts';
import type { EditorField } from './fields.ts';
import { contentFiles, type Offer } from './schemas.ts';

/** Figures computed from offer.yaml, never typed into a data file. Copy names them `{computed.…}`. */
export function computedFigures(offer: Offer) {
  const separateMonthlyTotal = offer.serviceCosts.reduce((sum, row) => sum + row.monthlyPrice, 0);
  const monthlySaving = separateMonthlyTotal - offer.plans.paid.pricePerMonth;
  return {
    /** The paid plan's bill each billing period ($300 a quarter). */
    paidQuarterlyPrice: offer.plans.paid.pricePerMonth * offer.plans.paid.billingMonths,
    /** The virtual office's tools bought one by one ($412 a month). */
    separateMonthlyTotal,
    /** That total less the paid membership ($312 a month). */
    monthlySaving,
    yearlySaving: monthlySaving * 12,
    /** Drivers across both engines of the assessment. */
    driverCount: offer.assessment.driversPerEngine * 2,
  };
}

/** The pricing table's "bought separately" comparison, formatted for the page. */
export function comparisonFigures(offer: Offer) {
  const computed = computedFigures(offer);
  return {
    rows: offer.serviceCosts.map((row) => ({ ...row, price: formatUsd(row.monthlyPrice) })),
    total: formatUsd(computed.separateMonthlyTotal),
    membership: formatUsd(offer.plans.paid.pricePerMonth),
    monthlySaving: formatUsd(computed.monthlySaving),
    yearlySaving: formatUsd(computed.yearlySaving),
  };
}
export type ComparisonFigures = ReturnType<typeof comparisonFigures>;

const COMPUTED_FORMATS: Record<keyof ReturnType<typeof computedFigures>, Figure['format']> = {
  paidQuarterlyPrice: 'money',
  separateMonthlyTotal: 'money',
  monthlySaving: 'money',
  yearlySaving: 'money',
  driverCount: 'number',
};

/** Every figure a token may name: each field of offer.yaml, the computed figures and the site's names. */
export function figureTable(offer: Offer): FigureTable {
  const table = new Map<string, Figure>();
  collectFigures(offer, contentFiles.offer.editor, '', table);
  for (const [name, value] of Object.entries(computedFigures(offer))) {
    const format = COMPUTED_FORMATS[name as keyof typeof COMPUTED_FORMATS];
    table.set(`computed.${name}`, {
      value: formatFigure(value, format === 'text' ? 'number' : format),
      format,
    });
  }
  table.set('site.brand', { value: siteNames.brand, format: 'text' });
  table.set('site.product', { value: siteNames.product, format: 'text' });
  return table;
}

function collectFigures(value: unknown, field: EditorField, path: string, table: Map<string, Figure>): void {
  if (field.kind === 'object' && value && typeof value === 'object') {
    for (const [key, child] of Object.entries(field.fields)) {
      collectFigures((value as Record<string, unknown>)[key], child, path ? `${path}.${key}` : key, table);
    }
  } else if (field.kind === 'list' && Array.isArray(value)) {
    value.forEach((item, index) => collectFigures(item, field.item, `${path}.${index}`, table));
  } else if (field.kind === 'number' && typeof value === 'number') {
    table.set(path, { value: formatFigure(value, field.format), format: field.format });
  } else if (typeof value === 'string') {
    table.set(path, { value, format: 'text' });
  }
}
