/**
 * The days a split test's verdict counts, recorded by the editor as a save of experiments.yaml
 * leaves (save.ts): `started` when Running is ticked, `ended` when it is unticked, and
 * `variantsChanged` when a running test's variants or their shares change (the Results then count
 * from that day, so every variant is compared over the same days). A day the owner typed in this
 * save is kept as typed. Text in, text out; the day is the editor's, in UTC (YYYY-MM-DD).
 */
import { isMap, isSeq, parse, parseDocument, type Document } from 'yaml';
import { YAML_STYLE } from './yaml-edit.ts';

interface Test {
  id?: unknown;
  running?: unknown;
  started?: unknown;
  variants?: { id?: unknown; weight?: unknown }[];
}

const testsOf = (data: unknown): Test[] => {
  const list = Array.isArray(data) ? data : (data as { experiments?: unknown } | null)?.experiments;
  return Array.isArray(list) ? (list as Test[]) : [];
};
const split = (test: Test) =>
  JSON.stringify((test.variants ?? []).map((variant) => [variant.id, variant.weight]));

/** `saved` with today's day set where a test was switched on or off, or its variants changed while running. */
export function stampTestDays(original: string | undefined, saved: string, today: string): string {
  const before = new Map(
    testsOf(original === undefined ? null : parse(original)).map((test) => [test.id, test]),
  );
  const document: Document = parseDocument(saved);
  const prefix = isSeq(document.contents) ? [] : ['experiments'];
  const tests = document.getIn(prefix);
  if (!isSeq(tests)) return saved;
  let changed = false;
  const set = (index: number, key: string, value: string | undefined) => {
    changed = true;
    if (value === undefined) document.deleteIn([...prefix, index, key]);
    else document.setIn([...prefix, index, key], value);
  };
  tests.items.forEach((item, index) => {
    if (!isMap(item)) return;
    const test = item.toJSON() as Test;
    const was = before.get(test.id);
    const ownDay = test.started !== undefined && test.started !== was?.started;
    if (test.running === true && was?.running !== true) {
      if (!ownDay) set(index, 'started', today);
      if (item.has('ended')) set(index, 'ended', undefined);
      if (item.has('variantsChanged')) set(index, 'variantsChanged', undefined);
    } else if (test.running !== true && was?.running === true) set(index, 'ended', today);
    else if (test.running === true && was && split(test) !== split(was)) set(index, 'variantsChanged', today);
  });
  return changed ? document.toString(YAML_STYLE) : saved;
}

/** Today in UTC, as the files write a day. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
