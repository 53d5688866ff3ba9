/**
 * How copy quotes a price or business figure, said once at the top of a page's form (not under
 * every field): write the figure's name in braces, never the figure, so a price changed in Prices
 * and figures changes everywhere. The figures follow, with their values as the editor opened.
 * Under each figure of Prices and figures, the name copy quotes it by (`In copy: {kit.price}`).
 * A name breaks across lines only after a dot, never inside a word, in the narrowest column.
 */
import type { BasicFormField, ComponentSchema } from '@keystatic/core';
import { Notice } from '@keystar/ui/notice';
import { Content } from '@keystar/ui/slots';
import { Heading, Text } from '@keystar/ui/typography';
import { Fragment } from 'react';
import type { FigureTable } from '../../src/lib/figure-tokens.ts';
import { around } from './fields.tsx';

/** `{cashflowTargets.cashReserveMonths}`, free to break after each dot and nowhere else. */
function FigureName({ name }: { name: string }) {
  return (
    <span style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {'{'}
      {name.split('.').map((part, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              .<wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
      {'}'}
    </span>
  );
}

/** A figure's field with the name copy quotes it by under it (`In copy: {kit.price}`). */
export function quotedAs(field: ComponentSchema, token: string): ComponentSchema {
  return around(field, (input) => (
    <>
      {input}
      <Text size="small" color="neutralSecondary" UNSAFE_style={{ display: 'block', marginTop: 6 }}>
        In copy: <FigureName name={token} />
      </Text>
    </>
  ));
}

/** The hint's field: it holds and writes nothing. */
export function figuresHint(figures: FigureTable | undefined): BasicFormField<null> {
  const price = figures?.get('kit.price')?.value;
  function Hint() {
    return (
      <Notice tone="neutral">
        <Heading>Figures by name</Heading>
        <Content>
          <Text>
            {`Copy quotes a price or a figure by its name in braces: write {kit.price}${price ? `, not ${price}` : ''}. Under each such field, "Shows as" gives the words as the page prints them. The figures are set in Prices and figures.`}
          </Text>
          <details>
            <summary style={{ cursor: 'pointer', marginTop: 8 }}>
              {/* In the editor's typeface: the summary's own is the browser's (a serif). */}
              <Text>{`The figures and their current values (${figures?.size ?? 0})`}</Text>
            </summary>
            <ul data-figures-list="">
              {[...(figures ?? [])].map(([name, figure]) => (
                <li key={name}>
                  <Text>
                    <FigureName name={name} /> = {figure.value}
                  </Text>
                </li>
              ))}
            </ul>
          </details>
        </Content>
      </Notice>
    );
  }
  return {
    kind: 'form',
    label: 'Figures by name',
    Input: Hint,
    defaultValue: () => null,
    parse: () => null,
    serialize: () => ({ value: undefined }),
    validate: (value) => value,
    reader: { parse: () => null },
  };
}
