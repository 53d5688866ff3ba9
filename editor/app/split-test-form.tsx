/**
 * The split test's dialog as the owner works it: a variant offers only the words of its test's
 * page (a campaign page's: its base page's), and the dialog links to the page and to each
 * variant's preview (/variants/<test>/<variant>/, served by `npm run edit` and by a branch preview
 * once the test is saved).
 *
 * Keystatic gives each field its own value only; the test's Name and Page fields tell the fields
 * of its variants what they hold as they show (one test's dialog is open at a time).
 */
import type { BasicFormField, ComponentSchema } from '@keystatic/core';
import { Text } from '@keystar/ui/typography';
import { useSyncExternalStore, type ReactNode } from 'react';
import {
  basePageOf,
  isPageAddress,
  testable,
  type CampaignBases,
} from '../../src/content/schemas/experiments.ts';
import { around, FieldPlaceholder } from './fields.tsx';
import { currentWords } from './page-words.ts';
import { editorPlace, type PreviewTarget } from '../preview/form-page.ts';
import { previewAddress } from '../preview/panel.tsx';

/** The open test: its name, the page whose words its variants change, and its page's own address. */
const open = { test: '', page: '/' as keyof typeof testable, address: '/' };
const listeners = new Set<() => void>();
let version = 0;

function tell(change: Partial<typeof open>) {
  const next = { ...open, ...change };
  if (next.test === open.test && next.page === open.page && next.address === open.address) return;
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

type Leaf = BasicFormField<NonNullable<unknown> | null>;

/** The live preview of `target`, on the draft's branch in GitHub mode (the editor's server draws it in either mode). */
const previewOf = (target: PreviewTarget) => previewAddress(target, editorPlace(location.pathname).branch);

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

/**
 * The test's Page (a page of the site or a campaign page): told to its variants (as the page
 * whose words they change), with a link to its live preview. A file naming a campaign page the
 * editor does not know opens (the rules then say why a Save is refused) rather than failing.
 */
export function testPage(field: ComponentSchema, campaigns: CampaignBases): ComponentSchema {
  const shown = around(field, (input, { value }) => {
    const page = typeof value === 'string' ? value : '/';
    tell({ page: basePageOf(page, campaigns) ?? '/', address: page });
    return (
      <>
        {input}
        <Link href={previewOf({ page })}>{`Live preview of the page (${page})`}</Link>
      </>
    );
  });
  const form = shown as unknown as Leaf;
  const parse = (value: unknown) =>
    typeof value === 'string' && isPageAddress(value) ? value : form.parse(value as never);
  return { ...form, parse, reader: { parse } } as unknown as ComponentSchema;
}

/**
 * A day the editor records (Started, Ended, Variants changed while running), written YYYY-MM-DD.
 * Keystatic reads the file as YAML 1.1, where an unquoted 2026-12-02 is a date, not text: such a
 * day is read back as the text it was written as, so a file written by hand opens too.
 */
export function testDay(field: ComponentSchema): ComponentSchema {
  const form = field as unknown as Leaf;
  const parse = (value: unknown) =>
    value instanceof Date && !Number.isNaN(value.getTime())
      ? value.toISOString().slice(0, 10)
      : form.parse(value as never);
  return { ...form, parse, reader: { parse } } as unknown as ComponentSchema;
}

function VariantLink({ variant }: { variant: string }) {
  const { test, address } = useOpenTest();
  if (!test || !variant) return null;
  const href = previewOf({ page: address, test, variant });
  return <Link href={href}>{`Live preview of this variant (${variant} on ${address})`}</Link>;
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
  return (
    <OfferedOn page={page} name={name} filled={filled}>
      {children}
    </OfferedOn>
  );
}

/**
 * A words field (`hero.headline`) offered only when `page` has it, or while it holds words (which
 * the rules then refuse, so the owner can clear them), showing the page's own words.
 */
export function OfferedOn({
  page,
  name,
  filled,
  children,
}: {
  page: keyof typeof testable;
  name: string;
  filled: boolean;
  children: ReactNode;
}) {
  const offered = filled || testable[page].some(({ key }) => key === name);
  return offered ? (
    <AsOnThePage page={page} name={name}>
      {children}
    </AsOnThePage>
  ) : null;
}

/**
 * A words field of `page` (`hero.headline`), its empty box showing the page's own words
 * ("as on /: If your business had a bad month…"): the words it would change.
 */
export function AsOnThePage({
  page,
  name,
  children,
}: {
  page: keyof typeof testable;
  name: string;
  children: ReactNode;
}) {
  const words = currentWords(page, name);
  return (
    <FieldPlaceholder.Provider value={words === undefined ? undefined : `as on ${page}: ${words}`}>
      {children}
    </FieldPlaceholder.Provider>
  );
}

/** A variant's words field `name` ("hero.headline"): offered only when the test's page has it. */
export function variantWords(field: ComponentSchema, name: string): ComponentSchema {
  return around(field, (input, { value }) => (
    <OfThePage name={name} filled={typeof value === 'string' && value.trim() !== ''}>
      {input}
    </OfThePage>
  ));
}
