/**
 * The list of what stopped a Save, shown at the top of the form. Keystatic refuses a Save when a
 * field is wrong but shows the message only beside the field, and a field inside a list item sits
 * in a closed dialog: the owner would see nothing happen. Each of our fields records its refusal
 * here as Keystatic checks it; the summary (the first field of every form, so Keystatic checks it
 * first and it starts each round afresh) lists them by their labels once a Save has been refused.
 */
import type { BasicFormField, ComponentSchema, FormFieldInputProps } from '@keystatic/core';
import { Notice } from '@keystar/ui/notice';
import { Content } from '@keystar/ui/slots';
import { Heading, Text } from '@keystar/ui/typography';
import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Where a field sits, as the editor labels it: "The kit page → Hero", or inside a list's item,
 * the item by its position and title, as the round of checks reaches it ("Testimonials → On the
 * kit page → item 2, Tom Brennan"), then the labels inside the item.
 */
export type Where = string | ItemWhere;
interface ItemWhere {
  /** Where the list sits. */
  outer: Where;
  /** The list, by its labels from the form's top (one counter of items per list). */
  list: string;
  /** The labels inside the item, down to the field's parent. */
  inner?: string;
}

/** An item of a list as the round of checks met it: its position from 1 and its title. */
interface Item {
  index: number;
  title?: string;
}
const counted = new Map<string, number>();
const current = new Map<string, Item>();

/** A list's next item is being checked: the fields that follow are its own. */
export function startItem(list: string): void {
  const index = (counted.get(list) ?? 0) + 1;
  counted.set(list, index);
  current.set(list, { index });
  // A list inside this list's items counts afresh in each item.
  for (const inner of [...counted.keys()]) if (inner.startsWith(`${list} → `)) counted.delete(inner);
}

/** The title of the item being checked (its row's words). */
export function titleItem(list: string, title: string): void {
  const item = current.get(list);
  if (item && item.title === undefined && title) item.title = title;
}

/** `where` and a label under it. */
export function whereUnder(where: Where, label: string): Where {
  if (typeof where === 'string') return where ? `${where} → ${label}` : label;
  return { ...where, inner: where.inner ? `${where.inner} → ${label}` : label };
}

/** `where` in words, with the items it is inside as they are now (their titles may come later in the round). */
function capture(where: Where): () => string {
  if (typeof where === 'string') return () => where;
  const item = current.get(where.list) ?? { index: 0 };
  const outer = capture(where.outer);
  return () => {
    const row = `item ${item.index}${item.title ? `, ${item.title}` : ''}`;
    return [outer(), row, where.inner].filter(Boolean).join(' → ');
  };
}

const problems: { where: () => string; message: string }[] = [];
const listeners = new Set<() => void>();
const roundStarts = new Set<() => void>();

/** Calls `start` as Keystatic begins checking a whole form (not a list item's dialog alone). */
export function onFormCheck(start: () => void) {
  roundStarts.add(start);
}
let version = 0;
let notifying = false;

function changed() {
  version += 1;
  // Keystatic may check the form while React renders: tell the summary afterwards, once.
  if (notifying) return;
  notifying = true;
  queueMicrotask(() => {
    notifying = false;
    for (const listener of listeners) listener();
  });
}

/** `where`: down to the field's parent; `message` starts with the field's own label. */
export function recordProblem(where: Where, message: string) {
  problems.push({ where: capture(where), message });
  changed();
}

/** The problems of the last round, one a line, each once. */
function problemLines(): string[] {
  return [...new Set(problems.map(({ where, message }) => [where(), message].filter(Boolean).join(' → ')))];
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The words on the button that saves the form shown (Save, or Create on a new entry's form). */
function saveWords(): string {
  return document.querySelector('button[type="submit"][form]')?.textContent?.trim() || 'Save';
}

function Summary({ forceValidation }: FormFieldInputProps<null>) {
  const round = useSyncExternalStore(subscribe, () => version);
  const notice = useRef<HTMLDivElement>(null);
  const lines = problemLines();
  const shown = forceValidation && lines.length > 0;
  // Brought into view after each refused Save: the Save button is at the top, the form is long.
  useEffect(() => {
    if (shown) notice.current?.scrollIntoView({ block: 'center' });
  }, [shown, round]);
  if (!shown) return null;
  return (
    <div ref={notice}>
      <ProblemNotice
        heading={`Not saved: fix ${lines.length === 1 ? 'this field' : 'these fields'}, then press ${saveWords()} again`}
        lines={lines}
      />
    </div>
  );
}

/** A red notice: a heading and the problems, one a line (the Save summary, the split tests' rules). */
export function ProblemNotice({ heading, lines }: { heading: string; lines: readonly string[] }) {
  return (
    <Notice tone="critical">
      <Heading>{heading}</Heading>
      <Content>
        <ul>
          {lines.map((line) => (
            <li key={line}>
              <Text>{line}</Text>
            </li>
          ))}
        </ul>
      </Content>
    </Notice>
  );
}

/** The summary, as a form field that holds and writes nothing. */
export const saveProblems: BasicFormField<null> = {
  kind: 'form',
  label: 'Problems',
  Input: Summary,
  defaultValue: () => null,
  parse: () => null,
  serialize: () => ({ value: undefined }),
  validate(value) {
    // Checked first in every round of the whole form: the list starts again.
    problems.length = 0;
    counted.clear();
    current.clear();
    for (const start of roundStarts) start();
    changed();
    return value;
  },
  reader: { parse: () => null },
};

type FormLeaf = BasicFormField<object | string | number | boolean | null> & {
  validate: (value: unknown, ...rest: unknown[]) => unknown;
};

/**
 * `field`, noting each value Keystatic checks it with before checking it as before: how the rules
 * across fields (split tests', campaign pages') read a form's values. `form` names the form in the
 * error a missing field throws.
 */
export function noting(
  field: ComponentSchema | undefined,
  note: (value: unknown) => void,
  form: string,
): ComponentSchema {
  const leaf = field as FormLeaf | undefined;
  if (leaf?.kind !== 'form') throw new Error(`A ${form} field the rules read is missing from the form.`);
  return {
    ...leaf,
    validate(value: unknown, ...rest: unknown[]) {
      note(value);
      return leaf.validate(value, ...rest);
    },
  } as ComponentSchema;
}
