/**
 * Figures' names as the editor shows them: under each field of Prices and figures, the name copy
 * quotes it by, which breaks across lines only after a dot in the narrowest column (never
 * `{cashflowTargets.cashReserveM onths}`); and the figures' list at the top of a page's form, whose
 * summary is in the editor's typeface like the rest (not the browser's serif).
 */
import { KeystarProvider } from '@keystar/ui/core';
import type { BasicFormField } from '@keystatic/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import keystaticConfig from '../../editor/app/config.ts';

// The fields' inputs as the browser draws them (Node's build of Keystatic has none).
vi.mock('@keystatic/core', () => import('../../node_modules/@keystatic/core/dist/keystatic-core.js'));

const common = { autoFocus: false, forceValidation: false } as const;
type Group = { fields: Record<string, BasicFormField<number | null> & Group> };

describe('a figure’s name under its field', () => {
  it('reads as copy quotes it, and may break only after its dots', () => {
    const offer = keystaticConfig.singletons!['offer']!.schema as unknown as Group['fields'];
    const Field = offer['cashflowTargets']!.fields['cashReserveMonths']!.Input;
    render(
      <KeystarProvider>
        <Field value={2} onChange={() => {}} {...common} />
      </KeystarProvider>,
    );
    const line = screen.getByText(/^In copy:/);
    expect(line).toHaveTextContent('In copy: {cashflowTargets.cashReserveMonths}');
    const name = line.querySelector('span')!;
    expect(name).toHaveStyle({ wordBreak: 'normal', overflowWrap: 'normal' });
    // One break opportunity, after the one dot.
    expect(name.innerHTML).toBe('{cashflowTargets.<wbr>cashReserveMonths}');
  });
});

describe('the figures’ list at the top of a page’s form', () => {
  it('has its summary in the editor’s typeface', () => {
    const kit = keystaticConfig.singletons!['kit']!.schema as unknown as Record<string, BasicFormField<null>>;
    const Hint = kit['figuresHint']!.Input;
    render(
      <KeystarProvider>
        <Hint value={null} onChange={() => {}} {...common} />
      </KeystarProvider>,
    );
    const summary = document.querySelector('summary')!;
    expect(summary.firstElementChild).toHaveClass('kui:Text');
    expect(summary).toHaveTextContent(/^The figures and their current values \(\d+\)$/);
  });
});
