/**
 * The list of what stopped a Save, shown at the top of the form. Keystatic refuses a Save when a
 * field is wrong but shows the message only beside the field, and a field inside a list item sits
 * in a closed dialog: the owner would see nothing happen. Each of our fields records its refusal
 * here as Keystatic checks it; the summary (the first field of every form, so Keystatic checks it
 * first and it starts each round afresh) lists them by their labels once a Save has been refused.
 */
import type { BasicFormField, FormFieldInputProps } from '@keystatic/core';
import { Notice } from '@keystar/ui/notice';
import { Content } from '@keystar/ui/slots';
import { Heading, Text } from '@keystar/ui/typography';
import { useEffect, useRef, useSyncExternalStore } from 'react';

const problems = new Set<string>();
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

/** `where`: the labels down to the field's section ("The kit page → Hero"); `message` starts with the field's own label. */
export function recordProblem(where: string, message: string) {
  problems.add(where ? `${where} → ${message}` : message);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Summary({ forceValidation }: FormFieldInputProps<null>) {
  const round = useSyncExternalStore(subscribe, () => version);
  const notice = useRef<HTMLDivElement>(null);
  const shown = forceValidation && problems.size > 0;
  // Brought into view after each refused Save: the Save button is at the top, the form is long.
  useEffect(() => {
    if (shown) notice.current?.scrollIntoView({ block: 'center' });
  }, [shown, round]);
  if (!shown) return null;
  return (
    <div ref={notice}>
      <ProblemNotice
        heading={`Not saved: fix ${problems.size === 1 ? 'this field' : 'these fields'}, then press Save again`}
        lines={[...problems]}
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
    problems.clear();
    for (const start of roundStarts) start();
    changed();
    return value;
  },
  reader: { parse: () => null },
};
