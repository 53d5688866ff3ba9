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

/**
 * A save's file as it is written: a campaign page's without the empty list Keystatic writes when
 * it hides no section (`hide: []`), so its file says only what the page changes; any other as saved.
 */
export function tidySave(path: string, text: string): string {
  if (!CAMPAIGN_FILE.test(path)) return text;
  const document = parseDocument(text);
  const hide = document.get('hide');
  if (!isSeq(hide) || hide.items.length > 0) return text;
  document.delete('hide');
  return document.toString(YAML_STYLE);
}
