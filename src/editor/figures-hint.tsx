/**
 * How copy quotes a price or business figure, said once at the top of a page's form (not under
 * every field): write the figure's name in braces, never the figure, so a price changed in Prices
 * and figures changes everywhere. The figures follow, with their values as the editor opened.
 */
import type { BasicFormField } from '@keystatic/core';
import { Notice } from '@keystar/ui/notice';
import { Content } from '@keystar/ui/slots';
import { Heading, Text } from '@keystar/ui/typography';
import type { FigureTable } from '../lib/figure-tokens.ts';

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
              {`The figures and their current values (${figures?.size ?? 0})`}
            </summary>
            <ul data-figures-list="">
              {[...(figures ?? [])].map(([name, figure]) => (
                <li key={name}>
                  <Text>{`{${name}} = ${figure.value}`}</Text>
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
