/**
 * The split test's dialog as the owner works it: a variant offers only the words of its test's
 * page, and the dialog links to the page and to each variant's preview (/variants/<test>/<variant>/,
 * served by `npm run edit` and by a branch preview once the test is saved).
 *
 * Keystatic gives each field its own value only; the test's Name and Page fields tell the fields
 * of its variants what they hold as they show (one test's dialog is open at a time).
 */
import type { BasicFormField, ComponentSchema, FormFieldInputProps } from '@keystatic/core';
import { Text } from '@keystar/ui/typography';
import { useSyncExternalStore, type ReactNode } from 'react';
import { testable } from '../content/schemas/experiments.ts';

const open = { test: '', page: '/' as keyof typeof testable };
const listeners = new Set<() => void>();
let version = 0;

function tell(change: Partial<typeof open>) {
  const next = { ...open, ...change };
  if (next.test === open.test && next.page === open.page) return;
  Object.assign(open, next);
  version += 1;
  // Told while a field renders: the others render again afterwards.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

function useOpenTest() {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
  return open;
}

type Value = NonNullable<unknown> | null;
type Leaf = BasicFormField<Value>;

/** `field` with `render` around its input (given the input and its props). */
function around(
  field: ComponentSchema,
  render: (input: ReactNode, props: FormFieldInputProps<Value>) => ReactNode,
): ComponentSchema {
  if (field.kind !== 'form') return field;
  const form = field as unknown as Leaf;
  const Base = form.Input;
  function Input(props: FormFieldInputProps<Value>) {
    return <>{render(<Base {...props} />, props)}</>;
  }
  return { ...form, Input } as unknown as ComponentSchema;
}

function Link({ href, children }: { href: string; children: string }) {
  return (
    <Text size="small" UNSAFE_style={{ display: 'block', marginTop: 6 }}>
      <a href={href} target="_blank" rel="noreferrer">
        {children}
      </a>
    </Text>
  );
}

/** The test's Name: told to its variants. */
export function testName(field: ComponentSchema): ComponentSchema {
  return around(field, (input, { value }) => {
    tell({ test: typeof value === 'string' ? value : '' });
    return input;
  });
}

/** The test's Page: told to its variants, with a link to open the page. */
export function testPage(field: ComponentSchema): ComponentSchema {
  return around(field, (input, { value }) => {
    const page = value === '/community' ? '/community' : '/';
    tell({ page });
    return (
      <>
        {input}
        <Link href={page}>{`Open the page (${page})`}</Link>
      </>
    );
  });
}

function VariantLink({ variant }: { variant: string }) {
  const { test } = useOpenTest();
  if (!test || !variant) return null;
  const href = `/variants/${test}/${variant}/`;
  return <Link href={href}>{`Preview this variant (${href}, once saved)`}</Link>;
}

/** A variant's Name, with a link to its preview. */
export function variantName(field: ComponentSchema): ComponentSchema {
  return around(field, (input, { value }) => (
    <>
      {input}
      <VariantLink variant={typeof value === 'string' ? value : ''} />
    </>
  ));
}

function OfThePage({ name, filled, children }: { name: string; filled: boolean; children: ReactNode }) {
  const { page } = useOpenTest();
  // Words for the other page still show, so the owner can clear what the Save would refuse.
  const offered = filled || testable[page].some(({ key }) => key === name);
  return offered ? <>{children}</> : null;
}

/** A variant's words field `name` ("hero.headline"): offered only when the test's page has it. */
export function variantWords(field: ComponentSchema, name: string): ComponentSchema {
  return around(field, (input, { value }) => (
    <OfThePage name={name} filled={typeof value === 'string' && value.trim() !== ''}>
      {input}
    </OfThePage>
  ));
}
