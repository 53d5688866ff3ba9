/**
 * Small saves. Keystatic writes a whole data file anew at each save, in its own YAML style (lines
 * wrapped at 80 characters, its own quoting): a one-word edit rewrote most of a file. Here what it
 * wrote is read as data and laid onto the file as it was, with the `yaml` package's Document API:
 * only the values that changed are written, in the file's own layout, with its comments and key
 * order, so a save is a diff of the lines the owner changed, and a change undone leaves none.
 */
import { isMap, isScalar, isSeq, parse, parseDocument, stringify, type Document, type Pair } from 'yaml';

/** How the data files are written (one line per value, single quotes where quoting is needed). */
export const YAML_STYLE = { lineWidth: 0, singleQuote: true } as const;

export function applyEdit(original: string, saved: string): string {
  const next: unknown = parse(saved);
  const document = parseDocument(original);
  if (document.errors.length > 0 || !isMap(document.contents)) return stringify(next, YAML_STYLE);
  document.contents = layOnto(document, document.contents, next) as typeof document.contents;
  return document.toString(YAML_STYLE);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

const keyOf = (pair: Pair): string => String(isScalar(pair.key) ? pair.key.value : pair.key);

/** `node` changed to hold `value`, keeping every part of it that already does. */
function layOnto(document: Document, node: unknown, value: unknown): unknown {
  if (isMap(node) && isRecord(value)) {
    const keys = Object.keys(value);
    node.items = node.items.filter((pair) => keys.includes(keyOf(pair)));
    keys.forEach((key, index) => {
      const pair = node.items.find((item) => keyOf(item) === key);
      if (pair) {
        pair.value = layOnto(document, pair.value, value[key]);
        return;
      }
      // A new key goes after the one before it in the saved order (a section's `hidden` leads it).
      const before = keys
        .slice(0, index)
        .reverse()
        .find((previous) => node.items.some((item) => keyOf(item) === previous));
      const at = before === undefined ? 0 : node.items.findIndex((item) => keyOf(item) === before) + 1;
      node.items.splice(at, 0, document.createPair(key, value[key]));
    });
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    node.items = value.map((item, index) =>
      index < node.items.length ? layOnto(document, node.items[index], item) : document.createNode(item),
    );
    // An empty list is written `[]`; once it holds maps, one value a line (as the guide shows them).
    if (node.flow && value.some((item) => isRecord(item) || Array.isArray(item))) node.flow = false;
    return node;
  }
  if (isScalar(node) && !isRecord(value) && !Array.isArray(value)) {
    if (node.value === value) return node;
    node.value = value;
    // Quoted or plain as the value needs, as a fresh file would have it: a change undone is no diff.
    delete node.type;
    return node;
  }
  return document.createNode(value);
}

/** A campaign page's file, as a save names it (src/content/campaigns/podcast.yaml). */
const CAMPAIGN_FILE = /^src\/content\/campaigns\/[\w-]+\.yaml$/;
/** The split tests' file. */
const EXPERIMENTS_FILE = 'src/content/experiments.yaml';

/** Whether `node` is an empty map or list (Keystatic writes `{}` and `[]` for a group left empty). */
const isEmpty = (node: unknown) => (isMap(node) || isSeq(node)) && node.items.length === 0;

/**
 * A save's file as it is written, saying only what it holds: a campaign page's without the empty
 * list Keystatic writes when it hides no section (`hide: []`) or the empty words of a page that
 * changes none (`fields: {}`); the split tests' without the empty words of a variant that has
 * none (the first, the page as written: `fields: {}`); any other file as saved.
 */
export function tidySave(path: string, text: string): string {
  const campaign = CAMPAIGN_FILE.test(path);
  if (!campaign && path !== EXPERIMENTS_FILE) return text;
  const document = parseDocument(text);
  const emptied: (string | number)[][] = [];
  if (campaign) {
    for (const key of ['hide', 'fields']) if (isEmpty(document.get(key))) emptied.push([key]);
  } else {
    const tests = document.get('experiments');
    (isSeq(tests) ? tests.items : []).forEach((test, at) => {
      const variants = isMap(test) ? test.get('variants') : undefined;
      (isSeq(variants) ? variants.items : []).forEach((variant, index) => {
        if (isMap(variant) && isEmpty(variant.get('fields')))
          emptied.push(['experiments', at, 'variants', index, 'fields']);
      });
    });
  }
  if (emptied.length === 0) return text;
  for (const at of emptied) document.deleteIn(at);
  return document.toString(YAML_STYLE);
}
